import type pg from 'pg';
import type { EnterpriseSearchQuery } from '@/lib/shared/search/types';
import type { TermStats } from './term-stats';
import { filterConditions, queryWithin, SORT_ORDER, SqlParams, type Candidate } from './search-sql';
import { keywordSources, TIER, type Source } from './search-sources';
import { compareBy, fetchSource, rankByTiers } from './search-rank';
import { boundedByPage, tally, type Page, type Where } from './search-count';
import { countsOf } from './search-facets';

/*
 * Keyword plans: the small plan gathers every match (exact totals, facets, any sort); the big plan
 * ranks a page by tiers and estimates totals and facets from a sample.
 */

/** Which keyword plan runs: chosen from the statistics, or forced (tests compare both). */
export type KeywordPlanChoice = 'auto' | 'small' | 'big';

/** Rows matching more often than this (estimated) leave the exact, gather-everything plan. */
const SMALL_PLAN_ROWS = 1500;

/**
 * Time the gather-everything plan may take before the big plan answers instead; a few hundred
 * matches take 2-15 ms when their pages are cached.
 */
const SMALL_PLAN_BUDGET_MS = 40;

const CANDIDATE_COLUMNS = `e.id::int as id, m.tier, e.weight, e.reg_capital::float8 as reg_capital,
  to_char(e.establish_date, 'YYYY-MM-DD') as establish_date, e.province_code, e.industry_section, e.status`;

/**
 * Small plan: every source through its index, capped; exact totals, facets and any sort. Null when
 * a source has more matches than the cap (the big plan takes over).
 */
export async function smallPlan(
  db: pg.Pool,
  sources: Source[],
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
): Promise<Page | null> {
  const p = new SqlParams();
  const filters = filterConditions(p, query.filters)
    .map((c) => `and ${c}`)
    .join(' ');
  const cap = SMALL_PLAN_ROWS * 2;
  const branches = sources.map(
    (s, i) =>
      `(select e.id, ${s.tier} as tier, ${i} as branch from enterprises e where ${s.indexed(p)} ${filters} limit ${cap + 1})`,
  );
  const rows = await queryWithin<Candidate & { branches: number[] }>(
    db,
    SMALL_PLAN_BUDGET_MS,
    `with u as (${branches.join(' union all ')}),
          m as (select id, min(tier) as tier, array_agg(branch) as branches from u group by id)
     select ${CANDIDATE_COLUMNS}, m.branches from m join enterprises e on e.id = m.id`,
    p.values,
  );
  // Out of time (statistics said rare, the rows say otherwise, or pages are cold): the big plan
  // answers with a ranked page and estimates.
  if (!rows) return null;
  const perBranch = new Map<number, number>();
  for (const r of rows) for (const b of r.branches) perBranch.set(b, (perBranch.get(b) ?? 0) + 1);
  if ([...perBranch.values()].some((n) => n > cap)) return null;
  rows.sort(compareBy(query.sort));
  return {
    ids: rows.slice(offset, end).map((r) => r.id),
    total: rows.length,
    approx: false,
    facets: countsOf(rows),
  };
}

/** Big plan: ranked page by tiers (or the sort's index), totals and facets estimated. */
export async function bigPlan(
  db: pg.Pool,
  sources: Source[],
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
  stats: TermStats,
): Promise<Page> {
  const anyMatch = (p: SqlParams, withJoins: boolean) =>
    `(${sources
      .filter((s) => withJoins || (s.field !== 'holder' && s.field !== 'phone'))
      .map((s) => s.walk(p))
      .join(' or ')})`;
  const outcome = { cut: false };
  const pagePromise = (async () => {
    if (end <= offset) return [];
    if (query.sort === 'relevance')
      return (await rankByTiers(db, sources, end, query.filters, stats, outcome)).slice(
        offset,
        end,
      );
    // Other sorts: all sources as one, walking the sort's index (bounded) or, for rarer words,
    // the union of the sources' indexes sorted.
    const freqs = sources.map((s) => s.freq ?? 0);
    const combined: Source = {
      tier: TIER.exact,
      field: 'text',
      walk: (p) => anyMatch(p, true),
      indexed: (p) =>
        `e.id in (${sources.map((s) => `select e.id from enterprises e where ${s.indexed(p)}`).join(' union ')})`,
      freq: Math.max(...freqs) > 0 ? Math.max(...freqs) : null,
    };
    const rows = await fetchSource(
      db,
      combined,
      end,
      query.filters,
      stats,
      SORT_ORDER[query.sort],
      outcome,
    );
    return rows.slice(offset, end).map((r) => r.id);
  })();
  // The sample skips the shareholder and phone lookups (a join per sampled row); a small table's
  // exact count does not; a big table's exact count ORs the index conditions (a BitmapOr).
  const whereOf = (match: (p: SqlParams) => string): Where => {
    const p = new SqlParams();
    const sql = `where ${[match(p), ...filterConditions(p, query.filters)].join(' and ')}`;
    return { sql, values: p.values };
  };
  const indexedMatch = (p: SqlParams) =>
    `(${sources
      .filter((s) => s.field !== 'holder' && s.field !== 'phone')
      .map((s) => `(${s.indexed(p)})`)
      .join(' or ')})`;
  const [ids, t] = await Promise.all([
    pagePromise,
    tally(
      db,
      stats.enterprises,
      whereOf((p) => anyMatch(p, false)),
      whereOf((p) => anyMatch(p, true)),
      whereOf(indexedMatch),
    ),
  ]);
  // A page cut short by a time budget says nothing about the total: the estimate stands.
  if (outcome.cut)
    return { ids, ...t, total: Math.max(t.total, offset + ids.length), approx: true };
  return boundedByPage({ ids, ...t }, offset, end);
}

