import type { EnterpriseSearchResult } from '@/lib/shared/search/types';

type Facets = EnterpriseSearchResult['facets'];
type Bucket = { key: string; count: number };

/**
 * Whether the answer came with facet counts at all: a search that counted nothing (a degraded
 * answer) shows its options without numbers rather than a row of zeros.
 */
export function facetsKnown(facets: Facets): boolean {
  return Object.values(facets).some((b) => b.length > 0);
}

/**
 * The count beside an option (issue 28 item 7): its bucket's count, 0 when the counted facet has
 * no bucket for it (an option that finds nothing says so), and nothing when counts are unknown.
 */
export function optionCount(
  buckets: readonly Bucket[] | undefined,
  key: string,
  known: boolean,
): number | undefined {
  if (!known || !buckets) return undefined;
  return buckets.find((b) => b.key === key)?.count ?? 0;
}
