import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { defineJobKind, getDb } from '@/lib/server/platform';
import { notify } from '@/lib/server/identity';
import { enterpriseReports, enterprises } from '@/db/schema';
import {
  orderedSections,
  REPORT_JOB_KIND,
  REPORT_NOTIFY_KIND,
  reportContentSchema,
  reportDetailPath,
  reportSectionTitle,
  type ReportContent,
  type ReportSectionKey,
} from '@/lib/shared/enterprise-report/report.types';
import { buildReportContent } from './report-content';
import { renderReportPdf } from './pdf/report-pdf';

/**
 * enterprise_report: writes one report in two resumable stages (ADR 0090, 0194).
 *   1. content: every section read from the company data, committed with the checkpoint in one
 *      step, so a resumed attempt never reads the company again;
 *   2. pdf: drawn in the PDF worker from the stored content and saved as the job's file.
 * The file store writes under a temporary name and renames (local disk) or puts whole (S3), and
 * 下载中心 offers a file only once its job has succeeded: a job killed while drawing or saving
 * leaves no half PDF to download; the next attempt draws it again and replaces any earlier file.
 * Progress moves the bell (job-progress pushes of this kind carry `currentReport`).
 */

type Checkpoint = { stage: 'content' };
const params = z.object({ entId: z.number().int() });

/** Sections plus the PDF: the job's steps as the progress bar counts them. */
const stepsOf = (sections: number) => sections + 1;

export const enterpriseReportJob = defineJobKind<z.infer<typeof params>, Checkpoint>({
  kind: REPORT_JOB_KIND,
  params,
  concurrency: 2,
  retentionDays: 30,
  async run(ctx) {
    const [report] = await getDb()
      .select()
      .from(enterpriseReports)
      .where(and(eq(enterpriseReports.jobId, ctx.jobId), isNull(enterpriseReports.deletedAt)));
    if (!report || ctx.tenantId === null) throw new Error('报告已删除');
    const sections = orderedSections(report.sections as ReportSectionKey[]);
    const total = stepsOf(sections.length);

    let content: ReportContent;
    const stored =
      ctx.checkpoint?.stage === 'content' ? reportContentSchema.safeParse(report.content) : null;
    if (stored?.success) {
      content = stored.data;
    } else {
      const [row] = await getDb()
        .select()
        .from(enterprises)
        .where(eq(enterprises.id, report.enterpriseId));
      if (!row) throw new Error('企业不存在或已移除');
      content = await buildReportContent(
        row,
        { tenantId: ctx.tenantId },
        { name: report.templateName, sections },
        {
          onSection: (key, i) =>
            ctx.progress({ processed: i, total, message: `正在生成：${reportSectionTitle(key)}` }),
        },
      );
      await ctx.step(async (tx) => {
        await tx
          .update(enterpriseReports)
          .set({ content })
          .where(eq(enterpriseReports.id, report.id));
        return {
          checkpoint: { stage: 'content' },
          processed: sections.length,
          total,
          message: '正在生成 PDF',
        };
      });
    }

    const pdf = await renderReportPdf(content);
    await ctx.saveFile({
      name: `${report.entName}企业报告.pdf`,
      mime: 'application/pdf',
      data: pdf,
    });
    await notify({
      kind: REPORT_NOTIFY_KIND,
      tenantId: ctx.tenantId,
      userIds: [ctx.userId],
      title: `企业报告已生成：${report.entName}`,
      content: `「${report.templateName}」已生成，可在线查看或下载 PDF。`,
      link: reportDetailPath(report.id),
      onceKey: `report_ready:${report.id}`,
    });
    return {
      result: { reportId: report.id, pdfBytes: pdf.length },
      message: `报告已生成（${sections.length} 个章节）`,
    };
  },
});
