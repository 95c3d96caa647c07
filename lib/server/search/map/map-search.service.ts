import 'server-only';
import { limitedPaging } from '@/lib/shared/search/result-limit';
import type pg from 'pg';
import { apiError, getReadPool, TtlCache } from '@/lib/server/platform';
import { getChildren, getRegion } from '@/lib/shared/geo';
import { highlightKeyword, type AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { MATCH_CAP } from '@/lib/shared/search/filters';
import type { LngLat, MapShape } from '@/lib/shared/map/geo-shape';
import {
  CLUSTER_CELLS_ACROSS,
  UNPLACED_LIST_MAX,
  type MapPointsRequest,
  type MapPointsResult,
  type MapSearchRequest,
  type MapSearchResult,
  type RegionCountsRequest,
  type RegionCountsResult,
  type Unplaced,
} from '@/lib/shared/map/map.contract';
import { compileAdvancedCondition, orgTypeValues } from '../advanced-search.service';
import { loadHits } from '../search-hits';
import { anyOf, SqlParams } from '../search-sql';
import { boxSql, distanceSql, shapeSql, unplacedRegionCodes } from './map-shape-sql';

/*
 * Map prospecting queries (issue 30 items 3-4, ADR 0185). Each one is bounded: a circle or a
 * polygon reads its box from the GiST index, a view of points is at most POINTS_MAX_SPAN_DEG wide
 * (the contract), and region counts of a whole country are cached.
 */

const ORDER: Record<Exclude<MapSearchRequest['sort'], 'distance'>, string> = {
  relevance: 'e.weight desc, e.id',
  capitalDesc: 'e.reg_capital desc nulls last, e.id',
  capitalAsc: 'e.reg_capital asc nulls last, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.id',
  dateAsc: 'e.establish_date asc nulls last, e.id',
};

/** The statement timed out: a clear message instead of a 500. */
async function bounded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '57014')
      throw apiError('SEARCH_KEYWORD_INVALID', {
        reason: '查询超时，请缩小地图范围或增加筛选条件后重试',
      });
    throw err;
  }
}

async function conditionSql(
  db: pg.Pool,
  p: SqlParams,
  condition: AdvancedSearchCondition,
): Promise<string> {
  return compileAdvancedCondition(p, condition, await orgTypeValues(db, condition));
}

function originOf(req: MapSearchRequest): LngLat | null {
  if (req.origin) return req.origin as LngLat;
  return req.shape.kind === 'radius' ? (req.shape.center as LngLat) : null;
}

