import type pg from 'pg';
import { getPool, type Periodic, startPeriodic } from '@/lib/server/platform';
import { industryName } from '@/lib/shared/industry/industries';
import type { Bounds, LngLat } from '@/lib/shared/map/geo-shape';
import { ESTATE_SIZE_KEYS } from '@/lib/shared/park/estate';
import type { Occupancy } from '@/lib/shared/park/estate.contract';
import { SqlParams } from '../search-sql';
import { boxSql, polygonHoldsSql } from '../map/map-shape-sql';

/*
 * Who is inside a park or building (ADR 0201). The outline's box goes to the companies' GiST geo
 * index (migration 0038, ADR 0185), which returns only the box's companies; PostgreSQL's own
 * `polygon @> point` then keeps those exactly inside. No query reads more than the box.
 * The exact test runs in micro-degrees (polygonHoldsSql says why).
 */

export type EstateShape = { ring: LngLat[]; bounds: Bounds };

/** The condition "company e lies inside the outline" (box first, then the exact test). */
export function insideSql(p: SqlParams, shape: EstateShape): string {
  return `(${boxSql(p, shape.bounds)} and ${polygonHoldsSql(p, shape.ring)})`;
}

/** Counts by industry section and staff size, as stored in estates.occupancy. */
export type OccupancyCounts = {
  industries: Record<string, number>;
  sizes: Record<string, number>;
};

const UNKNOWN = '未知';

export async function countOccupancy(
  db: pg.Pool | pg.PoolClient,
  shape: EstateShape,
): Promise<{ total: number; counts: OccupancyCounts }> {
  const p = new SqlParams();
  const { rows } = await db.query<{ s: string | null; z: string | null; n: number }>(
    `select e.industry_section s, e.staff_size z, count(*)::int n
       from enterprises e where ${insideSql(p, shape)} group by 1, 2`,
    p.values,
  );
  const counts: OccupancyCounts = { industries: {}, sizes: {} };
  let total = 0;
  for (const r of rows) {
    total += r.n;
    const s = r.s ?? UNKNOWN;
    const z = r.z && ESTATE_SIZE_KEYS.includes(r.z) ? r.z : UNKNOWN;
    counts.industries[s] = (counts.industries[s] ?? 0) + r.n;
    counts.sizes[z] = (counts.sizes[z] ?? 0) + r.n;
  }
  return { total, counts };
}

/** Stored counts as the API's lists (largest industry first; sizes in band order). */
export function occupancyView(total: number, counts: OccupancyCounts, tookMs: number): Occupancy {
  return {
    total,
    industries: Object.entries(counts.industries)
      .map(([key, count]) => ({
        key,
        label: key === UNKNOWN ? UNKNOWN : industryName(key) || key,
        count,
      }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    sizes: ESTATE_SIZE_KEYS.filter((k) => counts.sizes[k]).map((key) => ({
      key,
      label: key,
      count: counts.sizes[key],
    })),
    tookMs,
  };
}

type StoredRow = {
  id: number;
  ring: LngLat[];
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
};

export const shapeOf = (r: StoredRow): EstateShape => ({
  ring: r.ring,
  bounds: [r.min_lng, r.min_lat, r.max_lng, r.max_lat],
});

/**
 * Counts the companies of the given estates (all when `ids` is omitted) and stores the counts,
 * which recommendations read without touching the companies. Run after the seed and an import.
 */
export async function refreshOccupancy(db: pg.Pool, ids?: readonly number[]): Promise<number> {
  const { rows } = await db.query<StoredRow>(
    `select id::int id, ring, min_lng, min_lat, max_lng, max_lat from estates
      ${ids ? 'where id = any($1::bigint[])' : ''} order by id`,
    ids ? [ids] : [],
  );
  for (const r of rows) {
    const { total, counts } = await countOccupancy(db, shapeOf(r));
    await storeOccupancy(db, r.id, total, counts);
  }
  return rows.length;
}

export async function storeOccupancy(
  db: pg.Pool | pg.PoolClient,
  id: number,
  total: number,
  counts: OccupancyCounts,
): Promise<void> {
  await db.query(
    `update estates set occupancy = $2, company_count = $3, occupancy_at = now() where id = $1`,
    [id, JSON.stringify(counts), total],
  );
}

/** Stored counts older than this are counted again (companies move, open and close). */
export const RECOUNT_AFTER_HOURS = 24;
/** At most this many estates per run: a run stays short even with thousands of parks. */
export const RECOUNT_BATCH = 50;

/**
 * Counts again the estates whose stored counts are the stalest (never counted first), at most
 * `limit` of them. Each is claimed by stamping `occupancy_at` in one statement with SKIP LOCKED,
 * so instances running this at once share the work instead of repeating it.
 */
export async function recountStaleEstates(
  db: pg.Pool,
  opts: { olderThanHours?: number; limit?: number } = {},
): Promise<number> {
  const { rows } = await db.query<StoredRow>(
    `update estates s set occupancy_at = now()
       from (select id from estates
              where occupancy_at is null or occupancy_at < now() - make_interval(hours => $1)
              order by occupancy_at nulls first, id limit $2
              for update skip locked) stale
      where s.id = stale.id
      returning s.id::int id, s.ring, s.min_lng, s.min_lat, s.max_lng, s.max_lat`,
    [opts.olderThanHours ?? RECOUNT_AFTER_HOURS, opts.limit ?? RECOUNT_BATCH],
  );
  for (const r of rows) {
    const { total, counts } = await countOccupancy(db, shapeOf(r));
    await storeOccupancy(db, r.id, total, counts);
  }
  return rows.length;
}

/** For server.ts: keeps the stored park and building counts at most a day old (hourly runs). */
export function startEstateRecountSchedule(opts: { everyMs?: number } = {}): Periodic {
  return startPeriodic({
    part: 'estate',
    what: 'park recount',
    run: () => recountStaleEstates(getPool()),
    firstAfterMs: 5 * 60_000,
    everyMs: opts.everyMs ?? 3600_000,
  });
}
