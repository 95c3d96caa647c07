import 'server-only';
import { apiError, defineRoute, type ClientInfo } from '@/lib/server/platform';
import { limitSearch, maxResultsFor } from '@/lib/server/search';
import { limitedPaging } from '@/lib/shared/search/result-limit';
import { industryMerchantsPage } from '@/lib/shared/industry/industry.contract';
import {
  merchantsTarget,
  type MerchantsPage,
  type MerchantsQuery,
} from '@/lib/shared/industry/merchants';
import { merchantsSubject, rankMerchants } from './merchants.service';

/** Today in China: the ranking reads every record dated before it. */
function todayInChina(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * One page of 产业招商 for a member: a search over the company data, so the search budget pays for
 * it and the edition's depth bounds the paging (as company search). An unknown region or industry
 * is answered with a message that names it.
 */
export async function getMerchantsPage(
  q: MerchantsQuery,
  caller: { auth: { userId: number; tenantId: number }; client: ClientInfo },
): Promise<MerchantsPage> {
  const target = merchantsTarget(q);
  if ('error' in target) throw apiError('SEARCH_KEYWORD_INVALID', { reason: target.error });
  await limitSearch(caller.auth, caller.client);
  const maxResults = await maxResultsFor(caller.auth);
  const offset = (q.pageNo - 1) * q.pageSize;
  const limit = Math.max(0, Math.min(q.pageSize, maxResults - offset));
  const asOf = todayInChina();
  const ranked = await rankMerchants(
    { ...target, asOf, signals: q.signals, origin: q.origin },
    // Beyond the edition's depth: no rows, but the first one still tells the total.
    { limit: Math.max(limit, 1), offset: limit > 0 ? offset : 0 },
  );
  return {
    region: { code: target.region.code, name: target.region.name },
    subject: merchantsSubject(target.subject),
    asOf,
    total: ranked.total,
    rows: limit > 0 ? ranked.rows : [],
    ...limitedPaging(q, maxResults, offset),
  };
}

export const merchantsRoutes = [
  defineRoute(industryMerchantsPage, ({ query, auth, client }) =>
    getMerchantsPage(query, { auth, client }),
  ),
];
