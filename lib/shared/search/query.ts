import { z } from 'zod';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  KEYWORD_MAX_LENGTH,
  ORG_TYPE_OPTIONS,
  SORT_OPTIONS,
  STAFF_SIZE_OPTIONS,
  STATUS_OPTIONS,
  TAG_OPTIONS,
  type SortKey,
} from './filters';
import type { EnterpriseFilters, EnterpriseSearchQuery } from './types';

// Emoji, pictographs, variation selectors and other symbols no company name contains.
const SYMBOLS = /[\p{Extended_Pictographic}\p{So}\u{FE0F}\u{200D}]/gu;
// Control characters (C0, DEL, C1): never part of a company name.
const CONTROL_CHARS = new RegExp('[\\u0000-\\u001f\\u007f-\\u009f]', 'g');

/**
 * The keyword as search understands it: full-width ASCII folded to half-width (ＡＢＣ１２３ → ABC123,
 * full-width space → space), emoji and control characters dropped, whitespace collapsed, at most
 * KEYWORD_MAX_LENGTH characters.
 */
export function normalizeKeyword(input: string | null | undefined): string {
  if (!input) return '';
  const folded = input
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(SYMBOLS, '')
    .replace(CONTROL_CHARS, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(folded).slice(0, KEYWORD_MAX_LENGTH).join('').trim();
}

/**
 * What the database compares (same as SQL lr_search_norm): lower case without whitespace and
 * punctuation. Empty when nothing searchable is left.
 */
export function searchForm(keyword: string): string {
  return keyword
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .trim();
}

const keys = <T extends { key: string }>(options: readonly T[]) =>
  options.map((o) => o.key) as [string, ...string[]];

const listOf = (allowed: [string, ...string[]]) => z.array(z.enum(allowed)).max(allowed.length);
const codeList = z.array(z.string().regex(/^[0-9A-Z]{1,6}$/, '代码格式不正确')).max(50);
const flag = z.boolean().optional();

export const enterpriseFiltersSchema = z
  .object({
    regions: codeList.optional(),
    industries: codeList.optional(),
    capitalBands: listOf(keys(CAPITAL_BANDS)).optional(),
    capitalMin: z.number().min(0).max(1e9).optional(),
    capitalMax: z.number().min(0).max(1e9).optional(),
    establishBands: listOf(keys(ESTABLISH_BANDS)).optional(),
    statuses: listOf(keys(STATUS_OPTIONS)).optional(),
    orgTypes: listOf(keys(ORG_TYPE_OPTIONS)).optional(),
    staffSizes: listOf(keys(STAFF_SIZE_OPTIONS)).optional(),
    tags: listOf(keys(TAG_OPTIONS)).optional(),
    hasPhone: flag,
    hasEmail: flag,
    hasWebsite: flag,
    listed: flag,
  })
  .refine(
    (f) => f.capitalMin === undefined || f.capitalMax === undefined || f.capitalMin <= f.capitalMax,
    {
      message: '注册资本下限不能大于上限',
      path: ['capitalMax'],
    },
  );

export const enterpriseSearchQuerySchema = z.object({
  keyword: z.string().max(500, '关键词过长').default('').transform(normalizeKeyword),
  filters: enterpriseFiltersSchema.default({}),
  sort: z.enum(SORT_OPTIONS.map((s) => s.key) as [SortKey, ...SortKey[]]).default('relevance'),
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(10),
});

/** URL query names on /companySearch (searchValue is the spec's). */
const LIST_PARAMS = {
  regions: 'region',
  industries: 'industry',
  capitalBands: 'capital',
  establishBands: 'established',
  statuses: 'status',
  orgTypes: 'orgType',
  staffSizes: 'staff',
  tags: 'tag',
} as const satisfies Partial<Record<keyof EnterpriseFilters, string>>;
const FLAG_PARAMS = {
  hasPhone: 'hasPhone',
  hasEmail: 'hasEmail',
  hasWebsite: 'hasWebsite',
  listed: 'listed',
} as const satisfies Partial<Record<keyof EnterpriseFilters, string>>;

export type SearchParamsLike = Record<string, string | string[] | undefined>;

const all = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(',')).filter(Boolean);
const first = (v: string | string[] | undefined): string | undefined => all(v)[0];

