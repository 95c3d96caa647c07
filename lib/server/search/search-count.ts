import type pg from 'pg';
import { CAPITAL_BANDS, ESTABLISH_BANDS } from '@/lib/shared/search/filters';
import type { Db } from './search-sql';
import { formatTotal } from '@/lib/shared/search/total-text';

/*
 * Counting: totals and facet counts, exact for small sets and estimated from a sample for big ones,
 * and how a total reads (1,234 / 约32万).
 */

/** One page of a plan: its ids in order, the total (estimated when approx) and the facets. */
export type Page = {
  ids: number[];
  total: number;
  approx: boolean;
  facets: Map<string, Map<string, number>>;
};

/** Facet counts and a total from rows (`src`: a subquery of enterprises `e`). */
async function countFacets(
  db: Db,
  src: string,
  values: unknown[],
): Promise<{ total: number; facets: Map<string, Map<string, number>> }> {
  const band = `case ${CAPITAL_BANDS.map(
    (b) =>
      `when ${[
        b.min !== null ? `reg_capital >= ${b.min}` : null,
        b.max !== null ? `reg_capital < ${b.max}` : null,
      ]
        .filter(Boolean)
        .join(' and ')} then '${b.key}'`,
  ).join(' ')} end`;
  // 成立年限 as the filter counts it (search-sql.ts): at least min years, fewer than max.
  const establishBand = `case ${ESTABLISH_BANDS.map(
    (b) =>
      `when establish_date <= current_date - make_interval(years => ${b.min})${
        b.max !== null
          ? ` and establish_date > current_date - make_interval(years => ${b.max})`
          : ''
      } then '${b.key}'`,
  ).join(' ')} end`;
  const { rows } = await db.query<{ facet: string; key: string | null; n: number }>(
    `with s as (${src})
     select 'total' as facet, null as key, count(*)::int as n from s
     union all select 'region', province_code, count(*)::int from s group by province_code
     union all select 'industry', industry_section, count(*)::int from s group by industry_section
     union all select 'status', status, count(*)::int from s group by status
     union all select 'capitalBand', ${band}, count(*)::int from s group by 2
     union all select 'establishBand', ${establishBand}, count(*)::int from s group by 2`,
    values,
  );
  const facets = new Map<string, Map<string, number>>();
  let total = 0;
  for (const r of rows) {
    if (r.facet === 'total') total = r.n;
    else if (r.key !== null) {
      if (!facets.has(r.facet)) facets.set(r.facet, new Map());
      facets.get(r.facet)!.set(r.key, r.n);
    }
  }
  return { total, facets };
}

const FACET_COLUMNS =
  'e.province_code, e.industry_section, e.status, e.reg_capital, e.establish_date';

/** Rows the sample-based estimate reads (system sampling: whole pages, repeatable). */
const SAMPLE_ROWS = 2500;
/** Exact counting stops here; beyond it the total is an estimate. */
const EXACT_COUNT_CAP = 5000;
/**
 * Fewer sample hits than this make a poor estimate (beyond about ±30 %): count exactly instead,
 * within a short budget. A count that does not finish in it has thousands of rows to read, so the
 * sample's estimate stands; the budget is what such a query pays on top of its page.
 */
const MIN_SAMPLE_HITS = 12;
const EXACT_COUNT_BUDGET_MS = 10;
/**
 * Matches from which the capped exact count is not tried, because a measurement made before the
 * tally already puts them beyond what it reads in its budget (a match is a scattered table page:
 * 10-15 µs under load, so 10 ms read a few hundred): an estimate (the share of legal person and
 * address on the weight order's first rows, noisy from a few hits) from 2,000; a floor (a prefix
 * counted on its index) from 1,000; an exact total (the count would only add its facets) from 200.
 */
export const EXACT_COUNT_SKIP = { estimate: 2000, floor: 1000, exact: 200 } as const;

/**
 * A total measured before the tally: `exact` (an index count of the only way to match), `floor`
 * (an index count of one way among others) or `estimate` (a sample).
 */
export type Known = { total: number; kind: keyof typeof EXACT_COUNT_SKIP };

/**
 * Whether the capped exact count is worth its budget: only when the page sample saw too few
 * matches to estimate and no measurement made before (`known`) already puts the total beyond
 * what the count reads in time.
 */
