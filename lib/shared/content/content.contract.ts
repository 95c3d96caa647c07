import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { enterpriseSearchHitSchema } from '@/lib/shared/search/search.contract';
import { advancedSearchConditionSchema } from '@/lib/shared/search/advanced';
import { getRegion } from '@/lib/shared/geo';
import { getIndustry } from '@/lib/shared/industry';
import {
  CONTENT_COMPARE_MAX,
  CONTENT_IMPORT_MAX_BYTES,
  CONTENT_KEYWORD_MAX,
  CONTENT_PAGE_SIZE_DEFAULT,
  CONTENT_PAGE_SIZE_MAX,
  NEWS_CATEGORY_VALUES,
  POLICY_KIND_VALUES,
  POLICY_LEVEL_VALUES,
  POLICY_STATUS_VALUES,
  REPORT_KIND_VALUES,
} from './content.constants';

/*
 * Knowledge content (issue 17): policies, subsidies, research reports, industry news and health
 * topics. Dates cross the wire as 'YYYY-MM-DD' strings (calendar days, no time zone); amounts in
 * fen. Every query schema is forgiving: an unknown filter value is dropped (not a 400/500), a
 * page number beyond the last page is clamped by the service, a too-long keyword is cut.
 */

const tags = ['知识内容'];

// ---- Forgiving query pieces ----

/** A value of a fixed list, or undefined when absent or unknown. */
function lenientEnum<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .unknown()
    .optional()
    .transform((v) =>
      typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined,
    );
}

/** A code of digits (region 2/4/6 digits) or a GB/T 4754 section letter / division digits. */
function lenientCode(pattern: RegExp) {
  return z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && pattern.test(v.trim()) ? v.trim() : undefined));
}

/** 'YYYY-MM-DD' or undefined. */
const lenientDay = z
  .unknown()
  .optional()
  .transform((v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
      ? v
      : undefined,
  );

const keyword = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim().slice(0, CONTENT_KEYWORD_MAX) : ''));

const pageNo = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = Math.floor(Number(v));
    return Number.isFinite(n) && n >= 1 ? n : 1;
  });

const pageSize = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = Math.floor(Number(v));
    if (!Number.isFinite(n) || n < 1) return CONTENT_PAGE_SIZE_DEFAULT;
    return Math.min(n, CONTENT_PAGE_SIZE_MAX);
  });

const sort = z
  .unknown()
  .optional()
  .transform((v): 'relevance' | 'date' => (v === 'date' ? 'date' : 'relevance'));

/** Region: a province, city or district code of lib/shared/geo (6 digits, GB/T 2260). */
const regionCode = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && getRegion(v.trim()) ? v.trim() : undefined));
/** Industry: a GB/T 4754 section letter (A-T) or a division (2 digits) of lib/shared/industry. */
const industryCode = z
  .unknown()
  .optional()
  .transform((v) => {
    const code = typeof v === 'string' ? v.trim() : '';
    return /^([A-T]|\d{2})$/.test(code) && getIndustry(code) ? code : undefined;
  });

// ---- Search queries ----

export const policySearchQuerySchema = z.object({
  q: keyword,
  region: regionCode,
  level: lenientEnum(POLICY_LEVEL_VALUES),
  industry: industryCode,
  kind: lenientEnum(POLICY_KIND_VALUES),
  /** Publish date range (inclusive). */
  dateFrom: lenientDay,
  dateTo: lenientDay,
  status: lenientEnum(POLICY_STATUS_VALUES),
  sort,
  pageNo,
  pageSize,
});
export type PolicySearchQuery = z.output<typeof policySearchQuerySchema>;
export type PolicySearchInput = z.input<typeof policySearchQuerySchema>;

export const reportSearchQuerySchema = z.object({
  q: keyword,
  /** yjbg 研究报告 (default) or cyzx 产业资讯. */
  kind: lenientEnum(REPORT_KIND_VALUES).transform((v) => v ?? 'yjbg'),
  industry: industryCode,
  /** Industry chain code (CY001…, lib/shared/industry/chains.ts). */
  chain: lenientCode(/^CY\d{3}$/),
  dateFrom: lenientDay,
  dateTo: lenientDay,
  sort,
  pageNo,
  pageSize,
});
export type ReportSearchQuery = z.output<typeof reportSearchQuerySchema>;

export const newsSearchQuerySchema = z.object({
  q: keyword,
  industry: industryCode,
  category: lenientEnum(NEWS_CATEGORY_VALUES),
  /** Health topic slug: only items tagged with the topic. */
  topic: lenientCode(/^[a-z][a-z0-9-]{1,30}$/),
  dateFrom: lenientDay,
  dateTo: lenientDay,
  sort,
  pageNo,
  pageSize,
});
export type NewsSearchQuery = z.output<typeof newsSearchQuerySchema>;

// ---- Items ----

export const facetBucketSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type ContentFacetBucket = z.infer<typeof facetBucketSchema>;

export const attachmentSchema = z.object({
  name: z.string(),
  /** Download URL through the file storage (/admin-api/infra/file/…) or an external link. */
  url: z.string(),
  size: z.number().int().nullable(),
});
export type ContentAttachment = z.infer<typeof attachmentSchema>;

