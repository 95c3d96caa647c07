import type { SortKey } from './filters';

/** Filters of enterprise search; every field is optional and they combine with AND. */
export type EnterpriseFilters = {
  /** Region codes at any level (province, city or district); several combine with OR. */
  regions?: string[];
  /** GB/T 4754 codes at any level (section letter, 2, 3 or 4 digits); OR within. */
  industries?: string[];
  capitalBands?: string[];
  /** Custom registered-capital range in 万. */
  capitalMin?: number;
  capitalMax?: number;
  establishBands?: string[];
  statuses?: string[];
  orgTypes?: string[];
  staffSizes?: string[];
  /** All listed tags must be present. */
  tags?: string[];
  hasPhone?: boolean;
  hasEmail?: boolean;
  hasWebsite?: boolean;
  listed?: boolean;
};

export type EnterpriseSearchQuery = {
  keyword: string;
  filters: EnterpriseFilters;
  sort: SortKey;
  pageNo: number;
  pageSize: number;
};

// What search answers is described once, by the zod schemas of the search contract.
export type {
  EnterpriseSearchHit,
  EnterpriseSearchResult,
  EnterpriseSuggestion,
  FacetBucket,
  HighlightSegment,
  MatchField,
} from './search.contract';
