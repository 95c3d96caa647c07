/**
 * Filter options of enterprise search (spec 2.1 companySearch / advancedSearch). The keys travel in
 * URLs and API bodies; the labels are what users see.
 */
export type Option = { key: string; label: string };

/** Registered capital bands in 万 (ten-thousands); `max` is exclusive. */
export const CAPITAL_BANDS: readonly (Option & { min: number | null; max: number | null })[] = [
  { key: 'lt100', label: '100万以内', min: null, max: 100 },
  { key: '100-500', label: '100-500万', min: 100, max: 500 },
  { key: '500-1000', label: '500-1000万', min: 500, max: 1000 },
  { key: '1000-5000', label: '1000-5000万', min: 1000, max: 5000 },
  { key: 'gte5000', label: '5000万以上', min: 5000, max: null },
];

/** Years since establishment; `max` is exclusive. */
export const ESTABLISH_BANDS: readonly (Option & { min: number; max: number | null })[] = [
  { key: 'lt1', label: '1年内', min: 0, max: 1 },
  { key: '1-3', label: '1-3年', min: 1, max: 3 },
  { key: '3-5', label: '3-5年', min: 3, max: 5 },
  { key: '5-10', label: '5-10年', min: 5, max: 10 },
  { key: 'gte10', label: '10年以上', min: 10, max: null },
];

export const STATUS_OPTIONS: readonly Option[] = [
  '存续',
  '在业',
  '迁出',
  '吊销',
  '注销',
  '停业',
].map((s) => ({ key: s, label: s }));

/** Organisation type groups; `match` is a fragment of the registered organisation type text. */
export const ORG_TYPE_OPTIONS: readonly (Option & { match: string[] })[] = [
  { key: 'llc', label: '有限责任公司', match: ['有限责任公司'] },
  { key: 'jsc', label: '股份有限公司', match: ['股份有限公司'] },
  { key: 'partnership', label: '合伙企业', match: ['合伙企业'] },
  { key: 'sole', label: '个人独资企业', match: ['个人独资企业'] },
  { key: 'individual', label: '个体工商户', match: ['个体工商户'] },
  { key: 'coop', label: '农民专业合作社', match: ['农民专业合作社'] },
  { key: 'state', label: '全民/集体所有制', match: ['全民所有制', '集体所有制'] },
  { key: 'foreign', label: '外资企业', match: ['台港澳', '外国法人'] },
];

export const STAFF_SIZE_OPTIONS: readonly Option[] = [
  '小于50人',
  '50-99人',
  '100-499人',
  '500-999人',
  '1000-4999人',
  '5000-9999人',
  '10000人以上',
].map((s) => ({ key: s, label: s }));

export const TAG_OPTIONS: readonly Option[] = [
  '高新技术企业',
  '科技型中小企业',
  '专精特新',
  '小巨人',
  '瞪羚',
  '上市',
  '小微企业',
  '外资企业',
  '国有企业',
].map((s) => ({ key: s, label: s }));

export const SORT_OPTIONS = [
  { key: 'relevance', label: '综合排序' },
  { key: 'capitalDesc', label: '注册资本从高到低' },
  { key: 'capitalAsc', label: '注册资本从低到高' },
  { key: 'dateDesc', label: '成立日期从近到远' },
  { key: 'dateAsc', label: '成立日期从远到近' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

export const PAGE_SIZES = [10, 20, 50] as const;

/** Keyword length limit: longer input is cut (a company name is at most ~50 characters). */
export const KEYWORD_MAX_LENGTH = 50;

/** Matches counted and ranked per query; beyond it the total reads “10000+”. */
export const MATCH_CAP = 10_000;

/** Anonymous visitors may page as deep as the free edition. */
export const ANONYMOUS_MAX_RESULTS = 100;
