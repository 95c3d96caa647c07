import { and, eq, inArray, isNull } from 'drizzle-orm';
import { backgroundJobs, type BackgroundJobRow } from '@/db/schema';
import {
  WYW_BATCH_KIND,
  WYW_STATUS,
  wywPercent,
  wywSummaryText,
  type WywSummary,
} from '@/lib/shared/wyw/wyw.constants';
import type { WywJobState } from '@/lib/shared/wyw/wyw.contract';
import { getDb } from '@/lib/server/platform';
import type { WywCheckpoint } from './wyw-batch.job';

/** Whose batch: the member who started it, in their enterprise. */
export type WywOwner = { userId: number; tenantId: number | null };

const ownedBy = (owner: WywOwner) =>
  and(
    eq(backgroundJobs.userId, owner.userId),
    owner.tenantId === null
      ? isNull(backgroundJobs.tenantId)
      : eq(backgroundJobs.tenantId, owner.tenantId),
    eq(backgroundJobs.kind, WYW_BATCH_KIND),
    isNull(backgroundJobs.deletedAt),
  );

const STATUS: Record<string, number> = {
  queued: WYW_STATUS.running,
  running: WYW_STATUS.running,
  succeeded: WYW_STATUS.finished,
  cancelled: WYW_STATUS.stopped,
  failed: WYW_STATUS.failed,
};

/** The state the overlay shows (spec 3), from the job row and its last committed checkpoint. */
export function wywState(row: BackgroundJobRow): WywJobState {
  const cp = (row.checkpoint as Partial<WywCheckpoint> | null) ?? {};
  // Stopping (终止导出 asked, the worker ends after its current step) already reads as stopped.
  const status =
    row.cancelRequestedAt && (row.status === 'running' || row.status === 'queued')
      ? WYW_STATUS.stopped
      : (STATUS[row.status] ?? WYW_STATUS.running);
  const total = row.total ?? (row.params as { clueIds?: unknown[] }).clueIds?.length ?? 0;
  const processed = cp.processed ?? 0;
  const finished = status === WYW_STATUS.finished;
  // The finished job's counts (jobs from before the summary have none: zeros, no summary).
  const r = (finished ? row.result : null) as Partial<WywSummary> | null;
  const summary: WywSummary | null =
    r && typeof r.exportedNum === 'number'
      ? {
          collectedCompanyNum: r.collectedCompanyNum ?? 0,
          newContactNum: r.newContactNum ?? 0,
          exportedNum: r.exportedNum,
          omittedNum: r.omittedNum ?? 0,
          maskedNum: r.maskedNum ?? 0,
          unlockedNum: r.unlockedNum ?? 0,
        }
      : null;
  return {
    jobId: row.id,
    status,
    newContactCompanyNum: cp.newContactCompanyNum ?? 0,
    newContactNum: cp.newContactNum ?? 0,
    processedCompanyNum: finished ? total : processed,
    totalCompanyNum: total,
    skippedNum: cp.skipped ?? 0,
    collectedCompanyNum: summary?.collectedCompanyNum ?? 0,
    exportedNum: summary?.exportedNum ?? 0,
    omittedNum: summary?.omittedNum ?? 0,
    maskedNum: summary?.maskedNum ?? 0,
    unlockedNum: summary?.unlockedNum ?? 0,
    summary: summary ? wywSummaryText(summary) : null,
    progressPercent: wywPercent(finished, processed, total),
    fileName: row.fileName,
    downloadable: finished && row.fileKey !== null,
    error: row.error,
  };
}

/** The caller's batch job by id; null for anyone else's (even in the same enterprise). */
export async function ownBatchJob(
  owner: WywOwner,
  jobId: number,
): Promise<BackgroundJobRow | null> {
  const [row] = await getDb()
    .select()
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.id, jobId), ownedBy(owner)));
  return row ?? null;
}

export async function batchState(owner: WywOwner, jobId: number): Promise<WywJobState | null> {
  const row = await ownBatchJob(owner, jobId);
  return row ? wywState(row) : null;
}

/** The caller's batch that is waiting or running (at most one), if any; one being stopped is not. */
export async function runningBatch(owner: WywOwner): Promise<BackgroundJobRow | null> {
  const [row] = await getDb()
    .select()
    .from(backgroundJobs)
    .where(
      and(
        ownedBy(owner),
        inArray(backgroundJobs.status, ['queued', 'running']),
        isNull(backgroundJobs.cancelRequestedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
