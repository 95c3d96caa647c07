/**
 * Fixed vocabularies of the knowledge content (issue 17): policy levels, kinds and statuses,
 * report kinds, news categories and health topics. Values travel in URLs and the API; labels are
 * what the pages show.
 */

export const POLICY_LEVELS = [
  { value: 'national', label: '国家级' },
  { value: 'provincial', label: '省级' },
  { value: 'city', label: '市级' },
  { value: 'district', label: '区县级' },
] as const;
export type PolicyLevel = (typeof POLICY_LEVELS)[number]['value'];
export const POLICY_LEVEL_VALUES = POLICY_LEVELS.map((l) => l.value) as [
  PolicyLevel,
  ...PolicyLevel[],
];

export const POLICY_KINDS = [
  { value: 'funding', label: '资金扶持' },
  { value: 'tax', label: '税收优惠' },
  { value: 'talent', label: '人才政策' },
  { value: 'innovation', label: '科技创新' },
  { value: 'industry', label: '产业发展' },
  { value: 'finance', label: '融资服务' },
  { value: 'land', label: '用地用房' },
  { value: 'qualification', label: '资质认定' },
] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number]['value'];
export const POLICY_KIND_VALUES = POLICY_KINDS.map((k) => k.value) as [PolicyKind, ...PolicyKind[]];

/**
 * Application status, derived from the application window and today's date (never stored, so it
 * cannot go stale): 申报中 while the window is open, 未开始 before it, 已截止 after it. A policy
 * without a window (a notice, a plan) has no status.
 */
export const POLICY_STATUSES = [
  { value: 'open', label: '申报中' },
  { value: 'upcoming', label: '未开始' },
  { value: 'closed', label: '已截止' },
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number]['value'];
export const POLICY_STATUS_VALUES = POLICY_STATUSES.map((s) => s.value) as [
  PolicyStatus,
  ...PolicyStatus[],
];

/** /zxyb/yjbg lists research reports (研究报告), /zxyb/cyzx industry briefings (产业资讯). */
export const REPORT_KINDS = [
  { value: 'yjbg', label: '研究报告' },
  { value: 'cyzx', label: '产业资讯' },
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number]['value'];
export const REPORT_KIND_VALUES = REPORT_KINDS.map((k) => k.value) as [ReportKind, ...ReportKind[]];

export const NEWS_CATEGORIES = [
  { value: 'policy', label: '政策动态' },
  { value: 'market', label: '市场动态' },
  { value: 'investment', label: '投融资' },
  { value: 'technology', label: '技术进展' },
  { value: 'enterprise', label: '企业动态' },
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number]['value'];
export const NEWS_CATEGORY_VALUES = NEWS_CATEGORIES.map((c) => c.value) as [
  NewsCategory,
  ...NewsCategory[],
];

/** Search sorts: relevance (title matches first, then newest) or newest first. */
export const CONTENT_SORTS = [
  { value: 'relevance', label: '相关度' },
  { value: 'date', label: '最新发布' },
] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number]['value'];

export const CONTENT_PAGE_SIZE_DEFAULT = 10;
export const CONTENT_PAGE_SIZE_MAX = 50;
/** Deepest page any list serves: larger page numbers are clamped (offset ≤ 10,000 rows). */
export const CONTENT_MAX_OFFSET = 10_000;
/**
 * Matches of a content search are counted up to this many; beyond it the total is an estimate
 * (`totalCapped`, shown as 约N) and the pages reach only the first CONTENT_COUNT_CAP matches.
 */
export const CONTENT_COUNT_CAP = 3_000;
/** Longest keyword kept (longer ones are cut, not refused). */
export const CONTENT_KEYWORD_MAX = 50;
/** Most ids a comparison lookup takes (the comparison list compares a handful side by side). */
export const CONTENT_COMPARE_MAX = 20;

/** The tabs of the signed-in policy page, by their {activeKey} segment (spec 2.2). */
export const POLICY_TABS = [
  { key: 'original', label: '原文' },
  { key: 'interpretation', label: '解读' },
  { key: 'conditions', label: '申报条件' },
  { key: 'enterprises', label: '匹配企业' },
] as const;
export type PolicyTabKey = (typeof POLICY_TABS)[number]['key'];

/** Shown on every page of generated content, like the enterprises' banner. */
export const DEMO_CONTENT_NOTICE = '演示数据：本页政策、报告与资讯为系统生成的示例内容，仅供体验。';

export function labelOf<T extends string>(
  list: readonly { value: T; label: string }[],
  value: T | string | null | undefined,
): string {
  return list.find((x) => x.value === value)?.label ?? '';
}

/**
 * Health-sector topics (the /industryInsights/health… pages): a tagged collection. News and
 * reports carry topic slugs in `topics`; `industries` pick the topic's policies.
 */
export const HEALTH_TOPICS = [
  {
    slug: 'biomedicine',
    name: '生物医药',
    description: '创新药、生物制品与医药研发外包的产业动态、研究报告与扶持政策。',
    tags: ['创新药', '生物制品', 'CXO'],
    industries: ['27'],
  },
  {
    slug: 'device',
    name: '医疗器械',
    description: '医学影像、体外诊断、高值耗材等医疗器械领域的资讯与政策。',
    tags: ['医学影像', '体外诊断', '高值耗材'],
    industries: ['35'],
  },
  {
    slug: 'digital',
    name: '数字健康',
    description: '互联网医疗、医疗信息化与健康大数据的进展。',
    tags: ['互联网医疗', '医疗信息化', '健康大数据'],
    industries: ['64', '65'],
  },
  {
    slug: 'eldercare',
    name: '康养服务',
    description: '养老服务、康复护理与健康管理相关的产业资讯。',
    tags: ['养老服务', '康复护理', '健康管理'],
    industries: ['84', '85'],
  },
  {
    slug: 'tcm',
    name: '中医药',
    description: '中药材种植、中成药与中医药服务的政策与市场动态。',
    tags: ['中药材', '中成药', '中医服务'],
    industries: ['27', '84'],
  },
] as const;
export type HealthTopicSlug = (typeof HEALTH_TOPICS)[number]['slug'];

/** Background job kind of the admin content upload. */
export const CONTENT_IMPORT_KIND = 'content_import';
/**
 * Largest upload the admin import takes (bigger sets: npm run import:content). JSON lines are
 * stored as a file and read line by line by the job; one Markdown document is read whole, so it
 * has its own, smaller limit.
 */
export const CONTENT_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const CONTENT_IMPORT_MARKDOWN_MAX_BYTES = 5 * 1024 * 1024;
