/** Background jobs as the browser sees them (download centre, progress bars, push messages). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_TEXT: Record<JobStatus, string> = {
  queued: '排队中',
  running: '进行中',
  succeeded: '已完成',
  failed: '失败',
  cancelled: '已取消',
};

/**
 * Kinds that are steps of an interactive action (the page waits for them), not work the member
 * comes back for: kept out of 下载中心.
 */
export const UNLISTED_JOB_KINDS: readonly string[] = ['wyw_single', 'outreach_task'];

/** Push message type (over /websocket/message) carrying a JobView whenever a job moves. */
export const JOB_PUSH_TYPE = 'job-progress';

export type JobView = {
  id: number;
  kind: string;
  title: string;
  status: JobStatus;
  processed: number;
  total: number | null;
  /** 0-100; 100 only once the job has succeeded. */
  percent: number;
  message: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  fileName: string | null;
  fileSize: number | null;
  /** The result file can be downloaded (succeeded, stored, not expired). */
  downloadable: boolean;
  createTime: number;
  finishTime: number | null;
  expireTime: number | null;
};

export function isFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** Percent shown for a job: processed of total, capped below 100 until it has succeeded. */
export function jobPercent(status: JobStatus, processed: number, total: number | null): number {
  if (status === 'succeeded') return 100;
  if (!total || total <= 0) return 0;
  return Math.min(99, Math.floor((processed / total) * 100));
}
