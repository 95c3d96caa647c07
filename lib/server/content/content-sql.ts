import type pg from 'pg';
import { getRegion } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { CONTENT_MAX_OFFSET } from '@/lib/shared/content/content.constants';
import { withTransaction } from '@/lib/server/platform/proxy-door';
import { keywordGrams, normaliseText } from './search-doc';

/**
 * SQL pieces shared by the content searches (ADR 0140): positional parameters, the bigram keyword
 * predicate over a stored search document, date ranges and page clamping.
 */

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The keyword as the search documents are normalised (search-doc.ts). */
export function normaliseKeyword(q: string): string {
  return normaliseText(q);
}

/**
 * Keyword over `alias.grams` / `alias.search_doc`: the GIN index of the bigrams narrows the rows,
 * then the contiguous text is checked (title first: it is short and stored inline, so title hits
 * never read the out-of-line document). A 2-character keyword is one bigram, which the index
 * answers exactly, so no check follows; a 1-character keyword has no bigram and is matched in
 * titles only.
 */
export function keywordPredicate(p: Params, alias: string, norm: string): string | null {
  const n = [...norm].length;
  if (n === 0) return null;
  if (n === 1) return `strpos(${alias}.title_doc, ${p.add(norm)}) > 0`;
  const grams = `${alias}.grams @> ${p.add(keywordGrams(norm))}::text[]`;
  if (n === 2) return grams;
  const q = p.add(norm);
  return `(${grams} and (strpos(${alias}.title_doc, ${q}) > 0 or strpos(${alias}.search_doc, ${q}) > 0))`;
}

/**
 * Runs a search statement. With a keyword, the bigram index must answer: a frequent bigram is
 * estimated to match most rows, and a sequential scan would then read every row's out-of-line
 * bigram array, so sequential scans are switched off for that statement (SET LOCAL in its own
 * transaction).
 */
export async function searchQuery<R extends pg.QueryResultRow>(
  db: pg.Pool,
  keyword: boolean,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  if (!keyword) return db.query<R>(text, values);
  return withTransaction(db, async (client) => {
    await client.query('set local enable_seqscan = off');
    return client.query<R>(text, values);
  });
}

/** Relevance: title hits first, then newest. */
export function relevanceOrder(p: Params, alias: string, norm: string): string {
  if (!norm) return `${alias}.publish_date desc, ${alias}.id desc`;
  return `(strpos(${alias}.title_doc, ${p.add(norm)}) > 0) desc, ${alias}.publish_date desc, ${alias}.id desc`;
}

export function dateRange(
  p: Params,
  column: string,
  from: string | undefined,
  to: string | undefined,
): string[] {
  const out: string[] = [];
  if (from) out.push(`${column} >= ${p.add(from)}::date`);
  if (to) out.push(`${column} <= ${p.add(to)}::date`);
  return out;
}

/** Region filter by the code's level: province, city or the exact district. */
export function regionPredicate(p: Params, alias: string, code: string | undefined): string | null {
  if (!code) return null;
  const level = getRegion(code)?.level;
  if (level === 1) return `${alias}.province_code = ${p.add(code)}`;
  if (level === 2) return `${alias}.city_code = ${p.add(code)}`;
  if (level === 3) return `${alias}.region_code = ${p.add(code)}`;
  return null;
}

export function industryPredicate(
  p: Params,
  alias: string,
  code: string | undefined,
): string | null {
  return code ? `${alias}.industries @> ARRAY[${p.add(code)}]::text[]` : null;
}

/** The filters every content search has: keyword, industry, publish-date range. */
export function commonFilters(
  p: Params,
  alias: string,
  norm: string,
  q: { industry?: string; dateFrom?: string; dateTo?: string },
): (string | null)[] {
  return [
    keywordPredicate(p, alias, norm),
    industryPredicate(p, alias, q.industry),
    ...dateRange(p, `${alias}.publish_date`, q.dateFrom, q.dateTo),
  ];
}

export function whereOf(parts: (string | null | undefined)[]): string {
  const kept = parts.filter((x): x is string => !!x);
  return kept.length ? kept.join(' and ') : 'true';
}

/**
 * The page actually served: never past the last page of `total`, never deeper than
 * CONTENT_MAX_OFFSET rows.
 */
export function clampPage(pageNo: number, pageSize: number, total: number): number {
  const deepest = Math.max(1, Math.floor(CONTENT_MAX_OFFSET / pageSize));
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.max(1, Math.min(pageNo, last, deepest));
}

/** A plain-text excerpt (for lists and meta descriptions). */
export function excerpt(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/**
 * Names of a row's industry codes, each once, in the codes' order: a section and its division (or a
 * division and its group) often share a name (P 教育 / 83 教育), and 教育、教育 helps nobody.
 */
export function industryNames(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => industryName(c)).filter((n) => n !== ''))];
}

/** Facet buckets from `[value, count]` rows, biggest first (or in a fixed order). */
export function buckets(
  rows: { value: string | null; count: number }[],
  label: (value: string) => string,
  order?: readonly string[],
  limit = 40,
): { value: string; label: string; count: number }[] {
  const list = rows
    .filter((r): r is { value: string; count: number } => r.value !== null && r.count > 0)
    .map((r) => ({ value: r.value, label: label(r.value) || r.value, count: r.count }));
  if (order) list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  else list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return list.slice(0, limit);
}

/** Positive integer id or null (unknown ids answer 404 / null, never 500). */
export function validId(id: unknown): number | null {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 && n < 2 ** 53 ? n : null;
}

/** Whether a normalised keyword is looked up through the bigram index (2 characters or more). */
export function usesGrams(norm: string): boolean {
  return [...norm].length >= 2;
}

/** Rows in the order of `ids` (a page's order, a comparison's order); ids without a row left out. */
export function inIdOrder<R extends { id: number }>(
  ids: readonly number[],
  rows: readonly R[],
): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}