/** Companies in the shape, one page, with distances and the unplaced ones apart. */
export async function searchOnMap(
  req: MapSearchRequest,
  options: { maxResults: number; db?: pg.Pool },
): Promise<MapSearchResult> {
  const started = Date.now();
  const db = options.db ?? getReadPool();
  const offset = (req.pageNo - 1) * req.pageSize;
  const limit = Math.max(0, Math.min(req.pageSize, options.maxResults - offset));
  const origin = originOf(req);
  const sort = req.sort === 'distance' && !origin ? 'relevance' : req.sort;

  const p = new SqlParams();
  const where = `${shapeSql(p, req.shape)} and ${await conditionSql(db, p, req)}`;
  // The page has parameters of its own. A circle measured from its own centre computes the
  // distance once, in the select list, and its exact test filters on that: `offset 0` keeps the
  // planner from pulling the filter into the scan, where it computed the distance a second time.
  const q = new SqlParams();
  const ownCentre = req.shape.kind === 'radius' && !req.origin;
  const pageWhere = `${shapeSql(q, req.shape, !ownCentre)} and ${await conditionSql(db, q, req)}`;
  const dist = origin ? distanceSql(q, origin) : 'null::float8';
  const within =
    req.shape.kind === 'radius' && ownCentre
      ? `where distance <= ${q.add(req.shape.radiusKm)}`
      : '';
  const order = (sort === 'distance' ? 'distance, e.weight desc, e.id' : ORDER[sort]).replace(
    /\be\./g,
    'm.',
  );
  type PageRow = { id: number; lng: number; lat: number; distance: number | null; n?: number };
  const countAll = async () =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from enterprises e where ${where} limit ${MATCH_CAP + 1}) x`,
        p.values,
      )
    ).rows[0]?.n ?? 0;
  // A circle or a polygon is read from its box in the index once: the page and the count come
  // from the same scan (every match is sorted anyway). A region walks its weight-ordered indexes
  // for the page and counts apart, up to the cap.
  const together = req.shape.kind !== 'region';
  const readPage = async () =>
    limit > 0
      ? (
          await db.query<PageRow>(
            `select m.id::int as id, m.lng, m.lat, m.distance
                    ${together ? ', count(*) over ()::int as n' : ''}
               from (select e.id, e.lng, e.lat, e.weight, e.reg_capital, e.establish_date,
                            ${dist} as distance
                       from enterprises e where ${pageWhere} ${within ? 'offset 0' : ''}) m ${within}
              order by ${order} limit ${limit} offset ${offset}`,
            q.values,
          )
        ).rows
      : [];

  return bounded(async () => {
    const [rows, counted, unplaced] = await Promise.all([
      readPage(),
      together ? Promise.resolve(null) : countAll(),
      unplacedOf(db, req.shape, req),
    ]);
    const page = { rows };
    const n = counted ?? rows[0]?.n ?? (offset > 0 || limit === 0 ? await countAll() : 0);
    const hits = await loadHits(
      db,
      page.rows.map((r) => r.id),
      highlightKeyword(req),
    );
    const at = new Map(page.rows.map((r) => [r.id, r]));
    return {
      total: Math.min(n, MATCH_CAP),
      totalCapped: n > MATCH_CAP,
      list: hits.map((h) => {
        const r = at.get(h.id)!;
        return {
          ...h,
          lng: r.lng,
          lat: r.lat,
          distanceKm: r.distance === null ? null : Math.round(r.distance * 100) / 100,
        };
      }),
      ...limitedPaging(req, options.maxResults, offset),
      unplaced,
      tookMs: Date.now() - started,
    };
  });
}

/** Companies matching the conditions in the shape's districts whose position is not known. */
async function unplacedOf(
  db: pg.Pool,
  shape: MapShape,
  condition: AdvancedSearchCondition,
): Promise<Unplaced> {
  const codes = unplacedRegionCodes(shape);
  if (codes.length === 0) return { total: 0, list: [] };
  const p = new SqlParams();
  const byLevel = new Map<number, string[]>();
  for (const c of codes) {
    const level = getRegion(c)!.level;
    byLevel.set(level, [...(byLevel.get(level) ?? []), c]);
  }
  const column = { 1: 'e.province_code', 2: 'e.city_code', 3: 'e.district_code' } as const;
  const inRegions = [...byLevel]
    .map(([level, list]) => anyOf(p, column[level as 1 | 2 | 3], list))
    .join(' or ');
  // The provinces first: the leading column of the partial index of unplaced companies
  // (migration 0038), so this reads those few rows, never the region's placed ones.
  const provinces = [...new Set(codes.map((c) => `${c.slice(0, 2)}0000`))];
  const where = `(e.lng is null or e.lat is null) and ${anyOf(p, 'e.province_code', provinces)}
    and (${inRegions}) and ${await conditionSql(db, p, condition)}`;
  const { rows } = await db.query<{ id: number; name: string; address: string | null; n: number }>(
    `select e.id::int as id, e.name, e.address, count(*) over ()::int as n
       from enterprises e where ${where} order by e.weight desc, e.id limit ${UNPLACED_LIST_MAX}`,
    p.values,
  );
  return {
    total: rows[0]?.n ?? 0,
    list: rows.map(({ id, name, address }) => ({ id, name, address })),
  };
}

/** Clustered points of a view: a grid of about CLUSTER_CELLS_ACROSS cells across. */
export async function mapPointsOf(
  req: MapPointsRequest,
  options: { db?: pg.Pool } = {},
): Promise<MapPointsResult> {
  const started = Date.now();
  const db = options.db ?? getReadPool();
  const [w, s, e, n] = req.bounds;
  const cell = Math.max(e - w, n - s) / CLUSTER_CELLS_ACROSS;
  const p = new SqlParams();
  const parts = [boxSql(p, [w, s, e, n])];
  if (req.shape) parts.push(shapeSql(p, req.shape));
  parts.push(await conditionSql(db, p, req));
  const c = p.add(cell);
  return bounded(async () => {
    const { rows } = await db.query<{
      lng: number;
      lat: number;
      count: number;
      id: number;
      name: string | null;
    }>(
      `with g as (
         select floor(e.lng / ${c}::float8) as gx, floor(e.lat / ${c}::float8) as gy,
                count(*)::int as count, avg(e.lng) as lng, avg(e.lat) as lat, min(e.id)::int as id
           from enterprises e where ${parts.join(' and ')} group by 1, 2)
       select g.lng, g.lat, g.count, g.id, case when g.count = 1 then x.name end as name
         from g left join enterprises x on x.id = g.id and g.count = 1`,
      p.values,
    );
    return {
      clusters: rows.map((r) => ({
        lng: Math.round(r.lng * 1e5) / 1e5,
        lat: Math.round(r.lat * 1e5) / 1e5,
        count: r.count,
        id: r.count === 1 ? r.id : null,
        name: r.count === 1 ? r.name : null,
      })),
      total: rows.reduce((sum, r) => sum + r.count, 0),
      cellDeg: cell,
      tookMs: Date.now() - started,
    };
  });
}

/** National (and province) counts are asked for again and again: kept a minute. */
const regionCountCache = new TtlCache<RegionCountsResult>(60_000, 500);

/** Companies per child region of `parentCode` ('' = the provinces), with conditions and shape. */
export async function regionCountsOf(
  req: RegionCountsRequest,
  options: { db?: pg.Pool } = {},
): Promise<RegionCountsResult> {
  const parent = req.parentCode ? getRegion(req.parentCode) : null;
  if (req.parentCode && (!parent || parent.level === 3))
    throw apiError('SEARCH_KEYWORD_INVALID', { reason: '该地区没有下级地区' });
  const key = JSON.stringify([req.parentCode, req.logic, req.groups, req.shape ?? null]);
  return regionCountCache.get(key, () => countRegions(req, parent?.level ?? 0, options.db));
}

async function countRegions(
  req: RegionCountsRequest,
  parentLevel: number,
  pool?: pg.Pool,
): Promise<RegionCountsResult> {
  const started = Date.now();
  const db = pool ?? getReadPool();
  const column = ['e.province_code', 'e.city_code', 'e.district_code'][parentLevel];
  const p = new SqlParams();
  const parts: string[] = [];
  if (req.parentCode)
    parts.push(anyOf(p, parentLevel === 1 ? 'e.province_code' : 'e.city_code', [req.parentCode]));
  if (req.shape) parts.push(shapeSql(p, req.shape));
  parts.push(await conditionSql(db, p, req));
  const { rows } = await bounded(() =>
    db.query<{ code: string | null; n: number }>(
      `select ${column} as code, count(*)::int as n from enterprises e
        where ${parts.join(' and ')} group by 1`,
      p.values,
    ),
  );
  const counts = new Map(rows.map((r) => [r.code ?? '', r.n]));
  const regions = getChildren(req.parentCode || null).map((r) => ({
    code: r.code,
    name: r.name,
    count: counts.get(r.code) ?? 0,
    lng: r.lng,
    lat: r.lat,
  }));
  return {
    parentCode: req.parentCode,
    regions,
    total: rows.reduce((sum, r) => sum + r.n, 0),
    tookMs: Date.now() - started,
  };
}
