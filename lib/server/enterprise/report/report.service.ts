import 'server-only';
import { and, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  ApiError,
  clockDate,
  apiError,
  chinaMonthStart,
  deleteJob,
  enqueueJob,
  getDb,
  jobView,
  type JobTx,
} from '@/lib/server/platform';
import { effectiveEdition } from '@/lib/server/identity';
import {
  backgroundJobs,
  enterpriseReports,
  tenants,
  type BackgroundJobRow,
  type EnterpriseReportRow,
} from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { getEdition } from '@/lib/shared/vip/editions';
import type { JobStatus } from '@/lib/shared/jobs/job.types';
import type { ReportAllowance, ReportView } from '@/lib/shared/enterprise-report/report.contract';
import {
  orderedSections,
  REPORT_JOB_KIND,
  reportContentSchema,
  type ReportContent,
  type ReportSectionKey,
  type ReportStatus,
} from '@/lib/shared/enterprise-report/report.types';
import { findEnterpriseRow } from '../enterprise.service';
import { usableTemplate, type ReportOwner } from './report-template.service';

/**
 * 企业报告: a member asks for a report of one company through one template; the report row and its
 * background job commit together, after the enterprise's monthly allowance (editions.ts,
 * monthlyReportQuota) and the member's reports in progress were counted under one lock. The job
 * (report.job.ts) writes the content and the PDF. A report is its member's alone: anyone else,
 * colleagues included, gets 404.
 */

/** Reports of one member being written at once. */
export const REPORTS_IN_PROGRESS_MAX = 3;

export const reportNotFound = () => new ApiError(ERRORS.NOT_FOUND.code, '报告不存在');

/** Every report counts but one that failed (a deleted one too, even when deleting stopped it). */
const NOT_COUNTED: JobStatus[] = ['failed'];

type Db = JobTx | ReturnType<typeof getDb>;

/** Reports (joined to their jobs) matching `where`. */
async function countReports(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enterpriseReports)
    .innerJoin(backgroundJobs, eq(backgroundJobs.id, enterpriseReports.jobId))
    .where(where);
  return Number(row?.n ?? 0);
}

async function allowanceWith(db: Db, tenantId: number): Promise<ReportAllowance> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const e = getEdition(tenant ? effectiveEdition(tenant) : 0);
  const usedThisMonth = await countReports(
    db,
    and(
      eq(enterpriseReports.tenantId, tenantId),
      sql`${enterpriseReports.createdAt} >= ${chinaMonthStart()}`,
      notInArray(backgroundJobs.status, NOT_COUNTED),
    ),
  );
  return {
    edition: e.id,
    editionName: e.name,
    monthlyQuota: e.monthlyReportQuota,
    usedThisMonth,
    remaining: Math.max(0, e.monthlyReportQuota - usedThisMonth),
  };
}

export async function getReportAllowance(o: ReportOwner): Promise<ReportAllowance> {
  return allowanceWith(getDb(), o.tenantId);
}

type ReportJoin = { r: EnterpriseReportRow; j: BackgroundJobRow };

function reportStatus(status: string): ReportStatus {
  if (status === 'queued' || status === 'running' || status === 'succeeded') return status;
  return 'failed';
}

function toView({ r, j }: ReportJoin): ReportView {
  const job = jobView(j);
  return {
    id: r.id,
    entId: r.enterpriseId,
    entName: r.entName,
    templateId: r.templateId,
    templateName: r.templateName,
    sections: orderedSections(r.sections as ReportSectionKey[]),
    status: reportStatus(job.status),
    percent: job.percent,
    message: job.message,
    error: job.status === 'cancelled' ? '已取消' : job.error,
    jobId: job.id,
    // The PDF is the job's file in 下载中心: ready when that is (succeeded, stored, not expired).
    pdfReady: job.downloadable,
    pdfSize: job.fileSize,
    createTime: r.createdAt.getTime(),
    finishTime: job.finishTime,
  };
}

const mine = (o: ReportOwner) =>
  and(
    eq(enterpriseReports.userId, o.userId),
    eq(enterpriseReports.tenantId, o.tenantId),
    isNull(enterpriseReports.deletedAt),
  );

