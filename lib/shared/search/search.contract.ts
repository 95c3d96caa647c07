import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { SORT_OPTIONS, type SortKey } from './filters';
import { requiredId } from '@/lib/shared/enterprise/enterprise.contract';
import { enterpriseFiltersSchema, enterpriseSearchQuerySchema, normalizeKeyword } from './query';
import {
  advancedConditionSchema,
  advancedSearchConditionSchema,
  advancedSearchRequestSchema,
  type AdvancedSearchCondition,
} from './advanced';

const tags = ['企业搜索'];
const advancedTags = ['高级搜索'];

// ---- What search answers ----

/** Text with the matched parts marked; rendered as elements, never as HTML. */
export const highlightSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type HighlightSegment = z.infer<typeof highlightSegmentSchema>;

export const MATCH_FIELDS = [
  '企业名称',
  '曾用名',
  '品牌',
  '统一社会信用代码',
  '法定代表人',
  '股东',
  '电话',
  '地址',
  '经营范围',
] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export const enterpriseSearchHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameSegments: z.array(highlightSegmentSchema),
  uncid: z.string(),
  status: z.string(),
  legalPerson: z.string(),
  regCapital: z.number().nullable(),
  regCapitalCurrency: z.string(),
  establishDate: z.string().nullable(),
  provinceName: z.string(),
  cityName: z.string(),
  address: z.string().nullable(),
  industryName: z.string(),
  orgType: z.string(),
  tags: z.array(z.string()),
  /** Counts only: the contacts themselves stay masked until unlocked. */
  phoneCount: z.number().int(),
  emailCount: z.number().int(),
  website: z.string().nullable(),
  /** Where the keyword matched when not in the name, with the matched text. */
  matched: z
    .object({ field: z.enum(MATCH_FIELDS), segments: z.array(highlightSegmentSchema) })
    .nullable(),
});
export type EnterpriseSearchHit = z.infer<typeof enterpriseSearchHitSchema>;

export const facetBucketSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type FacetBucket = z.infer<typeof facetBucketSchema>;

