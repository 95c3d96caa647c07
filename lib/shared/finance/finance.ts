import { z } from 'zod';

/**
 * 投融资 (issue 32 item 2, ADR 0193): what the browser and the server share. A financing event is a
 * company's round (enterprise_financing) with the company's region and industry; a project
 * (融资项目) is the financed company with all its rounds; an institution (投资机构) is an investor
 * named by the events, with its portfolio and co-investors.
 */

/** Rounds in their usual order; the filter offers these, and an unknown round sorts last. */
export const FINANCE_ROUNDS = [
  '种子轮',
  '天使轮',
  'Pre-A轮',
  'A轮',
  'A+轮',
  'B轮',
  'B+轮',
  'C轮',
  'D轮',
  'E轮',
  'Pre-IPO',
  'IPO',
  '战略投资',
  '并购',
] as const;
export type FinanceRound = (typeof FINANCE_ROUNDS)[number];

export function roundRank(round: string): number {
  const i = (FINANCE_ROUNDS as readonly string[]).indexOf(round);
  return i < 0 ? 99 : i;
}

export const FINANCE_SORTS = ['date_desc', 'date_asc', 'amount_desc'] as const;
export type FinanceSort = (typeof FINANCE_SORTS)[number];
export const FINANCE_SORT_LABEL: Record<FinanceSort, string> = {
  date_desc: '最新融资',
  date_asc: '最早融资',
  amount_desc: '金额最高',
};

export const FINANCE_PAGE_SIZES = [10, 20, 50] as const;
export const FINANCE_PAGE_SIZE_DEFAULT = 20;
/** Paging stops here (offset paging; deeper pages are reached by filtering). */
export const FINANCE_MAX_PAGE = 500;
/** The refresh rule's period (ADR 0193): older events are recomputed in the background. */
export const FINANCE_STALE_MS = 6 * 60 * 60 * 1000;

const UNITS: [RegExp, number][] = [
  [/亿/, 10_000],
  [/万/, 1],
];
const VAGUE: [RegExp, number][] = [
  [/^数百万/, 300],
  [/^近千万/, 900],
  [/^数千万/, 3_000],
  [/^近亿/, 9_000],
  [/^数亿/, 30_000],
  [/^数十亿/, 300_000],
];
/** Rough exchange rates for ordering only (the page shows the published words). */
const CURRENCY: [RegExp, number][] = [
  [/美元/, 7],
  [/欧元/, 7.8],
  [/港币|港元/, 0.9],
  [/日元/, 0.05],
];

/**
 * A published amount as an estimate in 万元 for sorting: "3000万人民币" → 3000, "1.5亿人民币" →
 * 15000, "数千万美元" → 21000; null when it is not disclosed or not understood.
 */
export function estimateAmountWan(text: string | null | undefined): number | null {
  const s = (text ?? '').replace(/\s+/g, '');
  if (!s || /未披露|不详|保密/.test(s)) return null;
  const rate = CURRENCY.find(([re]) => re.test(s))?.[1] ?? 1;
  for (const [re, wan] of VAGUE) if (re.test(s)) return Math.round(wan * rate * 100) / 100;
  const m = /^(\d+(?:\.\d+)?)(亿|万)/.exec(s);
  if (!m) return null;
  const unit = UNITS.find(([re]) => re.test(m[2]))?.[1] ?? 1;
  return Math.round(Number(m[1]) * unit * rate * 100) / 100;
}

/** An institution's kind, read from its name (the demo corpus and most real names end so). */
export function institutionKind(name: string): string {
  if (/产业基金|产业投资/.test(name)) return '产业资本';
  if (/股权投资|私募/.test(name)) return '私募股权';
  if (/创投|创业投资|风险投资|资本/.test(name)) return '风险投资';
  return '投资机构';
}

export { financeHref } from './urls';

// ---- Queries: strict, with the field named in Chinese (API answers 400 with the message) ----

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalInt = (message: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ message })
      .int({ message })
      .min(min, { message })
      .max(max, { message })
      .optional(),
  );

export const financeRoundSchema = z.enum(FINANCE_ROUNDS, { message: '融资轮次无效' });
export const sectionSchema = z
  .string()
  .trim()
  .regex(/^[A-T]$/, '行业门类无效（A-T）');
export const provinceSchema = z
  .string()
  .trim()
  .regex(/^\d{2}0000$/, '省份代码无效（6 位，以 0000 结尾）');

export const financePagingSchema = z.object({
  pageNo: z.preprocess(
    blank,
    z.coerce
      .number({ message: `页码须为 1-${FINANCE_MAX_PAGE} 的整数` })
      .int({ message: `页码须为 1-${FINANCE_MAX_PAGE} 的整数` })
      .min(1, { message: `页码须为 1-${FINANCE_MAX_PAGE} 的整数` })
      .max(FINANCE_MAX_PAGE, { message: `页码须为 1-${FINANCE_MAX_PAGE} 的整数` })
      .default(1),
  ),
  pageSize: z.preprocess(
    blank,
    z.coerce
      .number({ message: '每页条数须为 10、20 或 50' })
      .refine((n) => (FINANCE_PAGE_SIZES as readonly number[]).includes(n), {
        message: '每页条数须为 10、20 或 50',
      })
      .default(FINANCE_PAGE_SIZE_DEFAULT),
  ),
});