/** Probe counts stop here: beyond it a source is frequent, and its share a lower bound. */
const PROBE_CAP = 5000;

/**
 * Rows of the weight order a sampled source is counted on (an index-only scan of the walk index,
 * about 1 ms when cached; the same leading pages for every keyword, so they stay cached).
 */
export const SAMPLE_PROBE_ROWS = 4_000;
/** Sample hits from which the sampled share replaces the statistics' guess. */
const SAMPLE_MIN_HITS = 3;

/**
 * The share of a sampled source from `hits` among the first `rows` rows of the weight order:
 * measured from a few hits on; without them, the statistics' guess, but never above what the
 * sample allows (fewer than SAMPLE_MIN_HITS in `rows`).
 */
export function sampledShare(
  hits: number,
  rows: number,
  guess: number | null,
): { freq: number; measured: boolean } {
  const n = Math.max(rows, 1);
  if (hits >= SAMPLE_MIN_HITS) return { freq: hits / n, measured: true };
  const bound = SAMPLE_MIN_HITS / n;
  return { freq: guess === null ? bound : Math.min(guess, bound), measured: false };
}

/**
 * Measures the share of sources that have a probe with a capped count on their btree index (an
 * index-only scan of at most PROBE_CAP entries, under a millisecond for rare prefixes), and of
 * sampled sources on the first SAMPLE_PROBE_ROWS rows of the weight order.
 */
export async function measureProbes(
  db: pg.Pool,
  sources: Source[],
  n: number,
  /** Count sampled sources too (they only matter when the plan is not already decided). */
  sample = true,
): Promise<void> {
  await Promise.all(
    sources.map(async (s) => {
      if (s.probe) {
        const p = new SqlParams();
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from (select 1 from enterprises e where ${s.probe(p)} limit ${PROBE_CAP + 1}) x`,
          p.values,
        );
        // Counted, not guessed: a capped count is a lower bound, which only makes walks longer.
        s.freq = rows[0].n / n;
        s.measured = true;
      } else if (sample && s.sample && s.columns) {
        const p = new SqlParams();
        const rows = Math.min(SAMPLE_PROBE_ROWS, n);
        const { rows: r } = await db.query<{ n: number }>(
          `select count(*)::int as n from (
             select ${s.columns.map((c) => `e.${c}`).join(', ')} from enterprises e
              order by e.weight desc, e.id limit ${rows}) e
            where ${s.sample(p)}`,
          p.values,
        );
        Object.assign(s, sampledShare(r[0].n, rows, s.freq));
      }
    }),
  );
}

/**
 * The page of a keyword search (`form`: its search form, not empty): the small plan when every
 * source is rare enough and the keyword has 2 characters or more, else (or when the small plan
 * finds too many after all) the big plan.
 */
export async function keywordPlan(
  db: pg.Pool,
  query: EnterpriseSearchQuery,
  form: string,
  offset: number,
  end: number,
  stats: TermStats,
  plan: KeywordPlanChoice = 'auto',
): Promise<Page> {
  const sources = keywordSources(query.keyword, form, stats);
  const n = Math.max(stats.enterprises, 1);
  // A source measured frequent by the statistics (a one-bigram name word such as 科技) rules out
  // the small plan, and its tier fills the page before the other fields are asked: the sample
  // of legal person and address would decide nothing.
  const decided = sources.some(
    (s) => s.measured && s.freq !== null && s.freq * n > SMALL_PLAN_ROWS,
  );
  await measureProbes(db, sources, n, !decided);
  const small =
    plan === 'small' ||
    (plan !== 'big' &&
      Array.from(form).length >= 2 &&
      sources.every((s) => s.freq === null || s.freq * n <= SMALL_PLAN_ROWS));
  return (
    (small ? await smallPlan(db, sources, query, offset, end) : null) ??
    (await bigPlan(db, sources, query, offset, end, stats))
  );
}
