import 'server-only';
import { apiError, defineRoute, getPool, type ClientInfo } from '@/lib/server/platform';
import { limitSearch, maxResultsFor } from '@/lib/server/search';
import {
  enterpriseRecommendationFeedback,
  enterpriseRecommendationPage,
  type RecommendBody,
  type RecommendPage,
} from '@/lib/shared/ai/recommend.contract';
import {
  answersPortrait,
  pageRows,
  portraitView,
  rankByPortrait,
  RANK_CAP,
  tenantPortrait,
  type Portrait,
  type RankedCompany,
} from './recommend.service';

/** Today in China: ages are counted to it. */
function todayInChina(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * A tenant's ranking is kept per process (ADR 0203). When the tenant's leads, customers or
 * opportunities change (their counts and newest times are the version), or the ranking is older
 * than REFRESH_MS, pages keep being served from the kept ranking — less the companies that have
 * become leads, customers or 不感兴趣 since, checked on every page — while a new one is computed
 * in the background. Only a tenant's first page in a process (or after KEEP_MS) waits for the
 * computation; feedback recomputes before it answers, so the next page has learnt from it.
 */
const REFRESH_MS = 5 * 60_000;
const KEEP_MS = 60 * 60_000;
type Ranking = { portrait: Portrait; rows: RankedCompany[]; total: number };
type Cached = { key: string; at: number; job: Promise<Ranking>; next?: Promise<Ranking> };
const cache = new Map<number, Cached>();

async function versionOf(tenantId: number): Promise<string> {
  const { rows } = await getPool().query<{ v: string }>(
    `select concat_ws('|',
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from clues where tenant_id = $1 and deleted_at is null),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from customers where tenant_id = $1 and deleted_at is null),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from opportunities where tenant_id = $1)) v`,
    [tenantId],
  );
  return rows[0].v;
}

/** Forget a tenant's ranking (the bench's computed pages). */
export function forgetRanking(tenantId: number): void {
  cache.delete(tenantId);
}

function compute(tenantId: number, asOf: string, key: string): Cached {
  const job = (async () => {
    const portrait = await tenantPortrait(tenantId, asOf);
    const ranked = await rankByPortrait(portrait, { tenantId }, { asOf, limit: RANK_CAP });
    return { portrait, ...ranked };
  })();
  return { key, at: Date.now(), job };
}

/** Recomputes now and keeps the result (after feedback). */
export async function refreshRanking(tenantId: number, asOf = todayInChina()): Promise<void> {
  const key = `${asOf}|${await versionOf(tenantId)}`;
  const entry = compute(tenantId, asOf, key);
  cache.set(tenantId, entry);
  await entry.job.catch(() => cache.delete(tenantId));
}

async function tenantRanking(tenantId: number, asOf: string): Promise<Ranking> {
  const key = `${asOf}|${await versionOf(tenantId)}`;
  const hit = cache.get(tenantId);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < KEEP_MS && hit.key.startsWith(`${asOf}|`)) {
    if ((hit.key !== key || age >= REFRESH_MS) && !hit.next) {
      const entry = compute(tenantId, asOf, key);
      hit.next = entry.job;
      entry.job.then(
        () => {
          if (cache.get(tenantId) === hit) cache.set(tenantId, entry);
        },
        () => {
          hit.next = undefined;
        },
      );
    }
    const kept = await hit.job.catch(() => null);
    if (kept) return withoutExcluded(tenantId, kept);
  }
  if (cache.size > 500) cache.clear();
  const entry = compute(tenantId, asOf, key);
  cache.set(tenantId, entry);
  entry.job.catch(() => cache.delete(tenantId));
  return entry.job;
}

