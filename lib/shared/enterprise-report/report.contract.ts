import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import {
  REPORT_SECTION_KEYS,
  REPORT_STATUSES,
  reportContentSchema,
  reportTemplateInputSchema,
} from './report.types';

/**
 * 企业报告 (issue 32 item 3): spec 7.3 names `POST /shuzhituoke/report-created/createQuicklyReport`;
 * the list, the report itself and the templates sit beside it under the same prefix.
 */

const tags = ['企业报告'];

/** Generating reports; templates are managed with the same right (one button in the menus). */
export const REPORT_PERMISSION = 'szjk:report:create';

const id = z.coerce
  .number({ error: 'id 不正确' })
  .int('id 不正确')
  .positive('id 不正确')
  .max(2 ** 53 - 1, 'id 不正确');

export const reportTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sections: z.array(z.enum(REPORT_SECTION_KEYS)),
  remark: z.string().nullable(),
  /** Built-in templates (every member has them) cannot be changed. */
  builtIn: z.boolean(),
  createTime: epochMs,
  updateTime: epochMs,
});
export type ReportTemplateView = z.infer<typeof reportTemplateSchema>;

export const reportViewSchema = z.object({
  id: z.number().int(),
  entId: z.number().int(),
  entName: z.string(),
  templateId: z.number().int().nullable(),
  templateName: z.string(),
  sections: z.array(z.enum(REPORT_SECTION_KEYS)),
  status: z.enum(REPORT_STATUSES),
  /** 0-100; 100 once generated. */
  percent: z.number().int(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  /** The background job writing it: its PDF is that job's file in 下载中心. */
  jobId: z.number().int(),
  pdfReady: z.boolean(),
  pdfSize: z.number().int().nullable(),
  createTime: epochMs,
  finishTime: epochMs.nullable(),
});
export type ReportView = z.infer<typeof reportViewSchema>;

export const reportAllowanceSchema = z.object({
  edition: z.number().int(),
  editionName: z.string(),
  /** Reports the enterprise may generate per calendar month (China time). */
  monthlyQuota: z.number().int(),
  usedThisMonth: z.number().int(),
  remaining: z.number().int(),
});
export type ReportAllowance = z.infer<typeof reportAllowanceSchema>;

export const createQuicklyReportBodySchema = z
  .object({
    templateId: id.describe('报告模板 id'),
    entId: id.optional().describe('企业 id（与 uncid、entName 三选一）'),
    uncid: z.string().trim().max(18, '统一社会信用代码不正确').optional(),
    entName: z.string().trim().max(100, '企业名称过长').optional(),
  })
  .refine((b) => b.entId !== undefined || !!b.uncid || !!b.entName, {
    message: '请选择企业',
    path: ['entId'],
  });

export const createQuicklyReport = defineContract({
  method: 'POST',
  path: '/shuzhituoke/report-created/createQuicklyReport',
  summary:
    '一键生成企业报告：按模板在后台生成网页版与 PDF，进度推送到消息通知（计入版本的报告额度）',
  tags,
  access: 'tenant',
  permission: REPORT_PERMISSION,
  body: createQuicklyReportBodySchema,
  response: reportViewSchema,
});

export const getReportPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/report-created/page',
  summary: '我的企业报告（新的在前）',
  tags,
  access: 'tenant',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  }),
  response: pageResponse(reportViewSchema),
});

export const getReport = defineContract({
  method: 'GET',
  path: '/shuzhituoke/report-created/get',
  summary: '一份企业报告及其内容（网页版）',
  tags,
  access: 'tenant',
  query: z.object({ id }),
  response: reportViewSchema.extend({ content: reportContentSchema.nullable() }),
});

export const deleteReport = defineContract({
  method: 'DELETE',
  path: '/shuzhituoke/report-created/delete',
  summary: '删除企业报告（连同下载中心里的 PDF；已用额度不退回）',
  tags,
  access: 'tenant',
  query: z.object({ id }),
  response: z.boolean(),
});

export const getReportAllowance = defineContract({
  method: 'GET',
  path: '/shuzhituoke/report-created/allowance',
  summary: '本月企业报告额度',
  tags,
  access: 'tenant',
  response: reportAllowanceSchema,
});

export const getReportTemplateList = defineContract({
  method: 'GET',
  path: '/shuzhituoke/report-template/list',
  summary: '报告模板：内置模板与我的模板',
  tags,
  access: 'tenant',
  response: z.array(reportTemplateSchema),
});

export const getReportTemplate = defineContract({
  method: 'GET',
  path: '/shuzhituoke/report-template/get',
  summary: '一个报告模板',
  tags,
  access: 'tenant',
  query: z.object({ id }),
  response: reportTemplateSchema,
});

export const createReportTemplate = defineContract({
  method: 'POST',
  path: '/shuzhituoke/report-template/create',
  summary: '新建报告模板（选择章节）',
  tags,
  access: 'tenant',
  permission: REPORT_PERMISSION,
  body: reportTemplateInputSchema,
  response: reportTemplateSchema,
});

export const updateReportTemplate = defineContract({
  method: 'PUT',
  path: '/shuzhituoke/report-template/update',
  summary: '修改我的报告模板',
  tags,
  access: 'tenant',
  permission: REPORT_PERMISSION,
  body: reportTemplateInputSchema.extend({ id }),
  response: reportTemplateSchema,
});

export const deleteReportTemplate = defineContract({
  method: 'DELETE',
  path: '/shuzhituoke/report-template/delete',
  summary: '删除我的报告模板（已生成的报告不受影响）',
  tags,
  access: 'tenant',
  permission: REPORT_PERMISSION,
  query: z.object({ id }),
  response: z.boolean(),
});
