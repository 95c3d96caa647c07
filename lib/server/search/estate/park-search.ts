import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import type { LngLat } from '@/lib/shared/map/geo-shape';
import type { MapSearchRequest } from '@/lib/shared/map/map.contract';
import type { EnterpriseSearchQuery, EnterpriseSearchResult } from '@/lib/shared/search/types';
import { conditionOfFilters } from '@/lib/shared/search/advanced';
import { formatTotal } from '@/lib/shared/search/total-text';
import { searchByParkAddress } from '../advanced-search.service';
import { searchOnMap } from '../map/map-search.service';
import { loadEstate, searchEstates } from './estate.service';

const NO_FACETS = { region: [], industry: [], status: [], capitalBand: [], establishBand: [] };

/**
 * The top bar's park search (searchType=park, spec 2.4): the park record whose name best matches
 * the keyword, and the companies inside its outline (the map search's polygon query: box on the
 * geo index, then the exact test). Without a park of that name, the companies whose address
 * names it, as before park records existed, with a notice saying so.
 */
export async function searchByPark(
  query: EnterpriseSearchQuery,
  options: { maxResults: number; db?: pg.Pool },
): Promise<EnterpriseSearchResult & { park: { id: number; name: string } | null }> {
  const db = options.db ?? getPool();
  const found = await searchEstates(
    { keyword: query.keyword, kind: 'park', pageNo: 1, pageSize: 1 },
    db,
  );
  const best = found.list[0];
  if (!best) {
    const r = await searchByParkAddress(query, options);
    return {
      ...r,
      notice: r.notice ?? `未找到名为「${query.keyword}」的园区，已按注册地址中的园区名查找`,
      park: null,
    };
  }
  const park = await loadEstate(best.id, db);
  // The results page's quick filters narrow the park's companies like any other search.
  const request: MapSearchRequest = {
    ...conditionOfFilters(query.filters),
    shape: { kind: 'polygon', points: park.ring as LngLat[] },
    sort: query.sort,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
  const r = await searchOnMap(request, { ...options, db });
  return {
    list: r.list.map(({ lng: _lng, lat: _lat, distanceKm: _d, ...hit }) => hit),
    total: r.total,
    totalCapped: r.totalCapped,
    totalText: formatTotal(r.total, r.totalCapped),
    pageNo: r.pageNo,
    pageSize: r.pageSize,
    maxResults: r.maxResults,
    facets: NO_FACETS,
    notice: r.notice ?? `「${park.name}」园区内的企业（按园区轮廓查找）`,
    tookMs: r.tookMs,
    park: { id: park.id, name: park.name },
  };
}
