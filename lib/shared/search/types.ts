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

/** Text with the matched parts marked; rendered as elements, never as HTML. */
export type HighlightSegment = { text: string; hit: boolean };

export type MatchField =
  | '企业名称'
  | '曾用名'
  | '品牌'
  | '统一社会信用代码'
  | '法定代表人'
  | '股东'
  | '电话'
  | '地址'
  | '经营范围';

export type EnterpriseSearchHit = {
  id: number;
  name: string;
  nameSegments: HighlightSegment[];
  uncid: string;
  status: string;
  legalPerson: string;
  regCapital: number | null;
  regCapitalCurrency: string;
  establishDate: string | null;
  provinceName: string;
  cityName: string;
  address: string | null;
  industryName: string;
  orgType: string;
  tags: string[];
  /** Counts only: the contacts themselves stay masked until unlocked. */
  phoneCount: number;
  emailCount: number;
  website: string | null;
  /** Where the keyword matched when not in the name, with the matched text. */
  matched: { field: MatchField; segments: HighlightSegment[] } | null;
};

export type FacetBucket = { key: string; label: string; count: number };

export type EnterpriseSearchResult = {
  list: EnterpriseSearchHit[];
  /** Matches: counted exactly for small result sets, estimated for big ones (see totalCapped). */
  total: number;
  /** True when `total` is an estimate (big result sets): show totalText, e.g. “约32万”. */
  totalCapped: boolean;
  /** The total as users read it: “1,234” when exact, “约32万” / “约3,400” when estimated. */
  totalText?: string;
  pageNo: number;
  pageSize: number;
  /** The deepest result this caller may page to (edition limit). */
  maxResults: number;
  /** Counts per bucket; estimated (scaled from a sample) when totalCapped is true. */
  facets: {
    region: FacetBucket[];
    industry: FacetBucket[];
    status: FacetBucket[];
    capitalBand: FacetBucket[];
  };
  /** A notice for the user (a too-short keyword, a page beyond the edition limit). */
  notice: string | null;
  tookMs: number;
};

/** Spec 3 "enterprise suggestion". */
export type EnterpriseSuggestion = { ent_id: number; entname: string; uncid: string };