export const enterpriseSearchResultSchema = z.object({
  list: z.array(enterpriseSearchHitSchema),
  /** Matches: counted exactly for small result sets, estimated for big ones (see totalCapped). */
  total: z.number().int(),
  /** True when `total` is an estimate (big result sets): show totalText, e.g. “约32万”. */
  totalCapped: z.boolean(),
  /** The total as users read it: “1,234” when exact, “约32万” / “约3,400” when estimated. */
  totalText: z.string().optional(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** The deepest result this caller may page to (edition limit). */
  maxResults: z.number().int(),
  /** Counts per bucket; estimated (scaled from a sample) when totalCapped is true. */
  facets: z.object({
    region: z.array(facetBucketSchema),
    industry: z.array(facetBucketSchema),
    status: z.array(facetBucketSchema),
    capitalBand: z.array(facetBucketSchema),
    /** 成立年限 (issue 28 item 7: the facet had no counts). */
    establishBand: z.array(facetBucketSchema),
  }),
  /** A notice for the user (a too-short keyword, a page beyond the edition limit). */
  notice: z.string().nullable(),
  tookMs: z.number(),
});
export type EnterpriseSearchResult = z.infer<typeof enterpriseSearchResultSchema>;

/** Spec 3 "enterprise suggestion". */
export const enterpriseSuggestionSchema = z.object({
  ent_id: z.number().int(),
  entname: z.string(),
  uncid: z.string(),
});
export type EnterpriseSuggestion = z.infer<typeof enterpriseSuggestionSchema>;

export type TreeOption = { value: string; label: string; children?: TreeOption[] };
const leafOptionSchema = z.object({ value: z.string(), label: z.string() });
/** Regions and industries come two levels deep (province → city, section → division). */
const treeOptionSchema = leafOptionSchema.extend({
  children: z.array(leafOptionSchema).optional(),
});
const optionSchema = z.object({ key: z.string(), label: z.string() });
const sortKeys = SORT_OPTIONS.map((s) => s.key) as [SortKey, ...SortKey[]];

/** /config/static: every filter option of the search screens with its label. */
export const searchConfigSchema = z.object({
  regions: z.array(treeOptionSchema),
  industries: z.array(treeOptionSchema),
  capitalBands: z.array(optionSchema),
  establishBands: z.array(optionSchema),
  statuses: z.array(optionSchema),
  orgTypes: z.array(optionSchema),
  staffSizes: z.array(optionSchema),
  tags: z.array(optionSchema),
  sorts: z.array(z.object({ key: z.enum(sortKeys), label: z.string() })),
});
export type StaticConfig = z.infer<typeof searchConfigSchema>;

export const advancedCountSchema = z.object({
  total: z.number().int(),
  totalCapped: z.boolean(),
  tookMs: z.number(),
});
export type AdvancedCount = z.infer<typeof advancedCountSchema>;

export const advancedSearchResultSchema = advancedCountSchema.extend({
  list: z.array(enterpriseSearchHitSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  maxResults: z.number().int(),
  notice: z.string().nullable(),
});
export type AdvancedSearchResult = z.infer<typeof advancedSearchResultSchema>;

// ---- The openapi proxy (spec 7.3) ----

export const OPENAPI_URL_PATHS = [
  '/enterprise/search',
  '/enterprise/suggest',
  '/config/static',
  '/advanced-search/count',
  '/advanced-search/page',
] as const;
export type OpenapiUrlPath = (typeof OPENAPI_URL_PATHS)[number];

/** Body of /enterprise/suggest: 6 suggestions on the login screen, 10 in the top bar (spec 5 / 9). */
export const suggestBodySchema = z.object({
  keyword: z.string().max(200, '关键词过长').default(''),
  size: z.coerce.number().int().min(1).max(10).default(10),
  type: z.enum(['enterprise', 'park']).default('enterprise'),
});

/**
 * The body of /enterprise/search as the proxy takes it: the keyword as typed (the service
 * normalises it, and says so when nothing searchable was left).
 */
export const proxySearchBodySchema = enterpriseSearchQuerySchema.extend({
  keyword: z.string().max(500, '关键词过长').default(''),
});

export type ProxySearchBody = z.output<typeof proxySearchBodySchema>;
export type SuggestBody = z.output<typeof suggestBodySchema>;

/**
 * The openapi proxy of spec 7.3 on one data plan's path: five operations chosen by ?urlPath, one
 * contract each, so every caller gets its own body and answer types and OpenAPI an entry per
 * operation.
 */
function openapiOperations<P extends string>(path: P) {
  const on = <V extends OpenapiUrlPath>(value: V) =>
    ({
      method: 'POST',
      path,
      operation: { param: 'urlPath', value },
      tags,
      access: 'public',
      write: false,
      expensive: true,
    }) as const;
  return {
    search: defineContract({
      ...on('/enterprise/search'),
      summary: '企业数据代理：企业搜索（名称、信用代码、筛选与排序）',
      body: proxySearchBodySchema,
      response: enterpriseSearchResultSchema,
    }),
    suggest: defineContract({
      ...on('/enterprise/suggest'),
      summary: '企业数据代理：搜索联想（企业或园区）',
      body: suggestBodySchema,
      response: z.array(enterpriseSuggestionSchema),
    }),
    staticConfig: defineContract({
      ...on('/config/static'),
      summary: '企业数据代理：筛选项配置（地区、行业、区间、标签、排序）',
      body: z.record(z.string(), z.unknown()).optional(),
      response: searchConfigSchema,
    }),
    advancedCount: defineContract({
      ...on('/advanced-search/count'),
      summary: '企业数据代理：高级搜索计数',
      body: advancedSearchConditionSchema,
      response: advancedCountSchema,
    }),
    advancedPage: defineContract({
      ...on('/advanced-search/page'),
      summary: '企业数据代理：高级搜索结果',
      body: advancedSearchRequestSchema,
      response: advancedSearchResultSchema,
    }),
  };
}

/** The three data plans of spec 7.3; they answer alike from the built-in search. */
export const openapiPaid = openapiOperations('/sztk/data/openapi');
export const openapiFree = openapiOperations('/sztk/data/openapi-free');
export const openapi3 = openapiOperations('/sztk/data/openapi3');

// ---- Conditions, templates and history (intelligent search) ----

export const searchConditionOptionsSchema = z.object({
  statuses: z.array(optionSchema),
  orgTypes: z.array(optionSchema),
  staffSizes: z.array(optionSchema),
  tags: z.array(optionSchema),
  capitalBands: z.array(optionSchema),
  establishBands: z.array(optionSchema),
  /** The keyword read as a request by the AI assistant's parser (its condition, notes, chips). */
  understood: z
    .object({
      recognized: z.boolean(),
      condition: advancedSearchConditionSchema,
      keyword: z.string().optional(),
      notes: z.array(z.string()),
      chips: z.array(
        z.object({ key: z.string(), label: z.string(), condition: advancedConditionSchema }),
      ),
    })
    .optional(),
});

export const getSearchCondition = defineContract({
  method: 'GET',
  path: '/shuzhituoke/intelligent-search/get-search-condition',
  summary: '按关键词给出可用的搜索条件（筛选项中标签包含关键词的条目）',
  tags,
  access: 'public',
  query: z.object({ keyword: z.string().max(50).default('') }),
  response: searchConditionOptionsSchema,
});

/** Per user; the save answers a catalogue error naming the limit beyond this many. */
export const SEARCH_TEMPLATE_LIMIT = 50;

/** What a template keeps: the keyword, the filters and, from advanced search, the condition groups. */
export const templateConditionSchema = z.object({
  keyword: z.string().max(500).default(''),
  filters: enterpriseFiltersSchema.default({}),
  advanced: advancedSearchConditionSchema.optional(),
});
export type TemplateCondition = z.infer<typeof templateConditionSchema>;

export const savedTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  condition: z.object({
    keyword: z.string().optional(),
    filters: z.record(z.string(), z.unknown()).optional(),
    advanced: z.custom<AdvancedSearchCondition>().optional(),
  }),
  createTime: epochMs,
});
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

