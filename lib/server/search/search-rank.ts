import type { EnterpriseFilters, EnterpriseSearchQuery } from '@/lib/shared/search/types';
import { weightFloor, type TermStats } from './term-stats';
import {
  filterConditions,
  queryWithin,
  SORT_ORDER,
  SqlParams,
  type Candidate,
  type Db,
} from './search-sql';
import { sourceTable, TIER, type Source } from './search-sources';

/*
 * Ranking: the best matches of a source on the cheaper of a bounded walk down a weight-ordered
 * index and the source's own index (bigram GIN, btree), and relevance order across tiers.
 */

/**
 * A walk reads at most this many rows before the index takes over: an index-only walk checks a
 * row in about 0.25 µs when cached (40,000 rows in 9.7 ms at 1M enterprises), while the GIN
 * path of a frequent word reads and sorts every match (50 ms for 贸易's 25,000 name matches).
 */
const WALK_MAX_ROWS = 60_000;
/**
 * Time the index path of one source may take. Rare words take a few ms; a word whose matches the
 * statistics underestimate (thousands of rows to read and sort) is answered by a bounded walk.
 */
const INDEX_BUDGET_MS = 50;
/**
 * A walk that visits the table (text, shareholders: columns no index holds) costs several µs a
 * row, and its pages are scattered: it may read this many rows (about 10 ms when cached).
 */
const HEAP_WALK_MAX_ROWS = 6_000;
/** A shareholder walk looks every row up in another table: a few times dearer again. */
const HOLDER_WALK_MAX_ROWS = 1_500;
const walkCap = (source: Source) =>
  source.columns
    ? WALK_MAX_ROWS
    : source.field === 'holder'
      ? HOLDER_WALK_MAX_ROWS
      : HEAP_WALK_MAX_ROWS;
/** What a row found through the GIN index costs in walked rows (about 2 µs against 0.25 µs). */
const GIN_ROW_COST = 8;
/**
 * The same against a walk that never visits the table (the name, legal person and address walk
 * indexes): its leading pages are read by every keyword and stay cached, while a GIN row is a
 * table page of its own, which at 1,000,000 companies is often not (30-50 µs when read from disk:
 * 1,200 address rows took 50 ms on first read, 3 ms warm; a 10,000-row index-only walk 6 ms).
 */
const GIN_ROW_COST_INDEX_ONLY = 24;

/**
 * A walk may go past its cap, up to this many times it, when the index path costs several times
 * more (WALK_STRETCH_ADVANTAGE): page 50 of 贸易 needs about 60,000 rows, and the sample of each
 * ANALYZE put the estimate on one side of the 60,000 cap or the other (0.0250-0.0262), so the page
 * took 20 ms after one analysis and 180 ms (its 25,000 GIN rows, cut, then asked again) after the next.
 */
const WALK_STRETCH = 2;
const WALK_STRETCH_ADVANTAGE = 4;

/**
 * The plan per source: walking the weight order with a cheap filter reads about `limit / freq`
 * rows, the GIN index about `freq * N` dearer ones; walk when that is cheaper and bounded. A one-bigram
 * keyword's frequency is measured (the walk reads 1.5 times its expected rows); a longer word's
 * is an upper bound (its rarest bigram), so the walk reads three times as many. When the walk
 * comes up short the index answers instead.
 */
export function walkRows(source: Source, limit: number, stats: TermStats): number | null {
  if (source.freq === null || source.freq <= 0) return null;
  const n = Math.max(stats.enterprises, 1);
  const expected = limit / source.freq;
  const ginRowCost = source.columns ? GIN_ROW_COST_INDEX_ONLY : GIN_ROW_COST;
  const ginCost = source.freq * n * ginRowCost;
  if (ginCost <= expected) return null;
  const rows = Math.ceil(expected * (source.measured ? 1.5 : 3)) + 50;
  const cap = walkCap(source);
  if (rows <= cap) return rows;
  return rows <= cap * WALK_STRETCH && rows * WALK_STRETCH_ADVANTAGE <= ginCost ? rows : null;
}

const RANK_COLUMNS = `e.id::int as id, e.weight`;

/** In-memory order of candidates for a sort (the small plan sorts every match itself). */
export function compareBy(
  sort: EnterpriseSearchQuery['sort'],
): (a: Candidate, b: Candidate) => number {
  const num = (v: number | null, dir: 1 | -1) => (v === null ? Number.POSITIVE_INFINITY : dir * v);
  const date = (v: string | null, dir: 1 | -1) =>
    v === null ? Number.POSITIVE_INFINITY : dir * Date.parse(v);
  const byWeight = (a: Candidate, b: Candidate) => b.weight - a.weight || a.id - b.id;
  switch (sort) {
    case 'capitalDesc':
      return (a, b) => num(a.reg_capital, -1) - num(b.reg_capital, -1) || byWeight(a, b);
    case 'capitalAsc':
      return (a, b) => num(a.reg_capital, 1) - num(b.reg_capital, 1) || byWeight(a, b);
    case 'dateDesc':
      return (a, b) => date(a.establish_date, -1) - date(b.establish_date, -1) || byWeight(a, b);
    case 'dateAsc':
      return (a, b) => date(a.establish_date, 1) - date(b.establish_date, 1) || byWeight(a, b);
    default:
      return (a, b) => a.tier - b.tier || byWeight(a, b);
  }
}

