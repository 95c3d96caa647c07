import 'server-only';
import type pg from 'pg';
import { ApiError, getReadPool } from '@/lib/server/platform';
import {
  MAP_GET_CUSTOMER_LIST_SIZE,
  mapGetCustomerCondition,
  type MapGetCustomerQuery,
} from '@/lib/shared/map/map-get-customer';
import type { RegionCount } from '@/lib/shared/map/map.contract';
import { getRegion } from '@/lib/shared/geo';
import { highlightKeyword } from '@/lib/shared/search/advanced';
import { advancedIds } from '../advanced-search.service';
import { loadHits } from '../search-hits';
import { regionCountsOf } from './map-search.service';

/** A company as the open map page lists it: where and what, never how to reach it. */
export type MapGetCustomerCompany = {
  id: number;
  name: string;
  uncid: string;
  region: string;
  industry: string;
  establishDate: string | null;
};

export type MapGetCustomerView =
  | {
      ok: true;
      /** Per child region of the query's region ('' → provinces), for the map and the list. */
      regions: RegionCount[];
      /** Matching companies in the region. */
      total: number;
      companies: MapGetCustomerCompany[];
    }
  | { ok: false; message: string };

/**
 * The data of /mapGetCustomer: counts per region (cached a minute, like the map page's) and the
 * first companies, from the same conditions. A query the database gives up on (timeout) is a
 * message on the page, not an error page.
 */
export async function mapGetCustomerView(
  query: MapGetCustomerQuery,
  options: { db?: pg.Pool } = {},
): Promise<MapGetCustomerView> {
  try {
    const db = options.db ?? getReadPool();
    const listed = mapGetCustomerCondition(query, true);
    // A district has no regions below it: its row among its city's counts (the same cached count).
    const district = getRegion(query.region)?.level === 3 ? getRegion(query.region) : undefined;
    // The region's total is the counts' own sum (every matching row is grouped there): no second
    // count of the same rows for the list, which needs only its first ids.
    const [grouped, ids] = await Promise.all([
      regionCountsOf(
        {
          parentCode: district?.parentCode ?? query.region,
          ...mapGetCustomerCondition(query, false),
        },
        { db },
      ),
      advancedIds(listed, 'relevance', 0, MAP_GET_CUSTOMER_LIST_SIZE, db),
    ]);
    const counts = district
      ? (() => {
          const regions = grouped.regions.filter((r) => r.code === district.code);
          return { regions, total: regions.reduce((n, r) => n + r.count, 0) };
        })()
      : grouped;
    const hits = await loadHits(db, ids, highlightKeyword(listed));
    return {
      ok: true,
      regions: counts.regions,
      total: counts.total,
      companies: hits.map((hit) => ({
        id: hit.id,
        name: hit.name,
        uncid: hit.uncid,
        region: [hit.provinceName, hit.cityName === hit.provinceName ? '' : hit.cityName]
          .filter(Boolean)
          .join(' '),
        industry: hit.industryName,
        establishDate: hit.establishDate,
      })),
    };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.msg };
    throw err;
  }
}