export const financeEventQuerySchema = financePagingSchema.extend({
  round: z.preprocess(blank, financeRoundSchema.optional()),
  section: z.preprocess(blank, sectionSchema.optional()),
  province: z.preprocess(blank, provinceSchema.optional()),
  year: optionalInt('年份无效（1990-2100）', 1990, 2100),
  sort: z.preprocess(
    blank,
    z.enum(FINANCE_SORTS, { message: '排序方式无效' }).default('date_desc'),
  ),
});
export type FinanceEventQuery = z.output<typeof financeEventQuerySchema>;

export const financeProjectQuerySchema = z.object({
  uncid: z.preprocess(
    blank,
    z
      .string({ message: '请提供统一社会信用代码' })
      .trim()
      .regex(/^[0-9A-HJ-NP-RTUWXY]{18}$/, '统一社会信用代码无效（18 位）'),
  ),
});

export const financeInstitutionQuerySchema = financePagingSchema.extend({
  id: z.preprocess(
    blank,
    z.coerce
      .number({ message: '请提供投资机构 id' })
      .int({ message: '投资机构 id 无效' })
      .positive({ message: '投资机构 id 无效' })
      .max(2_147_483_647, { message: '投资机构 id 无效' }),
  ),
});
export type FinanceInstitutionQuery = z.output<typeof financeInstitutionQuerySchema>;

// ---- Answers ----

const investorRef = z.object({ id: z.number().int().nullable(), name: z.string() });

export const financeEventSchema = z.object({
  id: z.number().int(),
  round: z.string(),
  date: z.string(),
  amount: z.string().nullable(),
  investors: z.array(investorRef),
  company: z.object({ id: z.number().int(), name: z.string(), uncid: z.string() }),
  regionName: z.string(),
  industryName: z.string(),
});
export type FinanceEvent = z.infer<typeof financeEventSchema>;

const countSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type FinanceCount = z.infer<typeof countSchema>;

export const financeEventPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(financeEventSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Years with events, newest first (the year filter's options). */
  years: z.array(z.number().int()),
  /** When the events were last computed from the company data (ISO). */
  refreshedAt: z.string().nullable(),
});
export type FinanceEventPage = z.infer<typeof financeEventPageSchema>;

export const financeProjectSchema = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    uncid: z.string(),
    legalPerson: z.string(),
    establishDate: z.string().nullable(),
    regionName: z.string(),
    industryName: z.string(),
    businessScope: z.string(),
    tags: z.array(z.string()),
  }),
  /** Every round, oldest first. */
  events: z.array(financeEventSchema),
  /** The investors of all rounds, most rounds first. */
  investors: z.array(investorRef.extend({ rounds: z.number().int() })),
});
export type FinanceProject = z.infer<typeof financeProjectSchema>;

export const financeInstitutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  eventCount: z.number().int(),
  projectCount: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  byRound: z.array(countSchema),
  bySection: z.array(countSchema),
  byYear: z.array(countSchema),
  coInvestors: z.array(
    z.object({ id: z.number().int(), name: z.string(), count: z.number().int() }),
  ),
  portfolio: z.object({
    total: z.number().int(),
    rows: z.array(financeEventSchema),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type FinanceInstitution = z.infer<typeof financeInstitutionSchema>;

// ---- Import (npm run import:finance) ----

/** One real financing event of an import file (JSON lines or CSV with these columns). */
export const financeImportRowSchema = z.object({
  uncid: z
    .string({ message: '缺少统一社会信用代码（uncid）' })
    .trim()
    .regex(/^[0-9A-HJ-NP-RTUWXY]{18}$/, '统一社会信用代码无效（18 位）'),
  round: z
    .string({ message: '缺少融资轮次（round）' })
    .trim()
    .min(1, '缺少融资轮次（round）')
    .max(20, '融资轮次过长（至多 20 字）'),
  date: z
    .string({ message: '缺少融资日期（date）' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '融资日期格式应为 YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && d >= '1990-01-01', {
      message: '融资日期无效',
    }),
  amount: z
    .string()
    .trim()
    .max(40, '金额过长（至多 40 字）')
    .optional()
    .transform((v) => (v ? v : '未披露')),
  investors: z
    .union([z.array(z.string()), z.string()], { message: '投资方应为名称列表或以“、”分隔的文字' })
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(/[、,;，；|]/)).map((s) => s.trim()).filter(Boolean),
    )
    .refine((list) => list.length <= 30, { message: '投资方至多 30 个' })
    .refine((list) => list.every((n) => n.length >= 2 && n.length <= 60), {
      message: '投资方名称应为 2-60 字',
    }),
});
export type FinanceImportRow = z.output<typeof financeImportRowSchema>;