async function ownReport(o: ReportOwner, id: number): Promise<ReportJoin> {
  const [row] = await getDb()
    .select({ r: enterpriseReports, j: backgroundJobs })
    .from(enterpriseReports)
    .innerJoin(backgroundJobs, eq(backgroundJobs.id, enterpriseReports.jobId))
    .where(and(eq(enterpriseReports.id, id), mine(o)));
  if (!row) throw reportNotFound();
  return row;
}

export type CreateReportInput = {
  templateId: number;
  entId?: number;
  uncid?: string;
  entName?: string;
};

export async function createReport(o: ReportOwner, input: CreateReportInput): Promise<ReportView> {
  const template = await usableTemplate(o, input.templateId);
  const ent = await findEnterpriseRow({
    id: input.entId ?? null,
    uncid: input.uncid || null,
    name: input.entName || null,
  });
  if (!ent) throw new ApiError(ERRORS.NOT_FOUND.code, '企业不存在');
  const sections = orderedSections(template.sections as ReportSectionKey[]);
  let reportId = 0;
  await enqueueJob(
    o,
    { kind: REPORT_JOB_KIND, title: `${ent.name}企业报告`, params: { entId: ent.id } },
    {
      // Counted under the enterprise's lock: two members at once cannot both take the last one.
      admit: async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('enterprise_reports'), ${o.tenantId}::int)`,
        );
        const allowance = await allowanceWith(tx, o.tenantId);
        if (allowance.remaining <= 0)
          throw apiError('REPORT_QUOTA_EXHAUSTED', {
            edition: allowance.editionName,
            max: allowance.monthlyQuota,
          });
        const busy = await countReports(
          tx,
          and(
            eq(enterpriseReports.userId, o.userId),
            inArray(backgroundJobs.status, ['queued', 'running']),
          ),
        );
        if (busy >= REPORTS_IN_PROGRESS_MAX)
          throw apiError('REPORT_BUSY', { max: REPORTS_IN_PROGRESS_MAX });
      },
      afterInsert: async (tx, job) => {
        const [row] = await tx
          .insert(enterpriseReports)
          .values({
            tenantId: o.tenantId,
            userId: o.userId,
            createdAt: clockDate(),
            enterpriseId: ent.id,
            entName: ent.name,
            templateId: template.id,
            templateName: template.name,
            sections,
            jobId: job.id,
          })
          .returning({ id: enterpriseReports.id });
        reportId = row.id;
      },
    },
  );
  return toView(await ownReport(o, reportId));
}

export async function reportPage(
  o: ReportOwner,
  q: { pageNo: number; pageSize: number },
): Promise<{ total: number; list: ReportView[] }> {
  const [[total], rows] = await Promise.all([
    getDb().select({ n: count() }).from(enterpriseReports).where(mine(o)),
    getDb()
      .select({ r: enterpriseReports, j: backgroundJobs })
      .from(enterpriseReports)
      .innerJoin(backgroundJobs, eq(backgroundJobs.id, enterpriseReports.jobId))
      .where(mine(o))
      .orderBy(desc(enterpriseReports.createdAt), desc(enterpriseReports.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
  ]);
  return { total: Number(total?.n ?? 0), list: rows.map(toView) };
}

export async function getReport(
  o: ReportOwner,
  id: number,
): Promise<ReportView & { content: ReportContent | null }> {
  const row = await ownReport(o, id);
  const content = row.r.content ? reportContentSchema.safeParse(row.r.content) : null;
  return { ...toView(row), content: content?.success ? content.data : null };
}

/** Hides the report and deletes its PDF (a running one is cancelled); the allowance stays used. */
export async function deleteReport(o: ReportOwner, id: number): Promise<true> {
  const { r } = await ownReport(o, id);
  await getDb()
    .update(enterpriseReports)
    .set({ deletedAt: sql`now()` })
    .where(eq(enterpriseReports.id, r.id));
  await deleteJob(o, r.jobId).catch(() => undefined);
  return true;
}