export function exactCountWorthIt(sampleHits: number, known: Known | null): boolean {
  if (sampleHits >= MIN_SAMPLE_HITS) return false;
  return !known || known.total < EXACT_COUNT_SKIP[known.kind];
}

type Tally = { total: number; approx: boolean; facets: Map<string, Map<string, number>> };

function scaled(t: { total: number; facets: Map<string, Map<string, number>> }, factor: number) {
  const round = (n: number) => Math.round(n * factor);
  const facets = new Map(
    [...t.facets].map(([k, m]) => [k, new Map([...m].map(([kk, n]) => [kk, round(n)]))]),
  );
  return { total: round(t.total), facets };
}

/** A WHERE clause over enterprises `e` with its parameter values. */
export type Where = { sql: string; values: unknown[] };

/**
 * Total and facets of a condition over enterprises `e`. Small sets are counted exactly; big ones
 * are estimated from a repeatable page sample (~2,500 rows, a few ms at any size), which is what
 * users read as 约32万家. When the sample sees too few matches to say anything, an exact capped
 * count runs under a short statement timeout.
 */
export async function tally(
  db: pg.Pool,
  n: number,
  sampled: Where,
  /** What a small table is counted with (every condition, a scan is cheap). */
  whole: Where = sampled,
  /** What a big table is counted with when the sample is too thin (index-friendly conditions). */
  indexed: Where = whole,
  /** The total measured another way before (see exactCountWorthIt), if any. */
  known: Known | null = null,
): Promise<Tally> {
  const exact = async (timeoutMs: number | null) => {
    const where = timeoutMs === null ? whole : indexed;
    const src = `select ${FACET_COLUMNS} from enterprises e ${where.sql} limit ${EXACT_COUNT_CAP + 1}`;
    const values = where.values;
    if (timeoutMs === null) return countFacets(db, src, values);
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = ${timeoutMs}`);
      const r = await countFacets(client, src, values);
      await client.query('commit');
      return r;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      if ((err as { code?: string }).code === '57014') return null;
      throw err;
    } finally {
      client.release();
    }
  };
  const percent = (SAMPLE_ROWS / Math.max(n, 1)) * 100;
  if (percent >= 50) {
    const r = (await exact(null))!;
    return { ...r, approx: r.total > EXACT_COUNT_CAP };
  }
  const sample = await countFacets(
    db,
    `select ${FACET_COLUMNS} from enterprises e tablesample system (${percent.toFixed(4)}) repeatable (7) ${sampled.sql}`,
    sampled.values,
  );
  const estimate = scaled(sample, 100 / percent);
  // A total counted exactly stands, with the sample's facets; an estimate measured before (the
  // share on the walk index) is the floor of the sample's, whose few hits say little.
  if (known?.kind === 'exact' && !exactCountWorthIt(sample.total, known))
    return { ...estimate, total: known.total, approx: false };
  const floor = Math.round(known?.total ?? 0);
  if (sample.total >= MIN_SAMPLE_HITS)
    return {
      ...estimate,
      total: known?.kind === 'floor' ? Math.max(estimate.total, floor) : estimate.total,
      approx: true,
    };
  // The sample's own few hits may say as much (a filtered keyword: 科技 in one province's capital
  // bands, 5-8 hits, 约3,200, whose count ran 15 ms out of its 10).
  const sampleSays: Known = { total: estimate.total, kind: 'estimate' };
  if (!exactCountWorthIt(sample.total, known) || !exactCountWorthIt(sample.total, sampleSays))
    return { ...estimate, total: Math.max(estimate.total, floor), approx: true };
  const counted = await exact(EXACT_COUNT_BUDGET_MS);
  if (!counted) return { ...estimate, approx: true };
  if (counted.total > EXACT_COUNT_CAP)
    return { ...counted, total: Math.max(estimate.total, counted.total), approx: true };
  return { ...counted, approx: false };
}

/** 1,234 exactly; 约32万 / 约1.2万 / 约3,400 when estimated (the shared wording). */
export { formatTotal };

/**
 * An estimated total never contradicts the page: at least the rows up to it, and exactly those
 * when the page came out short (the matches ran out before it filled).
 */
export function boundedByPage(page: Page, offset: number, end: number): Page {
  if (!page.approx || end <= offset) return page;
  const seen = offset + page.ids.length;
  if (page.ids.length < end - offset) return { ...page, total: seen, approx: false };
  return { ...page, total: Math.max(page.total, seen) };
}
