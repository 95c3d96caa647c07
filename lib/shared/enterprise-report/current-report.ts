import type { JobView } from '@/lib/shared/jobs/job.types';

/**
 * The report names and paths the whole product uses, and the bell's report progress (spec 3:
 * the unread message's `currentReport` and `progressVisible`). No zod here: the bell is on every
 * signed-in page and imports this file.
 */

/** The job kind that writes a report (background_jobs.kind). */
export const REPORT_JOB_KIND = 'enterprise_report';

/** The message-centre kind of "your report is ready" (notifications.template_code). */
export const REPORT_NOTIFY_KIND = 'report_ready';

export const REPORT_CENTER_PATH = '/enterpriseReport';
export const REPORT_TEMPLATE_PATH = '/enterpriseReport/reportTemplate';

/** Where the HTML report of `id` is read. */
export function reportDetailPath(id: number): string {
  return `/enterpriseReport/reportDetail?id=${id}`;
}

/** The report the bell shows while it is written and once it is done. */
export type CurrentReport = {
  jobId: number;
  /** 「{企业}企业报告」. */
  title: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  percent: number;
  /** Where it is (正在生成：股东及股权结构), or why it failed. */
  message: string | null;
  /** The HTML report once generated. */
  link: string | null;
};

/** The unread message's report fields (spec 3). */
export type UnreadReportState = { currentReport: CurrentReport | null; progressVisible: boolean };

/**
 * What a job-progress push means for the bell: a report job becomes the current report, shown
 * (progressVisible) while it runs and when it ends; other jobs change nothing (null).
 */
export function currentReportFromJob(job: JobView): CurrentReport | null {
  if (job.kind !== REPORT_JOB_KIND) return null;
  const status = job.status === 'cancelled' ? 'failed' : (job.status as CurrentReport['status']);
  const reportId = job.result?.reportId;
  return {
    jobId: job.id,
    title: job.title,
    status,
    percent: job.percent,
    message: status === 'failed' ? (job.error ?? '报告生成失败') : job.message,
    link:
      status === 'succeeded' && typeof reportId === 'number' ? reportDetailPath(reportId) : null,
  };
}
