import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { CAPITAL_BANDS, ESTABLISH_BANDS, STATUS_OPTIONS } from '@/lib/shared/search/filters';
import type { EnterpriseSearchResult } from '@/lib/shared/search/types';
import type { Candidate } from './search-sql';

function capitalBandOf(capital: number | null): string | null {
  if (capital === null) return null;
  return (
    CAPITAL_BANDS.find(
      (b) => (b.min === null || capital >= b.min) && (b.max === null || capital < b.max),
    )?.key ?? null
  );
}

/**
 * The 成立年限 band of an establishment date (YYYY-MM-DD), as the filter (search-sql.ts) counts
 * it: at least `min` whole years before today and fewer than `max`.
 */
export function establishBandOf(date: string | null, today: Date = new Date()): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return null;
  const tm = today.getMonth() + 1;
  const td = today.getDate();
  // Whole years since the date: the anniversary reached today counts (date <= today - n years).
  const years = today.getFullYear() - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  if (years < 0) return null;
  return (
    ESTABLISH_BANDS.find((b) => years >= b.min && (b.max === null || years < b.max))?.key ?? null
  );
}

/** Facet buckets from counts, in the order users expect. */
export function facetBuckets(
  counts: Map<string, Map<string, number>>,
): EnterpriseSearchResult['facets'] {
  const statusOrder = STATUS_OPTIONS.map((s) => s.key);
  const bandOrder = CAPITAL_BANDS.map((b) => b.key);
  const establishOrder = ESTABLISH_BANDS.map((b) => b.key);
  const list = (facet: string, label: (k: string) => string, limit = 34) =>
    [...(counts.get(facet) ?? new Map<string, number>())]
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([key, count]) => ({ key, label: label(key), count }));
  return {
    region: list('region', regionName),
    industry: list('industry', industryName),
    status: list('status', (k) => k).sort(
      (a, b) => statusOrder.indexOf(a.key) - statusOrder.indexOf(b.key),
    ),
    capitalBand: list(
      'capitalBand',
      (k) => CAPITAL_BANDS.find((b) => b.key === k)?.label ?? k,
    ).sort((a, b) => bandOrder.indexOf(a.key) - bandOrder.indexOf(b.key)),
    establishBand: list(
      'establishBand',
      (k) => ESTABLISH_BANDS.find((b) => b.key === k)?.label ?? k,
    ).sort((a, b) => establishOrder.indexOf(a.key) - establishOrder.indexOf(b.key)),
  };
}

/** Facet counts of candidate rows the small plan gathered in full. */
export function countsOf(rows: Candidate[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const add = (facet: string, key: string | null) => {
    if (key === null) return;
    if (!out.has(facet)) out.set(facet, new Map());
    const m = out.get(facet)!;
    m.set(key, (m.get(key) ?? 0) + 1);
  };
  for (const r of rows) {
    add('region', r.province_code);
    add('industry', r.industry_section);
    add('status', r.status);
    add('capitalBand', capitalBandOf(r.reg_capital));
    add('establishBand', establishBandOf(r.establish_date));
  }
  return out;
}
