import type pg from 'pg';
import type { EnterpriseSearchQuery } from '@/lib/shared/search/types';
import type { TermStats } from './term-stats';
import { filterConditions, queryWithin, SORT_ORDER, SqlParams, type Candidate } from './search-sql';
import { keywordSources, sourceTable, TIER, type Source } from './search-sources';
import { compareBy, fetchSource, rankByTiers } from './search-rank';
import { boundedByPage, tally, type Known, type Page, type Where } from './search-count';
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

/**
 * What each branch of the small plan yields per match: everything sorting and facets need, read
 * from the row the branch already visits (its GIN recheck or filter), so the matches are never
 * looked up a second time by id.
 */
const CANDIDATE_COLUMNS = `e.id::int as id, e.weight, e.reg_capital::float8 as reg_capital,
  to_char(e.establish_date, 'YYYY-MM-DD') as establish_date, e.province_code, e.industry_section, e.status,
  true as full`;
/**
 * The same from a btree branch read index-only (name and credit-code prefixes: their indexes hold
 * weight and id): ranking needs no more, and a prefix's matches lie scattered over the table
 * (1,400 companies of a city's code prefix are 1,400 table pages, more than the plan's budget).
 */
const LEAN_COLUMNS = `e.id::int as id, e.weight, null::float8 as reg_capital, null::text as establish_date,
  null::text as province_code, null::text as industry_section, null::text as status, false as full`;

/** A match of the small plan; `full`: its sort and facet columns were read (else only weight). */
type Gathered = Candidate & { full: boolean };

/**
 * Matches without their facet columns whose rows are looked up for the facets: all of them up to
 * this many, beyond it an even share of them, whose counts are scaled (the total stays exact).
 */
export const FACET_LOOKUP_ROWS = 250;

/**
 * The matches of the small plan's branches, one per company at its best tier (with the columns of
 * whichever branch read them), and how many each branch yielded (a branch beyond its cap means too
 * many for the small plan). Rows of one branch are distinct companies (each branch reads one
 * index, the shareholder one as a semi-join).
 */
export function mergeBranches(rows: (Gathered & { branch: number })[]): {
  candidates: Gathered[];
  perBranch: Map<number, number>;
} {
  const byId = new Map<number, Gathered>();
  const perBranch = new Map<number, number>();
  for (const { branch, ...r } of rows) {
    perBranch.set(branch, (perBranch.get(branch) ?? 0) + 1);
    const seen = byId.get(r.id);
    if (!seen) byId.set(r.id, r);
    else {
      const best = r.full && !seen.full ? { ...r } : seen;
      best.tier = Math.min(seen.tier, r.tier);
      byId.set(r.id, best);
    }
  }
  return { candidates: [...byId.values()], perBranch };
}

/**
 * An even share of `ids` (sorted by id, every k-th), at most `limit`: the rows whose facet columns
 * are read when there are too many to read them all.
 */
export function evenShare(ids: number[], limit: number): number[] {
  if (ids.length <= limit) return ids;
  const sorted = [...ids].sort((a, b) => a - b);
  const step = sorted.length / limit;
  return Array.from({ length: limit }, (_, i) => sorted[Math.floor(i * step)]);
}

/**
 * Facet counts of the gathered matches: rows read in full count as they are; the others are looked
 * up by id (all, or an even share scaled to their number).
 */