const day = z.string().nullable();

export const policySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  issuer: z.string(),
  level: z.enum(POLICY_LEVEL_VALUES),
  levelLabel: z.string(),
  /** Region code (province/city/district) and its full name; national policies: null / '全国'. */
  regionCode: z.string().nullable(),
  regionName: z.string(),
  /** GB/T 4754 section letters / division codes and their names. */
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  kind: z.enum(POLICY_KIND_VALUES),
  kindLabel: z.string(),
  docNo: z.string().nullable(),
  publishDate: z.string(),
  effectiveDate: day,
  expiryDate: day,
  applyStart: day,
  applyEnd: day,
  status: z.enum(POLICY_STATUS_VALUES).nullable(),
  statusLabel: z.string(),
  /** Plain-text excerpt (≤ 160 characters) for lists and meta descriptions. */
  summary: z.string(),
  /** Subsidies attached to the policy (for list badges). */
  subsidyCount: z.number().int(),
  /** Highest subsidy amount in fen, or null. */
  maxAmountFen: z.number().nullable(),
  demo: z.boolean(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const subsidySummarySchema = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  name: z.string(),
  amountMinFen: z.number().nullable(),
  amountMaxFen: z.number().nullable(),
  applyStart: day,
  applyEnd: day,
  status: z.enum(POLICY_STATUS_VALUES).nullable(),
  statusLabel: z.string(),
});
export type SubsidySummary = z.infer<typeof subsidySummarySchema>;

export const policyDetailSchema = policySummarySchema.extend({
  /** Sanitised HTML (safe to render as is). */
  bodyHtml: z.string(),
  /** 解读: sanitised HTML, or '' when there is none. */
  interpretationHtml: z.string(),
  attachments: z.array(attachmentSchema),
  sourceUrl: z.string().nullable(),
  subsidies: z.array(subsidySummarySchema),
  /** A few policies of the same kind and region, newest first. */
  related: z.array(policySummarySchema.pick({ id: true, title: true, publishDate: true })),
});
export type PolicyDetail = z.infer<typeof policyDetailSchema>;

export const subsidyDetailSchema = subsidySummarySchema.extend({
  policy: policySummarySchema,
  /** 申报条件 as a list of sentences. */
  conditions: z.array(z.string()),
  /** Materials to submit. */
  materials: z.array(z.string()),
  /** Supported items / how the amount is computed (plain text). */
  supportContent: z.string(),
  /** The target enterprise profile: runs as an advanced search for 匹配企业. */
  targetProfile: advancedSearchConditionSchema,
  /** The profile in words (e.g. 所属地区：广东省；所属行业：制造业). */
  targetProfileText: z.string(),
});
export type SubsidyDetail = z.infer<typeof subsidyDetailSchema>;

