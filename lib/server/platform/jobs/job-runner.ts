import PgBoss from 'pg-boss';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { backgroundJobs, type BackgroundJobRow } from '@/db/schema';
import { getDb } from '../db';
import { createJobContext, finishJob, publishJob, removeJobInputs } from './job-context';
import { INPUTS_REMOVED, JobCancelledError, JobLostError, type JobKind } from './job-kind';
import { removeJobFile } from './job-files';
import { runWithRequestContext } from '../observability/request-context';
import { partLogger } from '../observability/logger';
import { DISK_FULL_MESSAGE, faultPoint, isDiskFull } from '../faults/fault-points';

export type JobRunnerOptions = {
  connectionString: string;
  // Kinds differ in their params and checkpoints; the runner only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kinds: readonly JobKind<any, any>[];
  log?: (message: string) => void;
  /** How often an idle worker looks for work (pg-boss polling; sends in-process wake it at once). */
  pollingIntervalSeconds?: number;
  /** A running job whose worker has not beaten for this long is given to another attempt. */
  staleAfterSeconds?: number;
  /** How often the sweeper looks for undispatched, stale and expired jobs. */
  sweepIntervalSeconds?: number;
  /** Attempts after which an interrupted job is failed instead of resumed. */
  maxAttempts?: number;
};

export type JobRunner = {
  /** Hands a queued job to pg-boss (also done by the sweeper for anything missed). */
  dispatch: (jobId: number) => Promise<void>;
  /** One sweep now (tests; normally on a timer). */
  sweep: () => Promise<void>;
  stop: () => Promise<void>;
};

const runnerKey = Symbol.for('leadradar.jobs.runner');
type G = typeof globalThis & { [runnerKey]?: JobRunner };

/** The runner started in this process, if any (Next's route handlers share it through a global). */
export function activeJobRunner(): JobRunner | undefined {
  return (globalThis as G)[runnerKey];
}

