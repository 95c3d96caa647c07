import 'server-only';
import { getPool, apiError } from '@/lib/server/platform';
import type { EnterpriseSuggestion } from '@/lib/shared/search/search.contract';

/*
 * Marks (spec 7.3 mark keyword / mark enterprise): what signed-in users pick from searches. One
 * row per user and keyword, or per user, company and the keyword it was found by, counted up on
 * every repeat (table search_marks).
 */

/** Who marks: the signed-in user and their tenant, if any. */
export type MarkOwner = { userId: number; tenantId: number | null };

/** Counts one search of `keyword` (already normalised, not empty) by the user. */
export async function markKeyword(owner: MarkOwner, keyword: string): Promise<true> {
  await getPool().query(
    `insert into search_marks (user_id, tenant_id, kind, keyword) values ($1, $2, 'keyword', $3)
     on conflict (user_id, keyword) where kind = 'keyword'
     do update set count = search_marks.count + 1, tenant_id = excluded.tenant_id, last_marked_at = now()`,
    [owner.userId, owner.tenantId, keyword],
  );
  return true;
}

/**
 * Counts one opening of company `entId` from a search (`keyword`: what it was found by, '' when
 * unknown). An unknown company → ENTERPRISE_NOT_EXISTS.
 */
export async function markEnterprise(owner: MarkOwner, entId: number, keyword = ''): Promise<true> {
  const r = await getPool().query(
    `insert into search_marks (user_id, tenant_id, kind, keyword, enterprise_id)
     select $1, $2, 'enterprise', $3, e.id from enterprises e where e.id = $4
     on conflict (user_id, enterprise_id, keyword) where kind = 'enterprise'
     do update set count = search_marks.count + 1, tenant_id = excluded.tenant_id, last_marked_at = now()`,
    [owner.userId, owner.tenantId, keyword, entId],
  );
  if (!r.rowCount) throw apiError('ENTERPRISE_NOT_EXISTS');
  return true;
}

/** A company the user opened from searches, how often and when last (epoch ms). */
export type MarkedEnterprise = EnterpriseSuggestion & { marks: number; lastMarkTime: number };

/**
 * The companies the user opened most often from searches (whatever keyword found them), most
 * often first, then the latest; companies no longer in the corpus are left out.
 */
export async function mostMarkedEnterprises(
  userId: number,
  limit = 10,
): Promise<MarkedEnterprise[]> {
  const { rows } = await getPool().query<MarkedEnterprise>(
    `select e.id::int as ent_id, e.name as entname, e.uncid, sum(m.count)::int as marks,
        (extract(epoch from max(m.last_marked_at)) * 1000)::float8 as "lastMarkTime"
       from search_marks m join enterprises e on e.id = m.enterprise_id
      where m.user_id = $1 and m.kind = 'enterprise'
      group by e.id
      order by marks desc, "lastMarkTime" desc, e.id
      limit $2`,
    [userId, limit],
  );
  return rows;
}

/** A keyword's popularity: how many users searched it and how often in all. */
export type PopularKeyword = { keyword: string; users: number; marks: number };

/**
 * Keywords searched by the most users since `since` (then by searches in all), for "popular"
 * ordering: counting users first keeps one user's repeats from pushing a keyword up.
 */
export async function popularKeywords(
  options: { limit?: number; since?: Date } = {},
): Promise<PopularKeyword[]> {
  const { rows } = await getPool().query<PopularKeyword>(
    `select keyword, count(*)::int as users, sum(count)::int as marks
       from search_marks
      where kind = 'keyword' and ($1::timestamptz is null or last_marked_at >= $1)
      group by keyword
      order by users desc, marks desc, keyword
      limit $2`,
    [options.since?.toISOString() ?? null, options.limit ?? 10],
  );
  return rows;
}
