import type { Dayjs } from 'dayjs';
import type { ListSort } from '../table';

/*
 * How a CRM list's filters become its page query (CRM kit, ADR 0196). An entity declares what
 * each filter sends (`FilterFields`); the kit leaves unset filters out and adds paging, sort and
 * the recycle bin the same way for every list.
 */

/** A picked day range; either end may be open. */
export type Range = [Dayjs | null, Dayjs | null] | null;

/** Day ranges as the API takes them: [start of first day, end of last day] in epoch ms. */
export function toRange(r: Range): [number | null, number | null] | undefined {
  if (!r || (!r[0] && !r[1])) return undefined;
  return [r[0] ? r[0].startOf('day').valueOf() : null, r[1] ? r[1].endOf('day').valueOf() : null];
}

/**
 * What a filter sends when set: `text` and `value` as they are under the filter's own name,
 * `list` a non-empty list, `range` a day range (toRange), or the entity's own mapping (a region
 * path to province, city and district codes).
 */
export type FilterKind<V> = 'text' | 'value' | 'list' | 'range' | ((v: V) => object);
export type FilterFields<F> = { [K in keyof F]: FilterKind<F[K]> };

function isSet(kind: FilterKind<never>, v: unknown): boolean {
  if (kind === 'range') return toRange(v as Range) !== undefined;
  if (Array.isArray(v)) return v.length > 0;
  return v !== null && v !== undefined && v !== '';
}

/** Any declared filter is set (an empty range or list is not). */
export function anyFilterSet<F extends object>(fields: FilterFields<F>, f: F): boolean {
  return (Object.keys(fields) as (keyof F)[]).some((k) =>
    isSet(fields[k] as FilterKind<never>, f[k]),
  );
}

/** The query part of the set filters, in the form the contract takes. */
export function filterQuery<F extends object>(
  fields: FilterFields<F>,
  f: F,
): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  for (const k of Object.keys(fields) as (keyof F & string)[]) {
    const kind = fields[k] as FilterKind<F[typeof k]>;
    const v = f[k];
    if (!isSet(kind as FilterKind<never>, v)) continue;
    if (typeof kind === 'function') Object.assign(q, kind(v));
    else q[k] = kind === 'range' ? toRange(v as Range) : v;
  }
  return q;
}

/** Paging, sort and the recycle bin, as every CRM page query starts. */
export function pageQuery<S extends string>(
  sort: ListSort<S>,
  pageNo: number,
  pageSize: number,
  deleted: boolean,
): { pageNo: number; pageSize: number; sortField: S; sortOrder: 'asc' | 'desc'; deleted?: true } {
  const q: {
    pageNo: number;
    pageSize: number;
    sortField: S;
    sortOrder: 'asc' | 'desc';
    deleted?: true;
  } = {
    pageNo,
    pageSize,
    sortField: sort.field,
    sortOrder: sort.order,
  };
  if (deleted) q.deleted = true;
  return q;
}
