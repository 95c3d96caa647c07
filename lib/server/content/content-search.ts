import type pg from 'pg';
import { CONTENT_COUNT_CAP } from '@/lib/shared/content/content.constants';
import { industryName } from '@/lib/shared/industry';
import {
  Params,
  buckets,
  clampPage,
  inIdOrder,
  normaliseKeyword,
  relevanceOrder,
  searchQuery,
  usesGrams,
  validId,
} from './content-sql';
import { cachedFacets } from './facet-cache';
import { estimateMatches } from './gram-stats';
import { keywordGrams } from './search-doc';

/**
 * The one search of the content tables (policies, reports, news; ADR 0140): the total, the facets
 * of the matching set and one page in relevance or date order. What differs per table is a
 * ContentSearchSpec.
 *
 * Cost stays bounded for huge match sets (every policy, a word in most of them), as enterprise
 * search does it (ADR 0021):
 * - matches are counted up to CONTENT_COUNT_CAP, in the same statement as the facets. Beyond the
 *   cap the total is the planner's estimate (never below the cap) and marked `totalCapped` (the
 *   page shows 约N and pages only through the first CONTENT_COUNT_CAP matches);
 * - facets are counted over at most FACET_SAMPLE matches. A set that fits is counted exactly; a
 *   bigger one is counted over its first FACET_SAMPLE rows, scaled to the total and marked
 *   `facetsEstimated` (the page shows 约N);
 * - a frequent keyword in relevance order walks the date index (title hits, then the rest) instead
 *   of ranking every match.
 */

/** Facets are counted exactly up to this many matches, over a sample of this size beyond. */
export const FACET_SAMPLE = 3000;
/** Keywords estimated to match more rows than this are ranked by walking the date index. */
export const WALK_ABOVE = 3000;

/** A facet: its SQL expression (text) over the alias, the label of a value, a fixed order if any. */
export type FacetDef = { sql: string; label: (value: string) => string; order?: readonly string[] };

export type ContentSearchSpec<F extends string = string> = {
  /** Table and the alias every SQL piece of the spec uses. */
  table: 'content_policies' | 'content_reports' | 'content_news';
  alias: string;
  /** WHERE of the keyword (normalised; '' for none) and every filter, parameters added to `p`. */
  where: (p: Params, norm: string) => string;
  /** Facets by name; industry sections are always counted (as `industry`). */
  facets: Record<F, FacetDef>;
  /** Columns of a list row (`id` among them). */
  columns: string;
};

export type ContentSearchPaging = {
  /** Normalised keyword ('' for none). */
  norm: string;
  sort: 'relevance' | 'date';
  pageNo: number;
  pageSize: number;
  /** Facets counted exactly up to this many matches (default FACET_SAMPLE). */
  facetSample?: number;
  /** Matches counted up to this many (default CONTENT_COUNT_CAP; at least the facet sample). */
  countCap?: number;
};

export type FacetCounts = { value: string | null; count: number }[];

export type ContentSearchOutcome<R> = {
  rows: R[];
  /** Exact up to the count cap; beyond it an estimate (`totalCapped`). */
  total: number;
  /** More matches than the cap: `total` is estimated and paging stops at the cap. */
  totalCapped: boolean;
  /** The page served (clamped). */
  pageNo: number;
  /** Per facet name of the spec, plus `industry`. */
  facets: Record<string, FacetCounts>;
  /** Facets counted over a sample of a big match set and scaled to the total (shown as 约N). */
  facetsEstimated: boolean;
};

type FacetRow = { f: string; v: string | null; n: number };

/**
 * SQL of the capped count and the facets, one statement: the first `cap` + 1 matches are
 * materialised (their facet columns only, all inline), `f` = '' counts them and the facets are
 * counted over the first `sample` of them.
 */
