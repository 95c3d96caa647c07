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
 * A tenant's ranking is kept for a few minutes per process and recomputed at once when the
 * tenant's leads, customers or feedback change (their counts and newest times are the key).
 */
const CACHE_MS = 5 * 60_000;
type Cached = {
  key: string;
  at: number;
  job: Promise<{ portrait: Portrait; rows: RankedCompany[]; total: number }>;
};
const cache = new Map<number, Cached>();

async function versionOf(tenantId: number): Promise<string> {
  const { rows } = await getPool().query<{ v: string }>(
    `select concat_ws('|',
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from clues where tenant_id = $1 and deleted_at is null),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from customers where tenant_id = $1 and deleted_at is null),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from opportunities where tenant_id = $1),
       (select count(*) || ':' || coalesce(max(created_at)::text, '') from recommendation_feedback where tenant_id = $1)) v`,
    [tenantId],
  );
  return rows[0].v;
}

/** Forget a tenant's ranking (after its feedback). */
export function forgetRanking(tenantId: number): void {
  cache.delete(tenantId);
}

async function tenantRanking(tenantId: number, asOf: string) {
  const key = `${asOf}|${await versionOf(tenantId)}`;
  const hit = cache.get(tenantId);
  if (hit && hit.key === key && Date.now() - hit.at < CACHE_MS) return hit.job;
  if (cache.size > 500) cache.clear();
  const job = (async () => {
    const portrait = await tenantPortrait(tenantId, asOf);
    const ranked = await rankByPortrait(portrait, { tenantId }, { asOf, limit: RANK_CAP });
    return { portrait, ...ranked };
  })();
  cache.set(tenantId, { key, at: Date.now(), job });
  job.catch(() => cache.delete(tenantId));
  return job;
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
  forgetRanking(auth.tenantId);
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
