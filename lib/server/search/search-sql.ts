import type pg from 'pg';
import { getRegion } from '@/lib/shared/geo';
import { CAPITAL_BANDS, ESTABLISH_BANDS, ORG_TYPE_OPTIONS } from '@/lib/shared/search/filters';
import type { EnterpriseFilters, EnterpriseSearchQuery } from '@/lib/shared/search/types';

/*
 * SQL building blocks of enterprise search (and advanced search): parameters, the filter
 * conditions, the sort orders and the row a match branch yields.
 */

export type Db = pg.Pool | pg.PoolClient;

/** Builds a parameterised WHERE: values only ever travel as $n parameters. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function regionColumn(code: string): string | null {
  const level = getRegion(code)?.level;
  return level === 1
    ? 'province_code'
    : level === 2
      ? 'city_code'
      : level === 3
        ? 'district_code'
        : null;
}

function industryColumn(code: string): string | null {
  if (/^[A-T]$/.test(code)) return 'industry_section';
  if (/^\d{2}$/.test(code)) return 'industry_division';
  if (/^\d{3}$/.test(code)) return 'industry_group';
  if (/^\d{4}$/.test(code)) return 'industry_class';
  return null;
}

/**
 * `column` is one of `values`. One value is written as an equality, so the planner can walk a
 * `(column, weight desc, id)` index in weight order (migration 0027); an `= any(array)` of one
 * element would not be seen as an equality and would read every match before sorting.
 */
export function anyOf(p: SqlParams, column: string, values: readonly string[]): string {
  return values.length === 1
    ? `${column} = ${p.add(values[0])}`
    : `${column} = any(${p.add(values)}::text[])`;
}

/** Codes grouped by the column they filter, OR-ed together. */
function anyOfCodes(
  p: SqlParams,
  codes: string[],
  column: (c: string) => string | null,
): string | null {
  const byColumn = new Map<string, string[]>();
  for (const code of codes) {
    const col = column(code);
    if (col) byColumn.set(col, [...(byColumn.get(col) ?? []), code]);
  }
  if (byColumn.size === 0) return 'false';
  return `(${[...byColumn].map(([col, list]) => anyOf(p, `e.${col}`, list)).join(' or ')})`;
}

/**
 * The chosen bands of an ascending band list, adjacent ones joined into one range (1-3年 and
 * 3-5年 → 1-5年): the same rows, and a single range is an index condition where an OR of ranges
 * is only a filter (an index walk then reads past every company outside them).
 */
export function joinedBands<M extends number | null>(
  bands: readonly { key: string; min: M; max: number | null }[],
  keys: readonly string[],
): { min: M; max: number | null }[] {
  const out: { min: M; max: number | null }[] = [];
  for (const b of bands) {
    if (!keys.includes(b.key)) continue;
    const last = out[out.length - 1];
    if (last && last.max !== null && last.max === b.min) last.max = b.max;
    else out.push({ min: b.min, max: b.max });
  }
  return out;
}

/** LIKE patterns of organisation-type options: a company's type matches when it contains one. */
export function orgTypePatterns(keys: readonly string[]): string[] {
  return ORG_TYPE_OPTIONS.filter((o) => keys.includes(o.key)).flatMap((o) =>
    o.match.map((m) => `%${escapeLike(m)}%`),
  );
}

/** Filters as SQL conditions on `enterprises e`. */
export function filterConditions(p: SqlParams, f: EnterpriseFilters): string[] {
  const where: string[] = [];
  if (f.regions?.length) where.push(anyOfCodes(p, f.regions, regionColumn)!);
  if (f.industries?.length) where.push(anyOfCodes(p, f.industries, industryColumn)!);
  if (f.capitalBands?.length) {
    const ranges = joinedBands(CAPITAL_BANDS, f.capitalBands).map((b) => {
      const parts = [];
      if (b.min !== null) parts.push(`e.reg_capital >= ${p.add(b.min)}`);
      if (b.max !== null) parts.push(`e.reg_capital < ${p.add(b.max)}`);
      return parts.length ? `(${parts.join(' and ')})` : '(e.reg_capital is not null)';
    });
    if (ranges.length) where.push(`(${ranges.join(' or ')})`);
  }
  if (f.capitalMin !== undefined) where.push(`e.reg_capital >= ${p.add(f.capitalMin)}`);
  if (f.capitalMax !== undefined) where.push(`e.reg_capital <= ${p.add(f.capitalMax)}`);
  if (f.establishBands?.length) {
    const ranges = joinedBands(ESTABLISH_BANDS, f.establishBands).map((b) => {
      const parts = [`e.establish_date <= current_date - make_interval(years => ${p.add(b.min)})`];
      if (b.max !== null)
        parts.push(`e.establish_date > current_date - make_interval(years => ${p.add(b.max)})`);
      return `(${parts.join(' and ')})`;
    });
    if (ranges.length) where.push(`(${ranges.join(' or ')})`);
  }
  if (f.statuses?.length) where.push(anyOf(p, 'e.status', f.statuses));
  if (f.orgTypes?.length) {
    const patterns = orgTypePatterns(f.orgTypes);
    if (patterns.length) where.push(`e.org_type like any(${p.add(patterns)}::text[])`);
  }
  if (f.staffSizes?.length) where.push(anyOf(p, 'e.staff_size', f.staffSizes));
  if (f.tags?.length) where.push(`e.tags @> ${p.add(f.tags)}::text[]`);
  if (f.hasPhone) where.push('e.phone_count > 0');
  if (f.hasEmail) where.push('e.email_count > 0');
  if (f.hasWebsite) where.push(`coalesce(e.website, '') <> ''`);
  if (f.listed) where.push('e.listed');
  return where;
}

/** ORDER BY of each sort; ties go by weight, then id, so pages never overlap. */
export const SORT_ORDER: Record<EnterpriseSearchQuery['sort'], string> = {
  relevance: 'e.weight desc, e.id',
  capitalDesc: 'e.reg_capital desc nulls last, e.weight desc, e.id',
  capitalAsc: 'e.reg_capital asc nulls last, e.weight desc, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.weight desc, e.id',
  dateAsc: 'e.establish_date asc nulls last, e.weight desc, e.id',
};

/** A row of a match branch with what ranking and facets need. */
export type Candidate = {
  id: number;
  tier: number;
  weight: number;
  reg_capital: number | null;
  establish_date: string | null;
  province_code: string | null;
  industry_section: string | null;
  status: string;
};

/**
 * A query under its own statement timeout, for plan steps whose cost an estimate can get wrong:
 * null when it runs out, so the caller answers another way. On a pool it takes a connection of its
 * own; on a client (already in someone's transaction) it runs under the client's settings.
 */
export async function queryWithin<T extends pg.QueryResultRow>(
  db: Db,
  timeoutMs: number,
  sql: string,
  values: unknown[],
): Promise<T[] | null> {
  if ('release' in db) return (await db.query<T>(sql, values)).rows;
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
    const { rows } = await client.query<T>(sql, values);
    await client.query('commit');
    return rows;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    if ((err as { code?: string }).code === '57014') return null;
    throw err;
  } finally {
    client.release();
  }
}