function countSql(
  spec: ContentSearchSpec,
  p: Params,
  norm: string,
  sample: number,
  cap: number,
): string {
  const a = spec.alias;
  const names = Object.keys(spec.facets) as (keyof typeof spec.facets)[];
  const cols = names.map((name, i) => `(${spec.facets[name].sql})::text as f${i}`);
  const groups = names.map(
    (name, i) => `select '${name}', f${i}, count(*)::int from s group by f${i}`,
  );
  return `with m as materialized (
      select ${[...cols, `${a}.industries`].join(', ')}
      from ${spec.table} ${a} where ${spec.where(p, norm)} limit ${cap + 1}),
    s as (select * from m limit ${sample})
    select '' as f, null::text as v, count(*)::int as n from m
    ${groups.map((g) => `union all ${g}`).join('\n    ')}
    union all select 'industry', i, count(*)::int from s, unnest(s.industries) i
      where length(i) = 1 group by i`;
}

/** The planner's estimate of the matches of a search (what a capped total reports). */
async function estimateTotal(
  db: pg.Pool,
  spec: ContentSearchSpec,
  norm: string,
  keyword: boolean,
): Promise<number> {
  const p = new Params();
  const sql = `explain (format json) select 1 from ${spec.table} ${spec.alias} where ${spec.where(p, norm)}`;
  const { rows } = await searchQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    keyword,
    sql,
    p.values,
  );
  return Math.round(rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Relevance order for a frequent keyword without reading every match: title hits newest first
 * (the date index walked with a check of the short, inline title), then the other matches newest
 * first; each walk stops after offset + limit rows, which a frequent word reaches soon.
 */
export async function walkRelevance(
  db: pg.Pool,
  spec: ContentSearchSpec,
  norm: string,
  offset: number,
  limit: number,
): Promise<number[]> {
  const a = spec.alias;
  const want = offset + limit;
  const order = `order by ${a}.publish_date desc, ${a}.id desc`;
  const tp = new Params();
  const filters = spec.where(tp, '');
  const title = await db.query<{ id: number }>(
    `select ${a}.id::int as id from ${spec.table} ${a}
      where ${filters} and strpos(${a}.title_doc, ${tp.add(norm)}) > 0 ${order} limit ${want}`,
    tp.values,
  );
  let ids = title.rows.map((r) => r.id);
  if (ids.length < want) {
    const bp = new Params();
    const w = spec.where(bp, norm);
    const rest = await db.query<{ id: number }>(
      `select ${a}.id::int as id from ${spec.table} ${a}
        where ${w} and strpos(${a}.title_doc, ${bp.add(norm)}) = 0 ${order}
        limit ${want - ids.length}`,
      bp.values,
    );
    ids = ids.concat(rest.rows.map((r) => r.id));
  }
  return ids.slice(offset, want);
}

/** Rows of the spec's table by id (columns of the spec), in the order asked; unknown ids left out. */
export async function rowsByIds<R extends { id: number }>(
  db: pg.Pool,
  spec: Pick<ContentSearchSpec, 'table' | 'alias' | 'columns'>,
  ids: readonly unknown[],
): Promise<R[]> {
  const wanted = ids.map(validId).filter((x): x is number => x !== null);
  if (wanted.length === 0) return [];
  const a = spec.alias;
  const { rows } = await db.query<R>(
    `select ${spec.columns} from ${spec.table} ${a} where ${a}.id = any($1::bigint[])`,
    [wanted],
  );
  return inIdOrder(wanted, rows);
}

export type FacetBucket = { value: string; label: string; count: number };

/** A content search's answer: list items made by `toItem`, facets as labelled buckets. */
export async function searchContent<R extends { id: number }, T, F extends string>(
  db: pg.Pool,
  spec: ContentSearchSpec<F>,
  q: { q: string; sort: 'relevance' | 'date'; pageNo: number; pageSize: number },
  toItem: (row: R) => T,
) {
  const started = Date.now();
  const r = await runContentSearch<R>(db, spec, {
    norm: normaliseKeyword(q.q),
    sort: q.sort,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  const defs: Record<string, FacetDef> = {
    ...spec.facets,
    industry: { sql: '', label: industryName },
  };
  const facets = Object.fromEntries(
    Object.entries(defs).map(([name, d]) => [
      name,
      buckets(r.facets[name] ?? [], d.label, d.order),
    ]),
  ) as Record<F | 'industry', FacetBucket[]>;
  return {
    list: r.rows.map(toItem),
    total: r.total,
    totalCapped: r.totalCapped,
    pageNo: r.pageNo,
    pageSize: q.pageSize,
    facets,
    facetsEstimated: r.facetsEstimated,
    tookMs: Date.now() - started,
  };
}

/** Total, facets and one page of a content search (see the module comment). */
export async function runContentSearch<R extends { id: number }>(
  db: pg.Pool,
  spec: ContentSearchSpec,
  paging: ContentSearchPaging,
): Promise<ContentSearchOutcome<R>> {
  const { norm, pageSize } = paging;
  const a = spec.alias;
  const keyword = usesGrams(norm);

  const pageIds = async (pageNo: number): Promise<number[]> => {
    const offset = (pageNo - 1) * pageSize;
    if (paging.sort !== 'date' && keyword) {
      const frequent = (await estimateMatches(db, spec.table, keywordGrams(norm))) > WALK_ABOVE;
      if (frequent) return walkRelevance(db, spec, norm, offset, pageSize);
    }
    const pp = new Params();
    const w = spec.where(pp, norm);
    const order =
      paging.sort === 'date' ? `${a}.publish_date desc, ${a}.id desc` : relevanceOrder(pp, a, norm);
    const { rows } = await searchQuery<{ id: number }>(
      db,
      keyword,
      `select ${a}.id::int as id from ${spec.table} ${a} where ${w} order by ${order}
        limit ${pageSize} offset ${offset}`,
      pp.values,
    );
    return rows.map((r) => r.id);
  };
  // The page's ids first (only what the order needs is read for every match), then their columns.
  const runPage = async (pageNo: number): Promise<R[]> =>
    rowsByIds(db, spec, await pageIds(pageNo));

  const fp = new Params();
  const sample = Math.floor(paging.facetSample ?? FACET_SAMPLE);
  const cap = Math.max(sample, Math.floor(paging.countCap ?? CONTENT_COUNT_CAP));
  const sql = countSql(spec, fp, norm, sample, cap);
  // Matches up to the cap and the facets of the first `sample` of them in one statement; beyond
  // the cap, the planner's estimate (at least the cap + 1 seen).
  const counted = cachedFacets(`${sql}:${JSON.stringify(fp.values)}`, async () => {
    const facetRows = (await searchQuery<FacetRow>(db, keyword, sql, fp.values)).rows;
    const seen = facetRows.find((r) => r.f === '')?.n ?? 0;
    if (seen <= cap) return [seen, false, facetRows] as const;
    const estimate = await estimateTotal(db, spec, norm, keyword);
    return [Math.max(seen, estimate), true, facetRows] as const;
  });
  const firstGuess = clampPage(paging.pageNo, pageSize, Number.MAX_SAFE_INTEGER);
  const [[total, totalCapped, facetRows], guessed] = await Promise.all([
    counted,
    runPage(firstGuess),
  ]);
  const pageNo = clampPage(paging.pageNo, pageSize, totalCapped ? cap : total);
  const rows = pageNo === firstGuess ? guessed : await runPage(pageNo);

  const sampled = Math.min(facetRows.find((r) => r.f === '')?.n ?? 0, sample);
  const facetsEstimated = sampled > 0 && total > sampled;
  const scale = facetsEstimated ? total / sampled : 1;
  const facets: Record<string, FacetCounts> = {};
  for (const name of [...Object.keys(spec.facets), 'industry']) {
    facets[name] = facetRows
      .filter((r) => r.f === name)
      .map((r) => ({ value: r.v, count: Math.round(r.n * scale) }));
  }
  return { rows, total, totalCapped, pageNo, facets, facetsEstimated };
}