export const chartSchema = z.object({
  title: z.string(),
  type: z.enum(['bar', 'line', 'pie']),
  unit: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type ReportChart = z.infer<typeof chartSchema>;

export const reportSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KIND_VALUES),
  title: z.string(),
  institution: z.string(),
  chainCode: z.string().nullable(),
  chainName: z.string(),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  publishDate: z.string(),
  pages: z.number().int().nullable(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  demo: z.boolean(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportDetailSchema = reportSummarySchema.extend({
  bodyHtml: z.string(),
  charts: z.array(chartSchema),
  attachments: z.array(attachmentSchema),
  sourceUrl: z.string().nullable(),
  related: z.array(reportSummarySchema.pick({ id: true, title: true, publishDate: true })),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const newsSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  source: z.string(),
  category: z.enum(NEWS_CATEGORY_VALUES),
  categoryLabel: z.string(),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  /** Health topic slugs the item is tagged with. */
  topics: z.array(z.string()),
  publishDate: z.string(),
  summary: z.string(),
  demo: z.boolean(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsDetailSchema = newsSummarySchema.extend({
  bodyHtml: z.string(),
  sourceUrl: z.string().nullable(),
  related: z.array(newsSummarySchema.pick({ id: true, title: true, publishDate: true })),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const healthTopicSummarySchema = z.object({
  /** URL segment, lower case (e.g. 'biomedicine'). */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** Tagged news items. */
  newsCount: z.number().int(),
  /** Tagged reports. */
  reportCount: z.number().int(),
});
export type HealthTopicSummary = z.infer<typeof healthTopicSummarySchema>;

export const healthTopicDetailSchema = healthTopicSummarySchema.extend({
  /** Newest tagged news (≤ 20), reports (≤ 10) and policies of the topic's industries (≤ 10). */
  news: z.array(newsSummarySchema),
  reports: z.array(reportSummarySchema),
  policies: z.array(policySummarySchema),
});
export type HealthTopicDetail = z.infer<typeof healthTopicDetailSchema>;

// ---- Results ----

function searchResult<T extends z.ZodType, F extends z.ZodRawShape>(item: T, facets: F) {
  return z.object({
    list: z.array(item),
    /** Exact up to CONTENT_COUNT_CAP matches; beyond it the planner's estimate (totalCapped). */
    total: z.number().int(),
    /** More matches than CONTENT_COUNT_CAP: `total` is estimated, pages stop at the cap (约N). */
    totalCapped: z.boolean(),
    /** The page actually served (clamped to the last page / the deepest page). */
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    facets: z.object(facets),
    tookMs: z.number(),
    /** Facets counted over a sample of a big match set and scaled (shown as 约N). */
    facetsEstimated: z.boolean(),
  });
}

const facetList = z.array(facetBucketSchema);

export const policySearchResultSchema = searchResult(policySummarySchema, {
  level: facetList,
  kind: facetList,
  status: facetList,
  /** Provinces (national policies under value '000000', 全国). */
  region: facetList,
  /** GB/T 4754 sections. */
  industry: facetList,
});
export type PolicySearchResult = z.infer<typeof policySearchResultSchema>;

export const reportSearchResultSchema = searchResult(reportSummarySchema, {
  chain: facetList,
  industry: facetList,
});
export type ReportSearchResult = z.infer<typeof reportSearchResultSchema>;

export const newsSearchResultSchema = searchResult(newsSummarySchema, {
  category: facetList,
  industry: facetList,
});
export type NewsSearchResult = z.infer<typeof newsSearchResultSchema>;

export const subsidyMatchResultSchema = z.object({
  list: z.array(enterpriseSearchHitSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type SubsidyMatchResult = z.infer<typeof subsidyMatchResultSchema>;

// ---- Comparison (showYDBList) ----

export const compareQuerySchema = z.object({
  /** Policy ids (comma-separated or repeated); unknown ids are left out of the answer. */
  ids: z
    .unknown()
    .optional()
    .transform((v) => {
      const raw = Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '';
      const ids = raw
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isSafeInteger(n) && n > 0);
      return [...new Set(ids)].slice(0, CONTENT_COMPARE_MAX);
    }),
});

/** One row of the side-by-side comparison: a policy with its subsidies' amounts and windows. */
export const policyCompareItemSchema = policySummarySchema.extend({
  subsidies: z.array(subsidySummarySchema),
});
export type PolicyCompareItem = z.infer<typeof policyCompareItemSchema>;

// ---- Endpoints ----

/** Spec 7.3: research reports page (query as reportSearchQuerySchema). */
export const researchReportPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/shuzhituoke_industry_research_report/page',
  summary: '产业研究报告分页（关键词、产业链、行业、日期；yjbg 研究报告 / cyzx 产业资讯）',
  tags,
  access: 'public',
  expensive: true,
  query: reportSearchQuerySchema,
  response: reportSearchResultSchema,
});

export const policyPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/policy/page',
  summary: '政策搜索（关键词、地区、层级、行业、类别、日期、申报状态；分面计数）',
  tags,
  access: 'public',
  expensive: true,
  query: policySearchQuerySchema,
  response: policySearchResultSchema,
});

export const policyGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/policy/get',
  summary: '政策详情',
  tags,
  access: 'public',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: policyDetailSchema,
});

/** Comparison lookups for the 对比 list (showYDBList): the policies that still exist, in order. */
export const policyCompare = defineContract({
  method: 'GET',
  path: '/shuzhituoke/policy/compare',
  summary: '政策对比（按 id 批量取摘要与补贴）',
  tags,
  access: 'public',
  query: compareQuerySchema,
  response: z.array(policyCompareItemSchema),
});

export const subsidyGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/subsidy/get',
  summary: '补贴项目详情',
  tags,
  access: 'public',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: subsidyDetailSchema,
});

/** 匹配企业: enterprises fitting the subsidy's target profile (signed-in tab). */
export const subsidyMatch = defineContract({
  method: 'GET',
  path: '/shuzhituoke/subsidy/match-enterprises',
  summary: '补贴匹配企业（按目标企业画像运行高级搜索）',
  tags,
  access: 'user',
  expensive: true,
  query: z.object({ id: z.coerce.number().int().positive(), pageNo, pageSize }),
  response: subsidyMatchResultSchema,
});

export const reportGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/shuzhituoke_industry_research_report/get',
  summary: '研究报告 / 产业资讯详情',
  tags,
  access: 'public',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: reportDetailSchema,
});

export const newsPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-news/page',
  summary: '行业资讯分页',
  tags,
  access: 'public',
  expensive: true,
  query: newsSearchQuerySchema,
  response: newsSearchResultSchema,
});

export const newsGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-news/get',
  summary: '行业资讯详情',
  tags,
  access: 'public',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: newsDetailSchema,
});

/** Admin upload: a JSON-lines file or a .zip-less folder export (.md files) runs as a job. */
export const contentImport = defineContract({
  method: 'POST',
  path: '/system/content/import',
  summary: '导入知识内容（JSON Lines / Markdown，后台任务，返回任务 id）',
  tags,
  access: 'user',
  permission: 'system:content:import',
  bodyType: 'multipart',
  maxUploadBytes: CONTENT_IMPORT_MAX_BYTES,
  response: z.object({ jobId: z.number().int() }),
});