/** The best `limit` matches of one source by weight, on the plan its frequency calls for. */
export async function fetchSource(
  db: Db,
  source: Source,
  limit: number,
  filters: EnterpriseFilters,
  stats: TermStats,
  order = SORT_ORDER.relevance,
  /** Set when a step ran out of time and the rows may miss matches (totals stay estimates). */
  outcome?: { cut: boolean },
  /** No time budget for the index path (the pool's statement timeout still bounds it). */
  patient = false,
): Promise<{ id: number; weight: number }[]> {
  const k = walkRows(source, limit, stats);
  // Bounded walk: the first `rows` rows in weight order (through the filters' own weight index
  // when there is one), then the cheap match.
  const walk = async (rows: number) => {
    const p = new SqlParams();
    const filterSql = filterConditions(p, filters);
    // The weight order of an index-only walk bounded by a weight floor from the statistics, one
    // level: the check runs on the index scan itself, which stops at the page's last match. The
    // bound as a subquery's LIMIT cost as much again (page 50 of 贸易: 20.4 → 14.5 ms).
    const floor =
      source.columns && !filterSql.length && order === SORT_ORDER.relevance
        ? weightFloor(stats, rows)
        : null;
    if (floor !== null) {
      const result = await db.query<{ id: number; weight: number }>(
        `select ${RANK_COLUMNS} from enterprises e
          where e.weight >= ${p.add(floor)} and ${source.walk(p)} order by ${order} limit ${limit}`,
        p.values,
      );
      return result.rows;
    }
    const columns = source.columns
      ? [
          'id',
          'weight',
          ...(order === SORT_ORDER.relevance ? [] : ['reg_capital', 'establish_date']),
          ...source.columns,
        ]
          .map((c) => `e.${c}`)
          .join(', ')
      : 'e.*';
    const result = await db.query<{ id: number; weight: number }>(
      `select ${RANK_COLUMNS} from (
         select ${columns} from enterprises e ${filterSql.length ? `where ${filterSql.join(' and ')}` : ''}
          order by ${order} limit ${rows}) e
        where ${source.walk(p)} order by ${order} limit ${limit}`,
      p.values,
    );
    return result.rows;
  };
  const walked = k !== null ? await walk(k) : null;
  if (walked && walked.length >= limit) return walked;
  const p = new SqlParams();
  const filterSql = filterConditions(p, filters);
  const where = [source.indexed(p), ...filterSql].join(' and ');
  const table = sourceTable(source, filterSql.length > 0);
  // A probed (btree) source is read from its own index in full, weight included, and sorted: left
  // to itself the planner may walk the weight order for a prefix whose rows all lie at its end.
  const sql =
    source.probe && order === SORT_ORDER.relevance
      ? `select id, weight from (select e.id::int as id, e.weight from ${table} e where ${where} offset 0) e
          order by weight desc, id limit ${limit}`
      : `select ${RANK_COLUMNS} from ${table} e where ${where} order by ${order} limit ${limit}`;
  const rows = patient
    ? (await db.query<{ id: number; weight: number }>(sql, p.values)).rows
    : await queryWithin<{ id: number; weight: number }>(db, INDEX_BUDGET_MS, sql, p.values);
  if (rows) return rows;
  if (outcome) outcome.cut = true;
  // The index path ran out of time (a word far more frequent than its statistics said): the
  // matches among the first rows in the sort's order answer, which are the best ones there are.
  return walked ?? (await walk(walkCap(source) / 2));
}

/**
 * Relevance ranking for big result sets: tiers in order, each tier by weight, without gathering
 * every match. A tier is asked for as many rows as the page still needs plus the rows already
 * taken (which it may repeat), so the first `limit` distinct results come out in order.
 */
export async function rankByTiers(
  db: Db,
  sources: Source[],
  limit: number,
  filters: EnterpriseFilters,
  stats: TermStats,
  outcome?: { cut: boolean },
  patient = false,
): Promise<number[]> {
  const taken: number[] = [];
  const seen = new Set<number>();
  const take = (lists: { id: number; weight: number }[][]) => {
    const merged = lists.flat().sort((a, b) => b.weight - a.weight || a.id - b.id);
    for (const r of merged) {
      if (taken.length >= limit) break;
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      taken.push(r.id);
    }
  };
  // Every tier is asked for `limit` rows whatever came before, so the fetches are independent:
  // the name tiers run at once; code and other fields only when the names do not fill the page.
  const fetchTier = (tier: number) =>
    Promise.all(
      sources
        .filter((s) => s.tier === tier)
        .map((s) => fetchSource(db, s, limit, filters, stats, undefined, outcome, patient)),
    );
  const tiers = [...new Set(sources.map((s) => s.tier))].sort((a, b) => a - b);
  const first = tiers.filter((t) => t <= TIER.name);
  const firstLists = await Promise.all(first.map(fetchTier));
  for (const lists of firstLists) take(lists);
  for (const tier of tiers.filter((t) => t > TIER.name)) {
    if (taken.length >= limit) break;
    take(await fetchTier(tier));
  }
  return taken;
}
