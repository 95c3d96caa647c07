import { getRegion, regionPath } from '@/lib/shared/geo';
import { getSections } from '@/lib/shared/industry/industries';
import type {
  AdvancedCondition,
  AdvancedSearchCondition,
  ConditionGroup,
} from '@/lib/shared/search/advanced';
import { CAPITAL_BANDS, ESTABLISH_BANDS } from '@/lib/shared/search/filters';
import { normalizeKeyword, searchForm } from '@/lib/shared/search/query';

/**
 * /mapGetCustomer (spec 2.1, issue 30 item 2): an open page where a visitor picks a keyword and a
 * few filters and sees how many companies each region holds, on the map and in a list, with a
 * short masked list of companies. Its state is the address (a plain GET form), so the page works
 * and is indexable without JavaScript.
 */
export const MAP_GET_CUSTOMER_PATH = '/mapGetCustomer';
/** Companies listed under the map (names, region, industry: no contacts). */
export const MAP_GET_CUSTOMER_LIST_SIZE = 10;
export const MAP_GET_CUSTOMER_KEYWORD_MAX = 30;

export const MAP_GET_CUSTOMER_MESSAGES = {
  keywordTooLong: `关键词最多 ${MAP_GET_CUSTOMER_KEYWORD_MAX} 个字，已截取前 ${MAP_GET_CUSTOMER_KEYWORD_MAX} 个字查询`,
} as const;

export type MapGetCustomerQuery = {
  keyword: string;
  /** '' China; a province or a city (the map drills no deeper: district outlines are not shipped). */
  region: string;
  /** An industry section letter (A-T). */
  industry: string;
  capitalBand: string;
  establishBand: string;
};

export type MapGetCustomerParsed = { query: MapGetCustomerQuery; notice: string | null };

type Params = Record<string, string | string[] | undefined>;

function one(params: Params, name: string): string {
  const v = params[name];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
}

/**
 * Forgiving: anything that is not a known region, section or band is dropped (the address comes
 * from anyone); an over-long keyword is cut, and the page says so.
 */
export function parseMapGetCustomerParams(params: Params): MapGetCustomerParsed {
  const raw = normalizeKeyword(one(params, 'keyword'));
  const chars = Array.from(raw);
  const keyword = chars.slice(0, MAP_GET_CUSTOMER_KEYWORD_MAX).join('');
  const regionCode = one(params, 'region');
  const region = getRegion(regionCode);
  const industry = one(params, 'industry').toUpperCase();
  const capitalBand = one(params, 'capital');
  const establishBand = one(params, 'establish');
  return {
    query: {
      keyword,
      region: region ? region.code : '',
      industry: getSections().some((s) => s.code === industry) ? industry : '',
      capitalBand: CAPITAL_BANDS.some((b) => b.key === capitalBand) ? capitalBand : '',
      establishBand: ESTABLISH_BANDS.some((b) => b.key === establishBand) ? establishBand : '',
    },
    notice:
      chars.length > MAP_GET_CUSTOMER_KEYWORD_MAX ? MAP_GET_CUSTOMER_MESSAGES.keywordTooLong : null,
  };
}

/** The page's address for a query (defaults left out, so the national view is the bare path). */
export function mapGetCustomerHref(query: MapGetCustomerQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.region) params.set('region', query.region);
  if (query.industry) params.set('industry', query.industry);
  if (query.capitalBand) params.set('capital', query.capitalBand);
  if (query.establishBand) params.set('establish', query.establishBand);
  const search = params.toString();
  return search ? `${MAP_GET_CUSTOMER_PATH}?${search}` : MAP_GET_CUSTOMER_PATH;
}

/** Whether the query is the page's default (national, no conditions): the indexable view. */
export function isDefaultMapGetCustomerQuery(query: MapGetCustomerQuery): boolean {
  return (
    !query.keyword && !query.region && !query.industry && !query.capitalBand && !query.establishBand
  );
}

/**
 * The query as advanced-search conditions: the keyword in the name or the business scope (a
 * single character in the name only: the scope needs two), the filters ANDed. `withRegion`: the
 * list is limited to the region; the counts are grouped inside it instead.
 */
export function mapGetCustomerCondition(
  query: MapGetCustomerQuery,
  withRegion: boolean,
): AdvancedSearchCondition {
  const keyword: AdvancedCondition[] = [];
  const form = Array.from(searchForm(query.keyword));
  if (form.length > 0) {
    keyword.push({ field: 'name', op: 'contains', value: query.keyword });
    if (form.length >= 2)
      keyword.push({ field: 'businessScope', op: 'contains', value: query.keyword });
  }
  const filters: AdvancedCondition[] = [];
  if (query.industry) filters.push({ field: 'industry', op: 'in', values: [query.industry] });
  if (query.capitalBand)
    filters.push({ field: 'capitalBand', op: 'in', values: [query.capitalBand] });
  if (query.establishBand)
    filters.push({ field: 'establishBand', op: 'in', values: [query.establishBand] });
  if (withRegion && query.region)
    filters.push({ field: 'region', op: 'in', values: [query.region] });
  return {
    logic: 'and',
    groups: (
      [
        { logic: 'or', conditions: keyword },
        { logic: 'and', conditions: filters },
      ] satisfies ConditionGroup[]
    ).filter((g) => g.conditions.length > 0),
  };
}

/** 全国 › 省 › 市: each step with the address that shows it (the filters kept). */
export function mapGetCustomerTrail(
  query: MapGetCustomerQuery,
): { code: string; name: string; href: string }[] {
  return [
    { code: '', name: '全国', href: mapGetCustomerHref({ ...query, region: '' }) },
    ...regionPath(query.region).map((r) => ({
      code: r.code,
      name: r.name,
      href: mapGetCustomerHref({ ...query, region: r.code }),
    })),
  ];
}