/** The kept ranking less the companies that became leads, customers or 不感兴趣 since. */
async function withoutExcluded(tenantId: number, r: Ranking): Promise<Ranking> {
  if (!r.rows.length) return r;
  const { rows } = await getPool().query<{ id: number }>(
    `with ids(id) as (select unnest($2::bigint[]))
     select ids.id::int from ids
      where exists (select 1 from clues c where c.tenant_id = $1 and c.enterprise_id = ids.id and c.deleted_at is null)
         or exists (select 1 from customers k where k.tenant_id = $1 and k.enterprise_id = ids.id and k.deleted_at is null)
         or exists (select 1 from recommendation_feedback f where f.tenant_id = $1 and f.enterprise_id = ids.id)`,
    [tenantId, r.rows.map((x) => x.id)],
  );
  if (!rows.length) return r;
  const gone = new Set(rows.map((x) => x.id));
  return {
    ...r,
    rows: r.rows.filter((x) => !gone.has(x.id)),
    total: Math.max(0, r.total - gone.size),
  };
}

/**
 * One page of 客户推荐 for a member: a search over the company data, so the search budget pays
 * for it and the edition's depth bounds the paging. A tenant without customers or leads gets its
 * portrait from the three cold-start answers, or an empty page that says so.
 */
export async function recommendationPage(
  body: RecommendBody,
  caller: { auth: { userId: number; tenantId: number }; client: ClientInfo },
): Promise<RecommendPage> {
  await limitSearch(caller.auth, caller.client);
  const maxResults = Math.min(RANK_CAP, await maxResultsFor(caller.auth));
  return rankingPage(caller.auth.tenantId, body, maxResults);
}

/** The page itself (the bench times this): the tenant's ranking, cut to the edition's depth. */
export async function rankingPage(
  tenantId: number,
  body: RecommendBody,
  maxResults: number,
  asOf = todayInChina(),
): Promise<RecommendPage> {
  let ranking = await tenantRanking(tenantId, asOf);
  if (ranking.portrait.source === 'none' && body.industries?.length) {
    const { portrait, sections } = answersPortrait({
      industries: body.industries,
      region: body.region,
      staffSize: body.staffSize,
    });
    const ranked = await rankByPortrait(
      portrait,
      { tenantId },
      { asOf, limit: maxResults, coldSections: sections },
    );
    ranking = { portrait, ...ranked };
  }
  const offset = (body.pageNo - 1) * body.pageSize;
  const slice = ranking.rows.slice(offset, Math.min(offset + body.pageSize, maxResults));
  const list = await pageRows(ranking.portrait, slice, offset + 1, asOf);
  const total = ranking.total;
  return {
    portrait: portraitView(ranking.portrait),
    total,
    list,
    pageNo: body.pageNo,
    pageSize: body.pageSize,
    maxResults,
    notice:
      offset >= maxResults && total > maxResults
        ? `当前版本最多查看前 ${maxResults} 家推荐企业，升级版本可查看更多`
        : null,
  };
}

/** 不感兴趣 (or its undo): stored per tenant; the ranking is recomputed on the next page. */
export async function recommendationFeedback(
  body: { entId: number; kind: 'dislike' | 'undo' },
  auth: { userId: number; tenantId: number },
): Promise<{ ok: boolean }> {
  const db = getPool();
  if (body.kind === 'undo') {
    await db.query(
      'delete from recommendation_feedback where tenant_id = $1 and enterprise_id = $2',
      [auth.tenantId, body.entId],
    );
  } else {
    const { rows } = await db.query(
      `insert into recommendation_feedback (tenant_id, enterprise_id, kind, user_id)
       select $1, e.id, 'dislike', $3 from enterprises e where e.id = $2
       on conflict (tenant_id, enterprise_id) do update set created_at = now()
       returning 1`,
      [auth.tenantId, body.entId, auth.userId],
    );
    if (!rows.length) throw apiError('NOT_FOUND');
  }
  await refreshRanking(auth.tenantId);
  return { ok: true };
}

export const recommendRoutes = [
  defineRoute(enterpriseRecommendationPage, ({ body, auth, client }) =>
    recommendationPage(body, { auth, client }),
  ),
  defineRoute(enterpriseRecommendationFeedback, ({ body, auth }) =>
    recommendationFeedback(body, auth),
  ),
];
