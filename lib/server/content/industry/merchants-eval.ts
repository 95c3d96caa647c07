import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import { regionName } from '@/lib/shared/geo';
import { subjectFilter, subjectName } from '@/lib/shared/industry/industry-map';
import { merchantsTarget } from '@/lib/shared/industry/merchants';
import { rankMerchants } from './merchants.service';

/**
 * The held-out evaluation of the ranking (ADR 0200): the branches opened in the final year of the
 * data are hidden, the ranking is built as of the first day of that year, and its top k is
 * compared with the companies that did open a branch in the target region in that year.
 */
export type MerchantsEvalPair = { region: string; industry: string };

/**
 * The pairs `npm run eval:merchants` reports: five provinces of different sizes and a city, with
 * manufacturing, information technology, wholesale and retail, and a chain.
 */
export const MERCHANTS_EVAL_PAIRS: readonly MerchantsEvalPair[] = [
  ...['440000', '320000', '330000', '110000', '510000'].flatMap((region) =>
    ['C', 'I', 'F'].map((industry) => ({ region, industry })),
  ),
  { region: '440300', industry: 'C' },
  { region: '440000', industry: 'CY002' },
  { region: '320000', industry: 'CY001' },
];

export type MerchantsEvalResult = {
  region: string;
  regionName: string;
  subject: string;
  /** First held-out day: the ranking sees only what is dated before it. */
  cutoff: string;
  /** Last day of the data (the newest branch opening). */
  lastDay: string;
  /** Candidates: eligible companies (industry, active, outside, not yet in the region). */
  candidates: number;
  /** Companies the ranking scored (at least one signal). */
  ranked: number;
  /** Candidates that opened a branch in the region in the held-out year. */
  heldOut: number;
  /** Of those, how many the ranking scored at all (the most any k could find). */
  heldOutRanked: number;
  hits: number;
  k: number;
  /** hits / k. */
  precision: number;
  /** heldOut / candidates: the precision of a random pick of the candidates. */
  baseRate: number;
};

/** The held-out year: from one year before the newest branch opening (not in the future). */
export async function heldOutYear(
  db: pg.Pool = getPool(),
): Promise<{ cutoff: string; lastDay: string } | null> {
  const { rows } = await db.query<{ last: string | null; cutoff: string | null }>(
    `select max(establish_date)::text as last,
            (max(establish_date) - interval '1 year' + interval '1 day')::date::text as cutoff
       from enterprise_branches where establish_date <= current_date`,
  );
  const r = rows[0];
  return r?.last && r.cutoff ? { cutoff: r.cutoff, lastDay: r.last } : null;
}

export async function evaluatePair(
  pair: MerchantsEvalPair,
  year: { cutoff: string; lastDay: string },
  k = 50,
  db: pg.Pool = getPool(),
): Promise<MerchantsEvalResult> {
  const target = merchantsTarget(pair);
  if ('error' in target) throw new Error(target.error);
  const { region, subject } = target;
  const { column: industryColumn, codes } = subjectFilter(subject);
  const column = region.level === 1 ? 'province_code' : 'city_code';
  const prefix = region.code.slice(0, region.level === 1 ? 2 : 4);
  // The candidates as the ranking sees them on the cutoff day (the same conditions).
  const eligible = `e.${industryColumn} = any($2::text[]) and e.status in ('存续', '在业')
      and e.establish_date < $1::date and e.${column} is distinct from $3
      and not exists (
        select 1 from enterprise_branches x
         where x.enterprise_id = e.id and left(x.region_code, length($4)) = $4
           and (x.establish_date is null or x.establish_date < $1::date)
           and x.status is distinct from '注销')`;
  const values = [year.cutoff, codes, region.code, prefix];
  const [candidates, heldOut, ranking] = await Promise.all([
    db.query<{ n: number }>(
      `select count(*)::int as n from enterprises e where ${eligible}`,
      values,
    ),
    db.query<{ id: number }>(
      `select distinct e.id::int as id from enterprise_branches b
         join enterprises e on e.id = b.enterprise_id
        where b.establish_date >= $1::date and b.establish_date <= $5::date
          and left(b.region_code, length($4)) = $4 and ${eligible}`,
      [...values, year.lastDay],
    ),
    rankMerchants({ region, subject, asOf: year.cutoff }, { limit: k, offset: 0 }, db),
  ]);
  const opened = new Set(heldOut.rows.map((r) => r.id));
  // The ranking's candidates are the day's signal rows (merchant_signals) that pass its filters.
  const scored = await db.query<{ n: number }>(
    `select count(*)::int as n from merchant_signals where as_of = $1::date
        and enterprise_id = any($2::bigint[])`,
    [year.cutoff, [...opened]],
  );
  const hits = ranking.rows.filter((r) => opened.has(r.id)).length;
  const n = candidates.rows[0]?.n ?? 0;
  return {
    region: region.code,
    regionName: regionName(region.code),
    subject: subjectName(subject),
    cutoff: year.cutoff,
    lastDay: year.lastDay,
    candidates: n,
    ranked: ranking.total,
    heldOut: opened.size,
    heldOutRanked: scored.rows[0]?.n ?? 0,
    hits,
    k,
    precision: hits / k,
    baseRate: n > 0 ? opened.size / n : 0,
  };
}

/** Every pair, one after another (each is a full ranking). */
export async function evaluateMerchants(
  pairs: readonly MerchantsEvalPair[],
  k = 50,
  db: pg.Pool = getPool(),
): Promise<{ results: MerchantsEvalResult[]; meanPrecision: number; meanBaseRate: number }> {
  const year = await heldOutYear(db);
  if (!year) throw new Error('数据中没有分支机构的设立日期，无法评估');
  const results: MerchantsEvalResult[] = [];
  for (const pair of pairs) results.push(await evaluatePair(pair, year, k, db));
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    results,
    meanPrecision: mean(results.map((r) => r.precision)),
    meanBaseRate: mean(results.map((r) => r.baseRate)),
  };
}
