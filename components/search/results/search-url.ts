import { searchParamsFromQuery } from '@/lib/shared/search/query';
import type { EnterpriseFilters, EnterpriseSearchQuery } from '@/lib/shared/search/types';

export type SearchType = 'default' | 'park';

type ListField = {
  [K in keyof EnterpriseFilters]-?: EnterpriseFilters[K] extends string[] | undefined ? K : never;
}[keyof EnterpriseFilters];
type FlagField = 'hasPhone' | 'hasEmail' | 'hasWebsite' | 'listed';

/**
 * Links of /companySearch: every filter, sort and page is a plain URL, so the page works without
 * JavaScript and results can be shared. A changed filter goes back to page 1.
 */
export class SearchUrls {
  constructor(
    readonly query: EnterpriseSearchQuery,
    readonly searchType: SearchType,
  ) {}

  href(patch: Partial<EnterpriseSearchQuery> = {}): string {
    const next = { ...this.query, pageNo: 1, ...patch };
    const p = searchParamsFromQuery(next);
    if (this.searchType === 'park') p.set('searchType', 'park');
    const qs = p.toString();
    return qs ? `/companySearch?${qs}` : '/companySearch';
  }

  withFilters(filters: EnterpriseFilters): string {
    return this.href({ filters });
  }

  /** Adds or removes one option of a multi-select filter. */
  toggle(field: ListField, key: string): string {
    const current = this.query.filters[field] ?? [];
    const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
    return this.withFilters({ ...this.query.filters, [field]: next.length ? next : undefined });
  }

  isOn(field: ListField, key: string): boolean {
    return (this.query.filters[field] ?? []).includes(key);
  }

  /** Replaces a cascade filter (region, industry) with one code, or clears it. */
  set(field: 'regions' | 'industries', code: string | null): string {
    return this.withFilters({ ...this.query.filters, [field]: code ? [code] : undefined });
  }

  flag(field: FlagField): string {
    return this.withFilters({
      ...this.query.filters,
      [field]: this.query.filters[field] ? undefined : true,
    });
  }

  without(fields: (keyof EnterpriseFilters)[]): string {
    const filters = { ...this.query.filters };
    for (const f of fields) delete filters[f];
    return this.withFilters(filters);
  }

  page(pageNo: number): string {
    return this.href({ pageNo });
  }

  /** Hidden inputs that keep everything but the named URL parameters (the capital range form). */
  hiddenInputs(except: string[]): [string, string][] {
    const p = searchParamsFromQuery({ ...this.query, pageNo: 1 });
    if (this.searchType === 'park') p.set('searchType', 'park');
    return [...p.entries()].filter(([k]) => !except.includes(k));
  }
}

/** How many conditions are chosen (each option, flag and the capital range count once). */
export function activeFilterCount(f: EnterpriseFilters): number {
  let n = 0;
  for (const [k, v] of Object.entries(f)) {
    if (k === 'capitalMax') continue; // the range counts once, with capitalMin
    if (k === 'capitalMin') n += v !== undefined || f.capitalMax !== undefined ? 1 : 0;
    else if (Array.isArray(v)) n += v.length;
    else if (v) n += 1;
  }
  if (f.capitalMin === undefined && f.capitalMax !== undefined) n += 1;
  return n;
}

export function hasAnyFilter(f: EnterpriseFilters): boolean {
  return Object.values(f).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined));
}