const queueName = (kind: string) => `job_${kind.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * Starts pg-boss and one worker per kind (ADR 0090). pg-boss dispatches and wakes workers;
 * background_jobs holds the state. A worker claims a row only with the pg-boss job id written in
 * it (dispatch_id) and bumps `attempt`, which fences every earlier holder out of the row. A
 * process killed mid-job stops beating; the sweeper then re-dispatches the job, and the new attempt
 * resumes from the checkpoint of the last committed step.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const log = options.log ?? ((m: string) => partLogger('jobs').info(m));
  const staleAfterMs = (options.staleAfterSeconds ?? 60) * 1000;
  const maxAttempts = options.maxAttempts ?? 5;
  const kinds = new Map(options.kinds.map((k) => [k.kind, k]));
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    application_name: 'leadradar-jobs',
    max: 4,
    // The sweeper re-dispatches dead jobs from heartbeats; pg-boss's own expiry is a late backstop.
    expireInHours: 6,
    retryLimit: 0,
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (err: Error) => log(`pg-boss: ${err.message}`));
  await boss.start();

  const workers = new Map<string, string[]>();
  const running = new Set<Promise<void>>();
  let stopping = false;

  async function handle(kind: JobKind<unknown, unknown>, bossJobId: string, jobId: number) {
    let claimed = await claim(jobId, bossJobId);
    // dispatch() writes the pg-boss id into the row just after sending; a worker that fetched the
    // job first waits for it (up to a second) instead of dropping the job until the stale sweep.
    for (let i = 0; !claimed && i < 20 && (await awaitingDispatchId(jobId)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      claimed = await claim(jobId, bossJobId);
    }
    if (!claimed) return;
    const heartbeat = setInterval(
      () => {
        void getDb()
          .update(backgroundJobs)
          .set({ heartbeatAt: sql`now()` })
          .where(and(eq(backgroundJobs.id, jobId), eq(backgroundJobs.attempt, claimed.attempt)))
          .catch(() => undefined);
      },
      Math.max(250, staleAfterMs / 3),
    );
    try {
      // The job's lines carry the id of the request that enqueued it, and the job's own id.
      await runWithRequestContext({ reqId: claimed.requestId ?? `job-${jobId}`, jobId }, () =>
        runClaimed(kind, claimed),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runClaimed(kind: JobKind<unknown, unknown>, row: BackgroundJobRow) {
    await publishJob(row);
    if (row.cancelRequestedAt) return finishJob(row, 'cancelled', {}, kind);
    if (row.attempt > maxAttempts)
      return finishJob(row, 'failed', { error: '任务多次中断，已停止，请重新发起' }, kind);
    const params = kind.params.safeParse(row.params);
    if (!params.success) return finishJob(row, 'failed', { error: '任务参数无效' }, kind);
    try {
      const outcome = await kind.run(createJobContext(row, params.data));
      faultPoint('job.run.returned');
      await finishJob(row, 'succeeded', outcome, kind);
    } catch (err) {
      if (err instanceof JobLostError) return;
      if (err instanceof JobCancelledError) return finishJob(row, 'cancelled', {}, kind);
      log(`${row.kind} #${row.id} failed: ${(err as Error).stack ?? String(err)}`);
      // Jobs raise Error('…') with a Chinese message meant for the user; anything else is generic.
      const message = isDiskFull(err)
        ? DISK_FULL_MESSAGE
        : err instanceof Error && /[\u4e00-\u9fa5]/.test(err.message)
          ? err.message
          : '';
      await finishJob(row, 'failed', { error: message || '任务执行失败，请稍后重试' }, kind);
    }
  }

  for (const kind of kinds.values()) {
    const name = queueName(kind.kind);
    await boss.createQueue(name);
    const ids: string[] = [];
    for (let i = 0; i < (kind.concurrency ?? 1); i++) {
      ids.push(
        await boss.work<{ jobId: number }>(
          name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (!job || stopping) return;
            const work = handle(kind, job.id, Number(job.data.jobId));
            running.add(work);
            try {
              await work;
            } finally {
              running.delete(work);
            }
          },
        ),
      );
    }
    workers.set(kind.kind, ids);
  }

  async function dispatch(jobId: number): Promise<void> {
    const [row] = await getDb()
      .select({
        kind: backgroundJobs.kind,
        dispatchId: backgroundJobs.dispatchId,
        tenantId: backgroundJobs.tenantId,
      })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, jobId));
    if (!row || row.dispatchId || !kinds.has(row.kind)) return;
    const name = queueName(row.kind);
    const bossJobId = await boss.send(
      name,
      { jobId },
      { retryLimit: 0, priority: await fairPriority(jobId, row.kind, row.tenantId) },
    );
    if (!bossJobId) return;
    // Compare-and-set: only one dispatcher wins; a losing send is withdrawn.
    const won = await getDb()
      .update(backgroundJobs)
      .set({ dispatchId: bossJobId })
      .where(and(eq(backgroundJobs.id, jobId), isNull(backgroundJobs.dispatchId)))
      .returning({ id: backgroundJobs.id });
    if (won.length === 0) {
      await boss.cancel(name, bossJobId).catch(() => undefined);
      return;
    }
    for (const id of workers.get(row.kind) ?? []) boss.notifyWorker(id);
  }

  async function sweep(): Promise<void> {
    const db = getDb();
    if (kinds.size > 0) await resumeJobs();

    // Past retention: the file goes, the row is kept as deleted for the audit trail.
    const expired = await db
      .update(backgroundJobs)
      .set({ deletedAt: sql`now()` })
      .where(and(isNull(backgroundJobs.deletedAt), lt(backgroundJobs.expiresAt, sql`now()`)))
      .returning({ fileKey: backgroundJobs.fileKey });
    for (const { fileKey } of expired) if (fileKey) await removeJobFile(fileKey);

    // Ended, but its process died before the inputs went (between finishJob's end and cleanup).
    if (kinds.size === 0) return;
    const leftovers = await db
      .select({ id: backgroundJobs.id, kind: backgroundJobs.kind, params: backgroundJobs.params })
      .from(backgroundJobs)
      .where(
        and(
          inArray(backgroundJobs.status, ['succeeded', 'failed', 'cancelled']),
          inArray(backgroundJobs.kind, [...kinds.keys()]),
          sql`not (${backgroundJobs.params} ? ${INPUTS_REMOVED})`,
          lt(backgroundJobs.finishedAt, sql`now() - make_interval(secs => ${staleAfterMs / 1000})`),
        ),
      )
      .limit(50);
    for (const job of leftovers)
      await removeJobInputs(job.id, job.params, kinds.get(job.kind)?.onEnded);
  }

  async function resumeJobs(): Promise<void> {
    const db = getDb();
    // Queued but never handed to pg-boss (the send failed, or no runner was up then).
    const undispatched = await db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.status, 'queued'),
          isNull(backgroundJobs.dispatchId),
          isNull(backgroundJobs.deletedAt),
          inArray(backgroundJobs.kind, [...kinds.keys()]),
        ),
      )
      .limit(100);
    for (const { id } of undispatched) await dispatch(id);

    // Running without a heartbeat: the worker died. Take the dispatch back and send it again.
    const stale = await db
      .update(backgroundJobs)
      .set({ dispatchId: null })
      .where(
        and(
          inArray(backgroundJobs.status, ['queued', 'running']),
          inArray(backgroundJobs.kind, [...kinds.keys()]),
          sql`${backgroundJobs.dispatchId} is not null`,
          lt(
            sql`coalesce(${backgroundJobs.heartbeatAt}, ${backgroundJobs.createdAt})`,
            sql`now() - make_interval(secs => ${staleAfterMs / 1000})`,
          ),
          // A queued job may simply be waiting its turn behind others of its kind.
          sql`(${backgroundJobs.status} = 'running' or not exists (
            select 1 from pgboss.job j where j.id::text = ${backgroundJobs.dispatchId}
              and j.state in ('created', 'retry', 'active')))`,
        ),
      )
      .returning({ id: backgroundJobs.id, kind: backgroundJobs.kind });
    for (const job of stale) {
      log(`${job.kind} #${job.id}: worker stopped beating, resuming it`);
      await dispatch(job.id);
    }
  }

  let sweeping: Promise<void> | null = null;
  const sweepTimer = setInterval(
    () => {
      if (sweeping || stopping) return;
      sweeping = sweep()
        .catch((err: Error) => log(`sweep: ${err.message}`))
        .finally(() => (sweeping = null));
    },
    (options.sweepIntervalSeconds ?? 10) * 1000,
  );
  sweepTimer.unref();

  const runner: JobRunner = {
    dispatch,
    sweep,
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      if ((globalThis as G)[runnerKey] === runner) (globalThis as G)[runnerKey] = undefined;
      // Jobs in progress keep their checkpoints; whatever is left resumes on the next start.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
      await Promise.race([
        Promise.allSettled([...running, sweeping]),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
    },
  };
  (globalThis as G)[runnerKey] = runner;
  // Anything queued while no runner was up.
  void sweep().catch((err: Error) => log(`sweep: ${err.message}`));
  return runner;
}

