import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { investmentRowSchema, shareholderRowSchema } from './enterprise.contract';

export {
  ANNUAL_ASSET_KEYS,
  ANNUAL_LIST_KEYS,
  ANNUAL_REPORT_LABELS,
  annualReportHref,
  annualValueText,
} from './annual-report-text';

/**
 * 年报详情 (issue 32 item 1, spec 2.1 /annualReportDetail, title "{entity} {year}年度报告"): one
 * published annual report as an open page and an endpoint. The published figures come from the
 * report; shareholders, investments and changes are the company data as of that year.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const annualReportQuerySchema = z.object({
  uncid: z.preprocess(
    blank,
    z
      .string({ message: '请提供统一社会信用代码' })
      .trim()
      .regex(/^[0-9A-HJ-NP-RTUWXY]{18}$/, '统一社会信用代码无效（18 位）'),
  ),
  year: z.preprocess(
    blank,
    z.coerce
      .number({ message: '年度无效（1990-2100）' })
      .int({ message: '年度无效（1990-2100）' })
      .min(1990, { message: '年度无效（1990-2100）' })
      .max(2100, { message: '年度无效（1990-2100）' })
      .optional(),
  ),
});
export type AnnualReportQuery = z.output<typeof annualReportQuerySchema>;

const item = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type AnnualItem = z.infer<typeof item>;

const website = z.object({ kind: z.string(), name: z.string(), url: z.string() });
export type AnnualWebsite = z.infer<typeof website>;

export const annualReportDetailSchema = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    uncid: z.string(),
    legalPerson: z.string(),
    status: z.string(),
  }),
  /** Published years, newest first (empty: the company has published none). */
  years: z.array(z.number().int()),
  report: z
    .object({
      year: z.number().int(),
      publishedAt: z.string().nullable(),
      basics: z.array(item),
      assets: z.array(item),
      shareholders: z.array(shareholderRowSchema),
      websites: z.array(website),
      investments: z.array(investmentRowSchema),
      changes: z.array(
        z.object({
          date: z.string(),
          item: z.string(),
          before: z.string().nullable(),
          after: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type AnnualReportDetail = z.infer<typeof annualReportDetailSchema>;

export const getAnnualReportDetail = defineContract({
  method: 'GET',
  path: '/shuzhituoke/enterprise-info/annual-report-detail',
  summary:
    '年报详情：某一年度的企业年报（基本信息、资产状况、股东及出资、网站、对外投资、变更），年度缺省为最新；联系方式打码',
  tags: ['企业信息'],
  access: 'public',
  query: annualReportQuerySchema,
  response: annualReportDetailSchema,
});