export const getSearchConditionTemplates = defineContract({
  method: 'GET',
  path: '/shuzhituoke/intelligent-search/get-search-condition-template',
  summary: '本人保存的搜索条件模板（可按名称关键词过滤）',
  tags,
  access: 'tenant',
  query: z.object({ keyword: z.string().max(50).default('') }),
  response: z.array(savedTemplateSchema),
});

export const saveSearchConditionTemplate = defineContract({
  method: 'POST',
  path: '/shuzhituoke/intelligent-search/save-search-condition-template',
  summary: `保存搜索条件模板（每人最多 ${SEARCH_TEMPLATE_LIMIT} 个），data 为新模板 id`,
  tags,
  access: 'tenant',
  body: z.object({
    name: z.string().trim().min(1, '请输入模板名称').max(30, '模板名称最多 30 个字'),
    condition: templateConditionSchema,
  }),
  response: z.number().int(),
});

export const deleteSearchConditionTemplate = defineContract({
  method: 'DELETE',
  path: '/shuzhituoke/intelligent-search/delete-search-condition-template',
  summary: '删除本人的搜索条件模板',
  tags,
  access: 'tenant',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.boolean(),
});

/** Where a search was made: the search box and company search, or advanced search. */
export const SEARCH_HISTORY_KINDS = ['keyword', 'advanced'] as const;
export type SearchHistoryKind = (typeof SEARCH_HISTORY_KINDS)[number];

