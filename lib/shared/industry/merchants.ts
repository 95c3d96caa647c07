import { z } from 'zod';
import { lenientPageNo, lenientPageSize } from '@/lib/shared/validation/lenient-paging';
import { rankedCompanySchema } from '@/lib/shared/enterprise/ranked-company';
import { getRegion, type Region } from '@/lib/shared/geo';
import type { IndustryChain } from './chains';
import { subjectOf, type IndustryMapSubject } from './industry-map';

/**
 * 产业招商 (/market-research/industry-merchants, issue 31 item 4, ADR 0200): for a target region
 * (a province or a city) and an industry (GB/T 4754 section, division or group, or a chain), the
 * companies outside the region most likely to expand into it, each with the reasons of its score.
 */
export const MERCHANTS_PATH = '/market-research/industry-merchants';
/** The page without a region ranks for this province (the largest demo economy). */
export const MERCHANTS_DEFAULT_REGION = '440000';
export const MERCHANTS_DEFAULT_INDUSTRY = 'C';
export const MERCHANTS_PAGE_SIZE = 20;
/** How far back a branch, a financing round or a capital increase counts as recent. */
export const MERCHANTS_WINDOW_YEARS = 2;

/** The signals of the score (ADR 0200), in the order the reasons are shown. */
export const MERCHANT_SIGNALS = ['branch', 'financing', 'capital', 'staff', 'chain'] as const;
export type MerchantSignal = (typeof MERCHANT_SIGNALS)[number];
export const MERCHANT_SIGNAL_LABELS: Record<MerchantSignal, string> = {
  branch: '异地设立分支',
  financing: '近期融资',
  capital: '注册资本增加',
  staff: '员工增长',
  chain: '产业链配套',
};

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : Array.isArray(v) ? text(v[0]) : '';
}

/**
 * The page's and the API's query. Region and industry stay raw strings here: an unknown one is
 * answered with a message that names it (merchantsTarget), not a generic 参数错误.
 */
export const merchantsQuerySchema = z.object({
  region: z
    .unknown()
    .optional()
    .transform((v) => text(v)),
  industry: z
    .unknown()
    .optional()
    .transform((v) => text(v)),
  /** Only companies with every one of these signals. */
  signals: z
    .unknown()
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v.map(text) : text(v).split(','))
        .map((s) => s.trim())
        .filter((s): s is MerchantSignal => (MERCHANT_SIGNALS as readonly string[]).includes(s)),
    ),
  /** Only companies registered in this province. */
  origin: z
    .unknown()
    .optional()
    .transform((v) => (/^\d{2}0000$/.test(text(v)) ? text(v) : '')),
  pageNo: lenientPageNo(),
  pageSize: lenientPageSize([10, 20, 50], MERCHANTS_PAGE_SIZE),
});
export type MerchantsQuery = z.output<typeof merchantsQuerySchema>;

export type MerchantsTarget = { region: Region; subject: IndustryMapSubject };

/** The target of a query, or the message that says what is wrong with it. */
export function merchantsTarget(
  q: Pick<MerchantsQuery, 'region' | 'industry'>,
): MerchantsTarget | { error: string } {
  const code = q.region || MERCHANTS_DEFAULT_REGION;
  const region = getRegion(code);
  if (!region || region.level > 2) return { error: `目标地区不存在或不是省、市：${code}` };
  const key = q.industry || MERCHANTS_DEFAULT_INDUSTRY;
  const subject = subjectOf(key);
  if (!subject) return { error: `行业或产业链不存在：${key}` };
  return { region, subject };
}

/** Chain nodes are neighbours when their stages are adjacent (上游–中游–下游). */
const STAGE_ORDER = { 上游: 0, 中游: 1, 下游: 2 } as const;
export function chainNeighbours(chain: IndustryChain, nodeName: string): string[] {
  const node = chain.nodes.find((n) => n.name === nodeName);
  if (!node) return [];
  return chain.nodes
    .filter((n) => Math.abs(STAGE_ORDER[n.stage] - STAGE_ORDER[node.stage]) === 1)
    .map((n) => n.name);
}

export const merchantReasonSchema = z.object({
  signal: z.enum(MERCHANT_SIGNALS),
  points: z.number(),
  text: z.string(),
});
export type MerchantReason = z.infer<typeof merchantReasonSchema>;

export const merchantRowSchema = rankedCompanySchema.extend({
  reasons: z.array(merchantReasonSchema),
});
export type MerchantRow = z.infer<typeof merchantRowSchema>;

export const merchantsPageSchema = z.object({
  region: z.object({ code: z.string(), name: z.string() }),
  subject: z.object({ key: z.string(), name: z.string() }),
  /** Signals are read before this day (YYYY-MM-DD): today for the page. */
  asOf: z.string(),
  total: z.number().int(),
  rows: z.array(merchantRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  maxResults: z.number().int(),
  notice: z.string().nullable(),
});
export type MerchantsPage = z.infer<typeof merchantsPageSchema>;

export function merchantsHref(p: { region?: string; industry?: string }): string {
  const params = new URLSearchParams();
  if (p.region) params.set('region', p.region);
  if (p.industry) params.set('industry', p.industry);
  const s = params.toString();
  return s ? `${MERCHANTS_PATH}?${s}` : MERCHANTS_PATH;
}
