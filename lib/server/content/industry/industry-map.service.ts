import 'server-only';
import type pg from 'pg';
import { getPool, partLogger } from '@/lib/server/platform';
import { getChildren, getRegion, regionName } from '@/lib/shared/geo';
import {
  INDUSTRY_MAP_LEADERS,
  INDUSTRY_MAP_STALE_MS,
  INDUSTRY_MAP_YEARS,
  subjectFilter,
  type IndustryMapQuery,
  type IndustryMapStats,
} from '@/lib/shared/industry/industry-map';
import { CAPITAL_BANDS } from '@/lib/shared/search/filters';

type Stored = Omit<IndustryMapStats, 'refreshedAt'>;

/** The rows of a (subject, region): the subject's codes, inside the region when one is chosen. */
function whereOf(query: IndustryMapQuery): { sql: string; values: unknown[] } {
  const { column, codes } = subjectFilter(query.subject);
  const values: unknown[] = [codes];
  let sql = `e.${column} = any($1::text[])`;
  const region = query.region ? getRegion(query.region) : undefined;
  if (region) {
    values.push(region.code);
    sql += ` and e.${region.level === 1 ? 'province_code' : 'city_code'} = $2`;
  }
  return { sql, values };
}

/** The column that names a row's child region of the query's region. */
function childColumn(region: string): string {
  const level = region ? (getRegion(region)?.level ?? 0) : 0;
  return ['e.province_code', 'e.city_code', 'e.district_code'][level];
}

/** Computes one (subject, region): four grouped reads of the same rows, one at a time. */
async function computeStats(db: pg.Pool, query: IndustryMapQuery): Promise<Stored> {
  const { sql, values } = whereOf(query);
  const byRegion = await db.query<{ code: string | null; n: number }>(
    `select ${childColumn(query.region)} as code, count(*)::int as n
       from enterprises e where ${sql} group by 1`,
    values,
  );
  const firstYear = new Date().getFullYear() - INDUSTRY_MAP_YEARS + 1;
  const byYear = await db.query<{ year: number | null; n: number }>(
    `select case when e.establish_date >= make_date(${firstYear}, 1, 1)
                 then extract(year from e.establish_date)::int end as year, count(*)::int as n
       from enterprises e where ${sql} and e.establish_date is not null group by 1`,
    values,
  );
  // One CASE arm per band of company search's filter, so the figures match its facets.
  const bandArms = CAPITAL_BANDS.map((b, i) => {
    const parts = [
      b.min === null ? null : `e.reg_capital >= ${Number(b.min)}`,
      b.max === null ? null : `e.reg_capital < ${Number(b.max)}`,
    ].filter(Boolean);
    return `when ${parts.join(' and ')} then ${i}`;
  }).join(' ');
  const byCapital = await db.query<{ band: number | null; n: number }>(
    `select case when e.reg_capital is null then null ${bandArms} end as band, count(*)::int as n
       from enterprises e where ${sql} group by 1`,
    values,
  );
  const leaders = await db.query<{
    id: number;
    name: string;
    uncid: string;
    reg_capital: string | null;
    establish_date: string | null;
    province_code: string | null;
    city_code: string | null;
  }>(
    `select e.id::int as id, e.name, e.uncid, e.reg_capital, e.establish_date::text,
            e.province_code, e.city_code
       from enterprises e where ${sql} order by e.weight desc, e.id limit ${INDUSTRY_MAP_LEADERS}`,
    values,
  );

  const counts = new Map(byRegion.rows.map((r) => [r.code ?? '', r.n]));
  const years = new Map(byYear.rows.map((r) => [r.year, r.n]));
  const bands = new Map(byCapital.rows.map((r) => [r.band, r.n]));
  return {
    total: byRegion.rows.reduce((sum, r) => sum + r.n, 0),
    regions: getChildren(query.region || null).map((r) => ({
      code: r.code,
      name: r.name,
      count: counts.get(r.code) ?? 0,
    })),
    years: [
      { year: null, count: years.get(null) ?? 0 },
      ...Array.from({ length: INDUSTRY_MAP_YEARS }, (_, i) => ({
        year: firstYear + i,
        count: years.get(firstYear + i) ?? 0,
      })),
    ],
    capital: [
      ...CAPITAL_BANDS.map((b, i) => ({ key: b.key, label: b.label, count: bands.get(i) ?? 0 })),
      { key: 'unknown', label: '未公开', count: bands.get(null) ?? 0 },
    ],
    leaders: leaders.rows.map((r) => ({
      id: r.id,
      name: r.name,
      uncid: r.uncid,
      regCapital: r.reg_capital === null ? null : Number(r.reg_capital),
      establishDate: r.establish_date,
      region: [regionName(r.province_code), regionName(r.city_code)]
        .filter((x, i, a) => x && a.indexOf(x) === i)
        .join(' '),
    })),
  };
}

async function storeStats(db: pg.Pool, query: IndustryMapQuery): Promise<IndustryMapStats> {
  const stats = await computeStats(db, query);
  const { rows } = await db.query<{ at: Date }>(
    `insert into industry_map_stats (subject, region, stats, refreshed_at)
     values ($1, $2, $3, now())
     on conflict (subject, region) do update set stats = excluded.stats,
       refreshed_at = excluded.refreshed_at
     returning refreshed_at as at`,
    [query.subject.key, query.region, JSON.stringify(stats)],
  );
  return { ...stats, refreshedAt: rows[0].at.toISOString() };
}

const computing = new Map<string, Promise<IndustryMapStats>>();

/** The computation of a (subject, region) in flight in this process, if any (tests wait on it). */
export function pendingIndustryMapStats(
  query: IndustryMapQuery,
): Promise<IndustryMapStats> | undefined {
  return computing.get(`${query.subject.key}|${query.region}`);
}

function refresh(db: pg.Pool, query: IndustryMapQuery): Promise<IndustryMapStats> {
  const key = `${query.subject.key}|${query.region}`;
  const running = computing.get(key);
  if (running) return running;
  const job = storeStats(db, query).finally(() => computing.delete(key));
  computing.set(key, job);
  return job;
}

/**
 * The statistics of an industry map (ADR 0198, the same rule as the chain graphs): the stored row
 * is served; none yet → computed now (once per process, concurrent readers wait for it); older
 * than INDUSTRY_MAP_STALE_MS → served and recomputed in the background.
 */
export async function getIndustryMapStats(
  query: IndustryMapQuery,
  db: pg.Pool = getPool(),
  now = Date.now(),
): Promise<IndustryMapStats> {
  const { rows } = await db.query<{ stats: Stored; refreshed_at: Date }>(
    'select stats, refreshed_at from industry_map_stats where subject = $1 and region = $2',
    [query.subject.key, query.region],
  );
  const row = rows[0];
  if (!row) return refresh(db, query);
  if (now - row.refreshed_at.getTime() > INDUSTRY_MAP_STALE_MS)
    void refresh(db, query).catch((err: unknown) =>
      partLogger('industry-map').error({ err }, `refresh of ${query.subject.key} failed`),
    );
  return { ...row.stats, refreshedAt: row.refreshed_at.toISOString() };
}