export const searchHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(SEARCH_HISTORY_KINDS),
  keyword: z.string(),
  /** As recorded: advanced searches keep their condition groups, the search box its searchType. */
  condition: z
    .object({
      advanced: z.custom<AdvancedSearchCondition>().optional(),
      searchType: z.string().optional(),
    })
    .catchall(z.unknown())
    .nullable(),
  createTime: epochMs,
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;

export const getSearchConditionHistory = defineContract({
  method: 'GET',
  path: '/shuzhituoke/intelligent-search/get-search-condition-history',
  summary: '本人最近的搜索记录（最多 20 条，相同条件只保留最近一次；kind 可选 keyword / advanced）',
  tags,
  access: 'tenant',
  query: z.object({ kind: z.enum(SEARCH_HISTORY_KINDS).optional() }),
  response: z.array(searchHistoryEntrySchema),
});

export const recordSearchHistory = defineContract({
  method: 'POST',
  path: '/shuzhituoke/intelligent-search/record-search-history',
  summary: '记录一次搜索（关键词与条件）',
  tags,
  access: 'tenant',
  write: false,
  body: z.object({
    keyword: z.string().max(200).default(''),
    condition: z.record(z.string(), z.unknown()).optional(),
  }),
  response: z.boolean(),
});

export const clearSearchHistory = defineContract({
  method: 'DELETE',
  path: '/shuzhituoke/intelligent-search/clear-search-history',
  summary: '清空本人的搜索记录',
  tags,
  access: 'tenant',
  response: z.boolean(),
});

// ---- Marks: what members pick from searches (spec 7.3) ----

/** A searched keyword as stored: normalised (full-width folded, symbols dropped), at most 200. */
const markKeywordSchema = z
  .string({ error: '请输入关键词' })
  .max(200, '关键词过长')
  .transform(normalizeKeyword);

export const markSearchKeyword = defineContract({
  method: 'POST',
  path: '/szjk/search/mark-keyword',
  summary: '记录一次关键词搜索（本人的关键词计数，供热门排序）',
  tags,
  access: 'user',
  write: false,
  body: z.object({
    keyword: markKeywordSchema.refine((k) => k.length > 0, '请输入关键词'),
  }),
  response: z.boolean(),
});

export const markSearchEnterprise = defineContract({
  method: 'POST',
  path: '/szjk/search/mark-enterprise',
  summary: '记录从搜索中打开了某家企业（可带当时的关键词；本人的企业计数，供热门排序）',
  tags,
  access: 'user',
  write: false,
  body: z.object({ entId: requiredId, keyword: markKeywordSchema.default('') }),
  response: z.boolean(),
});

// ---- Advanced search (spec 2.1 /advancedSearch) ----

export const countAdvancedSearch = defineContract({
  method: 'POST',
  path: '/shuzhituoke/advanced-search/count',
  summary:
    '高级搜索实时计数：条件组（groups[].conditions[]，组内与组间 and/or）命中的企业数（最多计 10000）',
  tags: advancedTags,
  access: 'public',
  write: false,
  expensive: true,
  body: advancedSearchConditionSchema,
  response: advancedCountSchema,
});

export const pageAdvancedSearch = defineContract({
  method: 'POST',
  path: '/shuzhituoke/advanced-search/page',
  summary: '高级搜索结果（分页、排序；可查看的深度为版本上限，未登录同免费版）',
  tags: advancedTags,
  access: 'public',
  write: false,
  expensive: true,
  body: advancedSearchRequestSchema,
  response: advancedSearchResultSchema,
});

export const exportAdvancedSearch = defineContract({
  method: 'POST',
  path: '/shuzhituoke/advanced-search/export',
  summary:
    '导出高级搜索的全部结果为 Excel（按排序取前 N 条，N 为版本的导出上限；联系方式未解锁打码）',
  tags: advancedTags,
  access: 'tenant',
  permission: 'szjk:enterprise:export',
  write: false,
  expensive: true,
  body: advancedSearchConditionSchema.extend({ sort: z.enum(sortKeys).default('relevance') }),
  responseKind: 'file',
  fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  response: z.unknown(),
});