async function gatheredFacets(
  db: pg.Pool,
  candidates: Gathered[],
): Promise<Map<string, Map<string, number>>> {
  const full = candidates.filter((c) => c.full);
  const lean = candidates.filter((c) => !c.full).map((c) => c.id);
  if (!lean.length) return countsOf(full);
  const share = evenShare(lean, FACET_LOOKUP_ROWS);
  const { rows } = await db.query<Candidate>(
    `select e.id::int as id, 0 as tier, e.weight, e.reg_capital::float8 as reg_capital, to_char(e.establish_date, 'YYYY-MM-DD') as establish_date,
            e.province_code, e.industry_section, e.status
       from enterprises e where e.id = any($1::bigint[])`,
    [share],
  );
  const counts = countsOf(full);
  const factor = lean.length / Math.max(share.length, 1);
  for (const [facet, m] of countsOf(rows)) {
    const into = counts.get(facet) ?? new Map<string, number>();
    counts.set(facet, into);
    for (const [key, n] of m) into.set(key, (into.get(key) ?? 0) + Math.round(n * factor));
  }
  return counts;
}

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
  const filterList = filterConditions(p, query.filters);
  const filters = filterList.map((c) => `and ${c}`).join(' ');
  const cap = SMALL_PLAN_ROWS * 2;
  // Btree branches are read index-only when ranking needs nothing else (relevance, no filter).
  const lean = (s: Source) =>
    query.sort === 'relevance' &&
    filterList.length === 0 &&
    (s.probe !== undefined || s.field === 'exact');
  // Every branch hands back its matches' columns; duplicates across branches are merged here
  // (a GROUP BY with array_agg and a second lookup of every match by id cost more than the
  // branches themselves: 918 address matches, 1.7 ms of branches, 4.7 + 8 ms after them).
  // A source with a narrow table of its own (legal person and address) reads it: the same
  // columns on a seventh of the pages.
  const table = (s: Source) => sourceTable(s, filterList.length > 0);
  const branches = sources.map(
    (s, i) =>
      `(select ${lean(s) ? LEAN_COLUMNS : CANDIDATE_COLUMNS}, ${s.tier} as tier, ${i} as branch from ${table(s)} e where ${s.indexed(p)} ${filters} limit ${cap + 1})`,
  );
  const rows = await queryWithin<Gathered & { branch: number }>(
    db,
    SMALL_PLAN_BUDGET_MS,
    branches.join(' union all '),
    p.values,
  );
  // Out of time (statistics said rare, the rows say otherwise, or pages are cold): the big plan
  // answers with a ranked page and estimates.
  if (!rows) return null;
  const { candidates, perBranch } = mergeBranches(rows);
  if ([...perBranch.values()].some((n) => n > cap)) return null;
  candidates.sort(compareBy(query.sort));
  return {
    ids: candidates.slice(offset, end).map((r) => r.id),
    total: candidates.length,
    approx: false,
    facets: await gatheredFacets(db, candidates),
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
  // The rows up to the page's end; `patient` drops the time budgets of the index paths.
  const ranked = async (patient: boolean, cut: { cut: boolean }): Promise<number[]> => {
    if (query.sort === 'relevance')
      return rankByTiers(db, sources, end, query.filters, stats, cut, patient);
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
      cut,
      patient,
    );
    return rows.map((r) => r.id);
  };
  const pagePromise = (async () => {
    if (end <= offset) return [];
    const rows = await ranked(false, outcome);
    // A later page cut short by a time budget would come back empty or short under load (page 50
    // of a frequent word): its rows are asked for again without the budgets. The first page keeps
    // its budget: the best rows the walk found in time are a fair first answer.
    if (outcome.cut && offset > 0 && rows.length < end) {
      const again = { cut: false };
      const all = await ranked(true, again).catch((err: { code?: string }) => {
        // Past even the statement timeout: what the budgets found stands.
        if (err.code === '57014') return null;
        throw err;
      });
      if (all) {
        outcome.cut = again.cut;
        return all.slice(offset, end);
      }
    }
    return rows.slice(offset, end);
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
      // Measured without filters: says nothing about a filtered total.
      filterConditions(new SqlParams(), query.filters).length
        ? null
        : knownTotal(sources, stats.enterprises),
    ),
  ]);
  // A page cut short by a time budget says nothing about the total: the estimate stands.
  if (outcome.cut)
    return { ids, ...t, total: Math.max(t.total, offset + ids.length), approx: true };
  return boundedByPage({ ids, ...t }, offset, end);
}

/**
 * The total as far as the measurements before the plan know it (no filters: they are measured
 * without them). Exact when the only sources are the name's exact and prefix tiers (a single
 * character; the exact name starts with the keyword too) and the prefix was counted below the
 * probe's cap; else a floor, the largest count of a probed source (name or credit-code prefix);
 * else the largest share measured on the weight order (legal person and address with enough
 * sample hits), an estimate; else nothing.
 */
export function knownTotal(sources: Source[], n: number): Known | null {
  const counted = sources.filter((s) => s.probe && s.measured && s.freq !== null);
  const most = counted.length ? Math.max(...counted.map((s) => Math.round(s.freq! * n))) : 0;
  if (sources.every((s) => s.field === 'prefix' || s.field === 'exact') && counted.length) {
    const prefix = counted.find((s) => s.field === 'prefix');
    if (prefix && most <= PROBE_CAP) return { total: most, kind: 'exact' };
  }
  const sampled = sources
    .filter((s) => s.sample && s.measured && s.freq !== null)
    .map((s) => s.freq! * n);
  const estimate = sampled.length ? Math.max(...sampled) : 0;
  if (most > 0 && most >= estimate) return { total: most, kind: 'floor' };
  return estimate > 0 ? { total: estimate, kind: 'estimate' } : null;
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