/**
 * Reads /companySearch's URL into a query. Unknown option keys are dropped rather than failing the
 * page: URLs are typed, shared and cut by people.
 */
export function queryFromSearchParams(params: SearchParamsLike): EnterpriseSearchQuery {
  const filters: EnterpriseFilters = {};
  for (const [field, name] of Object.entries(LIST_PARAMS) as [keyof typeof LIST_PARAMS, string][]) {
    const values = all(params[name]);
    if (values.length) (filters[field] as string[]) = values;
  }
  for (const [field, name] of Object.entries(FLAG_PARAMS) as [keyof typeof FLAG_PARAMS, string][]) {
    if (first(params[name]) === '1') filters[field] = true;
  }
  const num = (v: string | undefined) =>
    v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  const capitalMin = num(first(params.capitalMin));
  const capitalMax = num(first(params.capitalMax));
  if (capitalMin !== undefined) filters.capitalMin = capitalMin;
  if (capitalMax !== undefined) filters.capitalMax = capitalMax;

  const raw = {
    keyword: first(params.searchValue) ?? '',
    filters,
    sort: first(params.sort),
    pageNo: first(params.pageNo),
    pageSize: first(params.pageSize),
  };
  const parsed = enterpriseSearchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep what is valid: drop the filters that failed, then the paging.
  const lenient = enterpriseSearchQuerySchema.safeParse({
    ...raw,
    filters: sanitizeFilters(filters),
  });
  if (lenient.success) return lenient.data;
  return enterpriseSearchQuerySchema.parse({ keyword: raw.keyword });
}

function sanitizeFilters(filters: EnterpriseFilters): EnterpriseFilters {
  const out: EnterpriseFilters = {};
  for (const [field, value] of Object.entries(filters) as [keyof EnterpriseFilters, unknown][]) {
    const one = enterpriseFiltersSchema.safeParse({ [field]: value });
    if (one.success) Object.assign(out, one.data);
  }
  return out;
}

/** The URL of a query (page 1 and default sort/size are left out so URLs stay short). */
export function searchParamsFromQuery(query: Partial<EnterpriseSearchQuery>): URLSearchParams {
  const p = new URLSearchParams();
  if (query.keyword) p.set('searchValue', query.keyword);
  const f = query.filters ?? {};
  for (const [field, name] of Object.entries(LIST_PARAMS) as [keyof typeof LIST_PARAMS, string][]) {
    const values = f[field];
    if (values?.length) p.set(name, values.join(','));
  }
  for (const [field, name] of Object.entries(FLAG_PARAMS) as [keyof typeof FLAG_PARAMS, string][]) {
    if (f[field]) p.set(name, '1');
  }
  if (f.capitalMin !== undefined) p.set('capitalMin', String(f.capitalMin));
  if (f.capitalMax !== undefined) p.set('capitalMax', String(f.capitalMax));
  if (query.sort && query.sort !== 'relevance') p.set('sort', query.sort);
  if (query.pageSize && query.pageSize !== 10) p.set('pageSize', String(query.pageSize));
  if (query.pageNo && query.pageNo > 1) p.set('pageNo', String(query.pageNo));
  return p;
}

/** The keyword split around its matches (case-insensitive, the whole normalised keyword). */
export function highlight(text: string, keyword: string): { text: string; hit: boolean }[] {
  const needle = keyword.trim();
  if (!needle || !text) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const n = needle.toLowerCase();
  const out: { text: string; hit: boolean }[] = [];
  let from = 0;
  for (let at = lower.indexOf(n, from); at !== -1; at = lower.indexOf(n, from)) {
    if (at > from) out.push({ text: text.slice(from, at), hit: false });
    out.push({ text: text.slice(at, at + n.length), hit: true });
    from = at + n.length;
  }
  if (from < text.length) out.push({ text: text.slice(from), hit: false });
  return out.length ? out : [{ text, hit: false }];
}
