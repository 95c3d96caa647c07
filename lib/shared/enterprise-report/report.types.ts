import { z } from 'zod';

/**
 * 企业报告 (spec 1 "enterprise analysis and reports", issue 32 item 3): what a report is made of,
 * shared by the template editor, the job that writes a report, its HTML page and its PDF.
 *
 * A report is stored as a snapshot of blocks (below) written once by the job: the HTML page and the
 * PDF draw the same blocks, so what a member reads on screen is what the PDF says.
 */

/** The sections a template chooses from, in the order a report shows them. */
export const REPORT_SECTIONS = [
  { key: 'basic', title: '基本信息', hint: '工商登记信息、经营范围、主要人员' },
  { key: 'shareholders', title: '股东及股权结构', hint: '股东、股权穿透图、实际控制人、对外投资' },
  { key: 'risks', title: '风险与变更', hint: '风险提示、工商变更记录' },
  { key: 'operations', title: '经营状况', hint: '人员与参保、年报财务摘要、分支机构、产业链' },
  { key: 'ip', title: '知识产权与资质荣誉', hint: '资质认定、政府荣誉' },
  { key: 'financing', title: '融资信息', hint: '融资轮次、金额、投资方' },
  { key: 'contacts', title: '联系方式', hint: '仅含本企业已解锁的联系方式' },
] as const;

export type ReportSectionKey = (typeof REPORT_SECTIONS)[number]['key'];
export const REPORT_SECTION_KEYS = REPORT_SECTIONS.map((s) => s.key) as [
  ReportSectionKey,
  ...ReportSectionKey[],
];

export function reportSectionTitle(key: ReportSectionKey): string {
  return REPORT_SECTIONS.find((s) => s.key === key)?.title ?? key;
}

/** The sections of a template in report order, each once. */
export function orderedSections(keys: readonly ReportSectionKey[]): ReportSectionKey[] {
  return REPORT_SECTION_KEYS.filter((k) => keys.includes(k));
}

/** One rule for a template's fields, used by the editor's form and the API. */
export const reportTemplateInputSchema = z.object({
  name: z
    .string({ error: '请输入模板名称' })
    .trim()
    .min(1, '请输入模板名称')
    .max(30, '模板名称最多 30 个字')
    .describe('模板名称'),
  sections: z
    .array(z.enum(REPORT_SECTION_KEYS, { error: '报告章节不正确' }), { error: '请选择报告章节' })
    .min(1, '请至少选择一个报告章节')
    .max(REPORT_SECTION_KEYS.length, '报告章节不正确')
    .refine((s) => new Set(s).size === s.length, '报告章节不能重复')
    .describe('报告包含的章节'),
  remark: z.string().trim().max(200, '说明最多 200 个字').optional().describe('模板说明'),
});
export type ReportTemplateInput = z.input<typeof reportTemplateInputSchema>;

// ---- The blocks of a report ----

export const reportBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fields'),
    items: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  z.object({ kind: z.literal('paragraph'), title: z.string().optional(), text: z.string() }),
  z.object({
    kind: z.literal('table'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** All rows the company has, when the report shows fewer. */
    total: z.number().int(),
    /** What to say when there are no rows. */
    empty: z.string(),
  }),
  z.object({
    kind: z.literal('tree'),
    title: z.string(),
    /** Depth-first lines: depth 0 is the company itself. */
    lines: z.array(z.object({ depth: z.number().int(), text: z.string() })),
    empty: z.string(),
  }),
  z.object({
    kind: z.literal('notes'),
    title: z.string(),
    items: z.array(
      z.object({ level: z.enum(['high', 'medium', 'low', 'info']), text: z.string() }),
    ),
  }),
  z.object({ kind: z.literal('empty'), text: z.string() }),
]);
export type ReportBlock = z.infer<typeof reportBlockSchema>;

export const reportSectionContentSchema = z.object({
  key: z.enum(REPORT_SECTION_KEYS),
  title: z.string(),
  blocks: z.array(reportBlockSchema),
});
export type ReportSectionContent = z.infer<typeof reportSectionContentSchema>;

export const reportContentSchema = z.object({
  entId: z.number().int(),
  entName: z.string(),
  uncid: z.string(),
  templateName: z.string(),
  /** When the data was read (epoch ms). */
  generatedAt: z.number(),
  /** Under the title: where the data comes from (demo data says so). */
  source: z.string(),
  sections: z.array(reportSectionContentSchema),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

export const NOTE_LEVEL_TEXT: Record<'high' | 'medium' | 'low' | 'info', string> = {
  high: '高风险',
  medium: '关注',
  low: '提示',
  info: '信息',
};

// ---- Reports as lists and the bell see them ----

export const REPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_TEXT: Record<ReportStatus, string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '已生成',
  failed: '生成失败',
};

export {
  REPORT_CENTER_PATH,
  REPORT_JOB_KIND,
  REPORT_NOTIFY_KIND,
  REPORT_TEMPLATE_PATH,
  reportDetailPath,
} from './current-report';
