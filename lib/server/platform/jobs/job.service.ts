import 'server-only';
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { backgroundJobs } from '@/db/schema';
import { UNLISTED_JOB_KINDS, type JobStatus, type JobView } from '@/lib/shared/jobs/job.types';
import { apiError } from '../http/api-error';
import { getDb } from '../db';
import { jobView, publishJob } from './job-context';
import { readJobFile, removeInputFile, removeJobFile, storeJobFile } from './job-files';
import { activeJobRunner } from './job-runner';
import type { JobTx } from './job-kind';
import { currentRequestId } from '../observability/request-context';
import { partLogger } from '../observability/logger';

/** Who a job belongs to: the member who started it, in their enterprise (null: no enterprise). */
export type JobOwner = { userId: number; tenantId: number | null };

/**
 * Records a job and hands it to the runner; without a runner here the sweeper of one picks it up.
 * `admit` runs in the transaction that inserts the row, before it: it may refuse the job by
 * throwing (a cap on jobs of a kind, counted under its own lock, export-slots.ts). `afterInsert`
 * runs in the same transaction after it, for rows that name the job (a report and its job commit
 * together or not at all).
 */
export async function enqueueJob(
  owner: JobOwner,
  job: { kind: string; title: string; params: unknown },
  options: {
    admit?: (tx: JobTx) => Promise<void>;
    afterInsert?: (tx: JobTx, job: { id: number }) => Promise<void>;
  } = {},
): Promise<JobView> {
  const row = await getDb().transaction(async (tx) => {
    await options.admit?.(tx);
    const [inserted] = await tx
      .insert(backgroundJobs)
      .values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        kind: job.kind,
        title: job.title,
        params: job.params ?? {},
        requestId: currentRequestId() ?? null,
      })
      .returning();
    await options.afterInsert?.(tx, inserted);
    return inserted;
  });
  await activeJobRunner()
    ?.dispatch(row.id)
    .catch(() => undefined);
  await publishJob(row);
  return jobView(row);
}

/** A job of the caller; anyone else's (even in the same enterprise) is 404. */
async function ownJob(owner: JobOwner, id: number) {
  const [row] = await getDb()
    .select()
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.id, id),
        eq(backgroundJobs.userId, owner.userId),
        owner.tenantId === null
          ? isNull(backgroundJobs.tenantId)
          : eq(backgroundJobs.tenantId, owner.tenantId),
        isNull(backgroundJobs.deletedAt),
      ),
    );
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

/**
 * Waits for a job of the caller to finish, up to `timeoutMs`; null when it has not by then (it
 * goes on in the background). For small jobs a page waits on, such as 挖一挖.
 */
export async function awaitJob(
  owner: JobOwner,
  id: number,
  timeoutMs: number,
): Promise<JobView | null> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 400)) {
    const view = jobView(await ownJob(owner, id));
    if (view.status === 'succeeded' || view.status === 'failed' || view.status === 'cancelled')
      return view;
    if (Date.now() + pause > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

export async function getJob(owner: JobOwner, id: number): Promise<JobView> {
  return jobView(await ownJob(owner, id));
}

export async function jobPage(
  owner: JobOwner,
  query: { pageNo: number; pageSize: number; kinds?: string[]; status?: JobStatus },
): Promise<{ total: number; list: JobView[] }> {
  const where = and(
    eq(backgroundJobs.userId, owner.userId),
    owner.tenantId === null
      ? isNull(backgroundJobs.tenantId)
      : eq(backgroundJobs.tenantId, owner.tenantId),
    isNull(backgroundJobs.deletedAt),
    query.kinds?.length ? inArray(backgroundJobs.kind, query.kinds) : undefined,
    notInArray(backgroundJobs.kind, [...UNLISTED_JOB_KINDS]),
    query.status ? eq(backgroundJobs.status, query.status) : undefined,
  );
  const [[total], rows] = await Promise.all([
    getDb().select({ n: count() }).from(backgroundJobs).where(where),
    getDb()
      .select()
      .from(backgroundJobs)
      .where(where)
      .orderBy(desc(backgroundJobs.createdAt), desc(backgroundJobs.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
  ]);
  return { total: Number(total?.n ?? 0), list: rows.map(jobView) };
}

/**
 * Stops a job: a queued one at once, a running one at its next step (the worker commits what it
 * has and marks it cancelled). Finished jobs stay as they are.
 */
export async function cancelJob(owner: JobOwner, id: number): Promise<JobView> {
  const row = await ownJob(owner, id);
  if (row.status !== 'queued' && row.status !== 'running') return jobView(row);
  const [updated] = await getDb()
    .update(backgroundJobs)
    .set({
      cancelRequestedAt: sql`coalesce(${backgroundJobs.cancelRequestedAt}, now())`,
      // Not started yet: nothing to wind down.
      status: sql`case when ${backgroundJobs.status} = 'queued' then 'cancelled' else ${backgroundJobs.status} end`,
      finishedAt: sql`case when ${backgroundJobs.status} = 'queued' then now() else ${backgroundJobs.finishedAt} end`,
      message: sql`case when ${backgroundJobs.status} = 'queued' then '已取消' else ${backgroundJobs.message} end`,
    })
    .where(eq(backgroundJobs.id, id))
    .returning();
  // Cancelled before it started: its input is no longer needed.
  if (updated.status === 'cancelled') await removeInputFile(updated.params);
  await publishJob(updated);
  return jobView(updated);
}

/** Removes a finished job from the list and deletes its file; a live one is cancelled first. */
export async function deleteJob(owner: JobOwner, id: number): Promise<true> {
  const row = await ownJob(owner, id);
  if (row.status === 'queued' || row.status === 'running') await cancelJob(owner, id);
  await getDb()
    .update(backgroundJobs)
    .set({ deletedAt: sql`now()` })
    .where(eq(backgroundJobs.id, id));
  if (row.fileKey) await removeJobFile(row.fileKey);
  await removeInputFile(row.params);
  return true;
}

/** The result file of a finished job of the caller. */
export async function jobFile(
  owner: JobOwner,
  id: number,
): Promise<{ name: string; mime: string; data: Buffer }> {
  const row = await ownJob(owner, id);
  const view = jobView(row);
  if (!view.downloadable || !row.fileKey) throw apiError('NOT_FOUND');
  const data = await readJobFile(row.fileKey);
  if (!data) throw apiError('NOT_FOUND');
  return {
    name: view.fileName ?? `${row.title}.xlsx`,
    mime: row.fileMime ?? 'application/octet-stream',
    data,
  };
}

/**
 * Records an export that was made at once (a download answered in the request) as a finished job
 * with its file, so the download centre lists every export of the user. Best effort: the user
 * already has the file, so a storage failure is logged, not raised.
 */
export async function recordFinishedExport(
  owner: JobOwner,
  file: { kind: string; title: string; fileName: string; mime: string; data: Buffer; rows: number },
  retentionDays = 7,
): Promise<void> {
  try {
    const key = await storeJobFile(file.fileName, file.mime, file.data);
    await getDb()
      .insert(backgroundJobs)
      .values({
        tenantId: owner.tenantId,
        userId: owner.userId,
        kind: file.kind,
        title: file.title,
        status: 'succeeded',
        processed: file.rows,
        total: file.rows,
        message: `共 ${file.rows} 条`,
        result: { rows: file.rows },
        fileKey: key,
        fileName: file.fileName,
        fileMime: file.mime,
        fileSize: file.data.length,
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
        expiresAt: new Date(Date.now() + retentionDays * 86_400_000),
      });
  } catch (err) {
    partLogger('jobs').error(`could not record an export: ${(err as Error).message}`);
  }
}
