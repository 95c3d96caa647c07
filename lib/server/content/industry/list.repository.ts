import 'server-only';
import type pg from 'pg';
import { withTransaction } from '@/lib/server/platform';
import { advancedIds } from '@/lib/server/search';
import {
  advancedSearchConditionSchema,
  type AdvancedSearchCondition,
} from '@/lib/shared/search/advanced';
import { SORT_OPTIONS, type SortKey } from '@/lib/shared/search/filters';
import { LIST_MEMBER_CAP } from '@/lib/shared/industry/lists';

/** A stored list definition (migration 0039). */
export type ListDefinition = {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  source: 'condition' | 'roster';
  condition: AdvancedSearchCondition | null;
  sort: SortKey;
  topN: number | null;
  publisher: string | null;
  memberCount: number;
  membersCapped: boolean;
  refreshedAt: Date | null;
};

type ListRowDb = {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  source: 'condition' | 'roster';
  condition: unknown;
  sort: string;
  top_n: number | null;
  publisher: string | null;
  member_count: number;
  members_capped: boolean;
  refreshed_at: Date | null;
};

const LIST_COLUMNS = `id, slug, name, description, category, source, condition, sort, top_n, publisher,
  member_count, members_capped, refreshed_at`;

function toDefinition(r: ListRowDb): ListDefinition {
  // A stored condition is read through the advanced-search schema: one that no longer parses
  // (a field renamed since) matches nothing rather than everything.
  const parsed = r.condition === null ? null : advancedSearchConditionSchema.safeParse(r.condition);
  const sort = SORT_OPTIONS.some((o) => o.key === r.sort) ? (r.sort as SortKey) : 'relevance';
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    source: r.source,
    condition: parsed === null ? null : parsed.success ? parsed.data : null,
    sort,
    topN: r.top_n,
    publisher: r.publisher,
    memberCount: r.member_count,
    membersCapped: r.members_capped,
    refreshedAt: r.refreshed_at,
  };
}

export async function readLists(db: pg.Pool, slugs?: readonly string[]): Promise<ListDefinition[]> {
  const { rows } = slugs
    ? await db.query<ListRowDb>(
        `select ${LIST_COLUMNS} from industry_lists where slug = any($1::text[])
         order by array_position($1::text[], slug)`,
        [slugs],
      )
    : await db.query<ListRowDb>(`select ${LIST_COLUMNS} from industry_lists order by position, id`);
  return rows.map(toDefinition);
}

export async function readList(db: pg.Pool, slug: string): Promise<ListDefinition | null> {
  return (await readLists(db, [slug]))[0] ?? null;
}

/** Roster order: the definition's sort on the companies found, else their weight. */
const ROSTER_ORDER: Partial<Record<SortKey, string>> = {
  capitalDesc: 'e.reg_capital desc nulls last, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.id',
};

/** Company ids of a definition in rank order, one past the kept number (to tell "capped"). */
async function memberIds(db: pg.Pool, def: ListDefinition, keep: number): Promise<number[]> {
  if (def.source === 'condition') {
    if (!def.condition) return [];
    return advancedIds(def.condition, def.sort, 0, keep + 1, db);
  }
  const { rows } = await db.query<{ id: number }>(
    `select e.id::int as id from industry_list_roster r join enterprises e on e.uncid = r.uncid
     where r.list_id = $1 order by ${ROSTER_ORDER[def.sort] ?? 'e.weight desc, e.id'} limit $2`,
    [def.id, keep + 1],
  );
  return rows.map((r) => r.id);
}

/**
 * Recomputes a list's members: the definition's matches in rank order, at most the list's top N
 * or LIST_MEMBER_CAP, replacing the previous members in one transaction (readers see the old
 * members or the new, never a mix). An advisory lock keeps two instances from interleaving.
 */
export async function recomputeMembers(
  db: pg.Pool,
  def: ListDefinition,
): Promise<{ memberCount: number; membersCapped: boolean }> {
  const keep = Math.min(def.topN ?? LIST_MEMBER_CAP, LIST_MEMBER_CAP);
  const found = await memberIds(db, def, keep);
  const ids = found.slice(0, keep);
  const membersCapped = def.topN === null && found.length > keep;
  await withTransaction(db, async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('industry_list_members'), $1)`, [def.id]);
    await tx.query('delete from industry_list_members where list_id = $1', [def.id]);
    await tx.query(
      `insert into industry_list_members (list_id, rank, enterprise_id, province_code, industry_section)
       select $1, t.ord, e.id, e.province_code, e.industry_section
       from unnest($2::bigint[]) with ordinality as t(id, ord) join enterprises e on e.id = t.id`,
      [def.id, ids],
    );
    await tx.query(
      `update industry_lists set member_count = $2, members_capped = $3, refreshed_at = now()
       where id = $1`,
      [def.id, ids.length, membersCapped],
    );
  });
  return { memberCount: ids.length, membersCapped };
}
