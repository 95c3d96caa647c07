import { and, eq, sql } from 'drizzle-orm';
import { backgroundJobs, type BackgroundJobRow } from '@/db/schema';
import {
  JOB_PUSH_TYPE,
  jobPercent,
  type JobStatus,
  type JobView,
} from '@/lib/shared/jobs/job.types';
import { getDb } from '../db';
import { publishToUser } from '../push/push.service';
import { newJobFileKey, putJobFile, removeInputFile, removeJobFile } from './job-files';
import {
  INPUTS_REMOVED,
  JobCancelledError,
  JobLostError,
  type JobContext,
  type JobKind,
  type JobOutcome,
  type JobTx,
} from './job-kind';
import { jobFileName } from '@/lib/shared/jobs/job-name';
import { faultPoint } from '../faults/fault-points';

const DAY_MS = 86_400_000;
/** Progress pushes per job at most this often; status changes always go out. */
const PUSH_INTERVAL_MS = 300;
const lastPush = new Map<number, number>();

export function jobView(row: BackgroundJobRow): JobView {
  const status = row.status as JobStatus;
  const expired = row.deletedAt !== null || (row.expiresAt !== null && row.expiresAt < new Date());
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status,
    processed: row.processed,
    total: row.total,
    percent: jobPercent(status, row.processed, row.total),
    message: row.message,
    result: (row.result as Record<string, unknown> | null) ?? null,
    error: row.error,
    // Named by content and date (issue 28 item 7), not the stored 导出.xlsx.
    fileName: jobFileName({
      kind: row.kind,
      title: row.title,
      status,
      total: row.total,
      result: (row.result as Record<string, unknown> | null) ?? null,
      fileName: row.fileName,
      createTime: row.createdAt.getTime(),
    }),
    fileSize: row.fileSize,
    downloadable: status === 'succeeded' && row.fileKey !== null && !expired,
    createTime: row.createdAt.getTime(),
    finishTime: row.finishedAt?.getTime() ?? null,
    expireTime: row.expiresAt?.getTime() ?? null,
  };
}

/** Tells the owner's open pages where the job is (throttled unless forced). */
export async function publishJob(row: BackgroundJobRow, force = true): Promise<void> {
  const now = Date.now();
  if (!force && now - (lastPush.get(row.id) ?? 0) < PUSH_INTERVAL_MS) return;
  lastPush.set(row.id, now);
  if (row.status !== 'queued' && row.status !== 'running') lastPush.delete(row.id);
  await publishToUser(row.userId, { type: JOB_PUSH_TYPE, content: jobView(row) }).catch(
    () => undefined,
  );
}

const fence = (row: BackgroundJobRow) =>
  and(
    eq(backgroundJobs.id, row.id),
    eq(backgroundJobs.attempt, row.attempt),
    eq(backgroundJobs.status, 'running'),
  );

/** Ends a job (fenced: a worker that lost the job changes nothing). */
export async function finishJob(
  row: BackgroundJobRow,
  status: Exclude<JobStatus, 'queued' | 'running'>,
  outcome: JobOutcome & { error?: string },
  kind: Pick<JobKind<unknown, unknown>, 'retentionDays' | 'onEnded'> = {},
): Promise<void> {
  const [done] = await getDb()
    .update(backgroundJobs)
    .set({
      status,
      finishedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      result: outcome.result ?? null,
      error: outcome.error ?? null,
      message: outcome.message ?? (status === 'cancelled' ? '已取消' : undefined),
      expiresAt: new Date(Date.now() + (kind.retentionDays ?? 7) * DAY_MS),
    })
    .where(fence(row))
    .returning();
  if (!done) return;
  faultPoint('job.finished');
  // Only after the end is committed: a crash before it resumes the job, which still needs it.
  await removeJobInputs(done.id, done.params, kind.onEnded);
  await publishJob(done);
}

/**
 * Removes an ended job's inputs and marks them removed; the sweeper calls it again for an ended
 * job without the mark (its process died between the end and here).
 */
export async function removeJobInputs(
  jobId: number,
  params: unknown,
  onEnded?: (params: unknown) => Promise<void>,
): Promise<void> {
  await removeInputFile(params);
  await onEnded?.(params);
  await getDb()
    .update(backgroundJobs)
    .set({
      params: sql`${backgroundJobs.params} || jsonb_build_object(${INPUTS_REMOVED}::text, true)`,
    })
    .where(eq(backgroundJobs.id, jobId));
}

export function createJobContext<P, C>(row: BackgroundJobRow, params: P): JobContext<P, C> {
  async function afterWrite(updated: BackgroundJobRow | undefined, force: boolean) {
    if (!updated) throw new JobLostError();
    await publishJob(updated, force);
    if (updated.cancelRequestedAt) throw new JobCancelledError();
  }

  return {
    jobId: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    params,
    checkpoint: (row.checkpoint as C | null) ?? null,
    attempt: row.attempt,

    async step<T>(work: Parameters<JobContext<P, C>['step']>[0]) {
      const { value, updated } = await getDb().transaction(async (tx: JobTx) => {
        const report = await work(tx);
        const [next] = await tx
          .update(backgroundJobs)
          .set({
            checkpoint: report.checkpoint as unknown,
            processed: report.processed,
            ...(report.total !== undefined ? { total: report.total } : {}),
            ...(report.message !== undefined ? { message: report.message } : {}),
            heartbeatAt: sql`now()`,
          })
          .where(fence(row))
          .returning();
        // Lost the job: roll the step back so the attempt that holds it does this work instead.
        if (!next) throw new JobLostError();
        return { value: report.value as T, updated: next };
      });
      faultPoint('job.step.committed');
      await afterWrite(updated, false);
      return value;
    },

    async progress(report) {
      const [updated] = await getDb()
        .update(backgroundJobs)
        .set({
          ...(report.processed !== undefined ? { processed: report.processed } : {}),
          ...(report.total !== undefined ? { total: report.total } : {}),
          ...(report.message !== undefined ? { message: report.message } : {}),
          heartbeatAt: sql`now()`,
        })
        .where(fence(row))
        .returning();
      await afterWrite(updated, false);
    },

    async saveFile(file) {
      const [before] = await getDb()
        .select({ fileKey: backgroundJobs.fileKey })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, row.id));
      // The key goes into the row before the bytes go into storage: a process killed in between
      // leaves a row naming its file (replaced by the next attempt, removed at expiry), never a
      // file nobody knows of. The row is not downloadable until the job has succeeded.
      const key = newJobFileKey(file.name);
      const [named] = await getDb()
        .update(backgroundJobs)
        .set({ fileKey: key, heartbeatAt: sql`now()` })
        .where(fence(row))
        .returning();
      if (!named) throw new JobLostError();
      if (before?.fileKey && before.fileKey !== key) await removeJobFile(before.fileKey);
      faultPoint('job.file.named');
      await putJobFile(key, file.mime, file.data);
      faultPoint('job.file.stored');
      const [updated] = await getDb()
        .update(backgroundJobs)
        .set({
          fileName: file.name,
          fileMime: file.mime,
          fileSize: file.data.length,
          heartbeatAt: sql`now()`,
        })
        .where(fence(row))
        .returning();
      if (!updated) {
        await removeJobFile(key);
        throw new JobLostError();
      }
      faultPoint('job.file.saved');
    },
  };
}