/**
 * Fair turns between enterprises (issue 28 item 4): pg-boss hands out the highest priority first,
 * oldest first among equals. A job's priority is minus the number of its enterprise's jobs of the
 * same kind still ahead of it (queued or running), so every enterprise's first waiting job comes
 * before anyone's second, its second before anyone's third: round-robin by enterprise instead of
 * one member's sixty exports holding up everyone else's one.
 */
async function fairPriority(jobId: number, kind: string, tenantId: number | null): Promise<number> {
  const { rows } = await getDb().execute<{ ahead: number }>(sql`
    select count(*)::int as ahead from background_jobs
     where kind = ${kind} and tenant_id is not distinct from ${tenantId}
       and status in ('queued', 'running') and deleted_at is null and id < ${jobId}`);
  return -Number(rows[0]?.ahead ?? 0);
}

/**
 * Takes a dispatched job: only the pg-boss job named in dispatch_id may, and taking it bumps the
 * attempt (the fence every write of the job checks).
 */
/** Queued and sent, but its pg-boss id not yet written by the dispatcher. */
async function awaitingDispatchId(jobId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ status: backgroundJobs.status, dispatchId: backgroundJobs.dispatchId })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.id, jobId));
  return row?.status === 'queued' && row.dispatchId === null;
}

async function claim(jobId: number, bossJobId: string): Promise<BackgroundJobRow | null> {
  const [row] = await getDb()
    .update(backgroundJobs)
    .set({
      status: 'running',
      attempt: sql`${backgroundJobs.attempt} + 1`,
      startedAt: sql`coalesce(${backgroundJobs.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(backgroundJobs.id, jobId),
        eq(backgroundJobs.dispatchId, bossJobId),
        inArray(backgroundJobs.status, ['queued', 'running']),
        isNull(backgroundJobs.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}
