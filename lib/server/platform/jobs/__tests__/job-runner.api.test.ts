import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { backgroundJobs } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { PUSH_CHANNEL, type PushEnvelope } from '@/lib/server/platform/push/push.types';
import { JOB_PUSH_TYPE, type JobView } from '@/lib/shared/jobs/job.types';
import { createTestUser, type TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { countingJob } from '@/test/jobs/counting-job';
import { until } from '@/test/helpers/until';
import { storeJobFile } from '../job-files';
import { startJobRunner, type JobRunner } from '../job-runner';
import { cancelJob, deleteJob, enqueueJob, getJob, jobFile, jobPage } from '../job.service';

const stored = installMemoryFileStorage();

const root = path.resolve(__dirname, '../../../../..');
let owner: TestUser;
const as = (u: TestUser) => ({ userId: u.userId, tenantId: u.tenantId });

const jobRow = async (id: number) =>
  (await getDb().select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0];

/** Items written per job: how many distinct, how many rows (a duplicate makes rows > distinct). */
async function items(jobId: number) {
  const { rows } = await getDb().execute<{ distinct: number; rows: number; attempts: number }>(
    sql`select count(distinct item)::int as distinct, count(*)::int as rows,
          count(distinct attempt)::int as attempts
        from job_test_items where job_id = ${jobId}`,
  );
  return rows[0];
}

beforeAll(async () => {
  await getDb().execute(
    sql`create table job_test_items (job_id bigint not null, item int not null, attempt int not null)`,
  );
  owner = await createTestUser();
});

describe('with a runner in this process', () => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startJobRunner({
      connectionString: process.env.DATABASE_URL!,
      kinds: [countingJob],
      pollingIntervalSeconds: 0.5,
      staleAfterSeconds: 5,
      sweepIntervalSeconds: 1,
      log: () => undefined,
    });
  });
  afterAll(() => runner.stop());

  it('runs a job to the end, pushes its progress and keeps its file for the owner only', async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const pushes: JobView[] = [];
    listener.on('notification', (n) => {
      const envelope = JSON.parse(n.payload ?? '{}') as PushEnvelope;
      if (envelope.userId === owner.userId && envelope.message?.type === JOB_PUSH_TYPE)
        pushes.push(envelope.message.content as JobView);
    });
    await listener.query(`listen ${PUSH_CHANNEL}`);
    try {
      const job = await enqueueJob(as(owner), {
        kind: countingJob.kind,
        title: '计数',
        params: { count: 50, batch: 10, stepMs: 150, file: true },
      });
      expect(job.status).toBe('queued');
      const done = await until('success', async () => {
        const view = await getJob(as(owner), job.id);
        return view.status === 'succeeded' && view;
      });
      expect(done).toMatchObject({
        processed: 50,
        total: 50,
        percent: 100,
        message: '共处理 50 条',
        result: { count: 50 },
        // Named by the job's title and its date (issue 28 item 7), not the stored name.
        fileName: expect.stringMatching(/^计数_\d{8}-\d{4}\.xlsx$/),
        downloadable: true,
      });
      expect(await items(job.id)).toEqual({ distinct: 50, rows: 50, attempts: 1 });
      const file = await jobFile(as(owner), job.id);
      expect(file.data.toString()).toContain('50');

      // The socket saw it move: queued, some progress in between, then done.
      await until('last push', async () => pushes.at(-1)?.status === 'succeeded');
      const seen = pushes.filter((p) => p.id === job.id);
      expect(seen[0].status).toBe('queued');
      expect(seen.some((p) => p.status === 'running' && p.percent > 0 && p.percent < 100)).toBe(
        true,
      );

      // Someone else, even of the same enterprise, gets 404 for it and never sees it listed.
      const colleague = await createTestUser({ tenantId: owner.tenantId ?? undefined });
      await expect(getJob(as(colleague), job.id)).rejects.toMatchObject({ code: 404 });
      await expect(jobFile(as(colleague), job.id)).rejects.toMatchObject({ code: 404 });
      expect((await jobPage(as(colleague), { pageNo: 1, pageSize: 10 })).total).toBe(0);
      expect((await jobPage(as(owner), { pageNo: 1, pageSize: 10 })).list[0].id).toBe(job.id);

      await deleteJob(as(owner), job.id);
      await expect(getJob(as(owner), job.id)).rejects.toMatchObject({ code: 404 });
    } finally {
      await listener.end();
    }
  });

  it('stops a running job at its next step when cancelled, keeping what it committed', async () => {
    const job = await enqueueJob(as(owner), {
      kind: countingJob.kind,
      title: '计数',
      params: { count: 1000, batch: 10, stepMs: 50 },
    });
    await until('progress', async () => (await jobRow(job.id)).processed >= 20);
    await cancelJob(as(owner), job.id);
    const row = await until('cancelled', async () => {
      const r = await jobRow(job.id);
      return r.status === 'cancelled' && r;
    });
    expect(row.processed).toBeLessThan(1000);
    // Every committed step is in the table, and nothing beyond what the job reported.
    expect(await items(job.id)).toMatchObject({ distinct: row.processed, rows: row.processed });
  });

  it('cancels a queued job at once and fails a job whose work throws, with its message', async () => {
    // Each names an input file (an upload it works through): it goes when the job ends.
    const inputOf = () =>
      storeJobFile('upload.xlsx', 'application/octet-stream', Buffer.from('PK'));
    const failingInput = await inputOf();
    const failing = await enqueueJob(as(owner), {
      kind: countingJob.kind,
      title: '计数',
      params: { count: 30, batch: 10, stepMs: 0, failAt: 25, inputFileKey: failingInput },
    });
    const failed = await until('failure', async () => {
      const view = await getJob(as(owner), failing.id);
      return view.status === 'failed' && view;
    });
    expect(failed).toMatchObject({ error: '第 25 条数据有误', processed: 20, downloadable: false });
    expect(stored.has(failingInput)).toBe(false);

    // No runner knows this kind: it stays queued until cancelled.
    const orphanInput = await inputOf();
    const [orphan] = await getDb()
      .insert(backgroundJobs)
      .values({
        userId: owner.userId,
        tenantId: owner.tenantId,
        kind: 'unknown',
        title: '未知',
        params: { inputFileKey: orphanInput },
      })
      .returning();
    expect(stored.has(orphanInput)).toBe(true);
    expect((await cancelJob(as(owner), orphan.id)).status).toBe('cancelled');
    expect(stored.has(orphanInput)).toBe(false);
  });

  it('deletes result files past their expiry, and only those', async () => {
    const make = async (expiresInMs: number) => {
      const key = await storeJobFile('导出.xlsx', 'application/octet-stream', Buffer.from('PK'));
      const [row] = await getDb()
        .insert(backgroundJobs)
        .values({
          userId: owner.userId,
          tenantId: owner.tenantId,
          kind: 'export_enterprises',
          title: '导出',
          status: 'succeeded',
          fileKey: key,
          fileName: '导出.xlsx',
          expiresAt: new Date(Date.now() + expiresInMs),
        })
        .returning();
      return row;
    };
    const old = await make(-1000);
    const fresh = await make(86_400_000);
    await runner.sweep();
    expect((await jobRow(old.id)).deletedAt).not.toBeNull();
    expect(stored.has(old.fileKey!)).toBe(false);
    expect((await jobRow(fresh.id)).deletedAt).toBeNull();
    expect(stored.has(fresh.fileKey!)).toBe(true);
    await expect(getJob(as(owner), old.id)).rejects.toMatchObject({ code: 404 });
  });

  it('a worker that lost the job can commit nothing', async () => {
    const job = await enqueueJob(as(owner), {
      kind: countingJob.kind,
      title: '计数',
      params: { count: 400, batch: 10, stepMs: 100 },
    });
    await until('progress', async () => (await jobRow(job.id)).processed >= 10);
    // Another attempt takes over (as after an expiry): the first holder's next step rolls back.
    await getDb()
      .update(backgroundJobs)
      .set({ attempt: sql`${backgroundJobs.attempt} + 1`, dispatchId: 'taken-over' })
      .where(eq(backgroundJobs.id, job.id));
    const frozen = (await jobRow(job.id)).processed;
    await new Promise((r) => setTimeout(r, 600));
    const after = await jobRow(job.id);
    expect(after.processed).toBe(frozen);
    expect(after.status).toBe('running');
    expect(await items(job.id)).toMatchObject({ distinct: frozen, rows: frozen });
    await cancelJob(as(owner), job.id);
  });
});

describe('a job whose process is killed', () => {
  let child: ChildProcess | null = null;
  afterEach(() => child?.kill('SIGKILL'));

  function startChild(): Promise<ChildProcess> {
    const proc = spawn(
      process.execPath,
      // In this process (not tsx's CLI, which runs the script in a child kill -9 would not reach).
      ['--import', 'tsx', 'test/jobs/job-worker-child.ts'],
      { cwd: root, env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child not ready: ${out}`)), 150_000);
      proc.stdout?.on('data', (d) => {
        out += d;
        if (out.includes('ready')) {
          clearTimeout(timer);
          resolve(proc);
        }
      });
      proc.stderr?.on('data', (d) => (out += d));
      proc.on('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
    });
  }

  it('resumes after kill -9 from its last step and finishes exactly once', async () => {
    child = await startChild();
    const job = await enqueueJob(as(owner), {
      kind: countingJob.kind,
      title: '计数',
      params: { count: 300, batch: 10, stepMs: 100 },
    });
    // No runner in this process: the child's sweeper dispatches it.
    await until('progress in the child', async () => (await jobRow(job.id)).processed >= 50);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const atKill = await jobRow(job.id);
    expect(atKill.status).toBe('running');
    expect(atKill.processed).toBeLessThan(300);

    // A new process comes up; the job has stopped beating, so its sweeper takes it over.
    child = await startChild();
    const done = await until(
      'resumed job to finish',
      async () => {
        const r = await jobRow(job.id);
        return r.status === 'succeeded' && r;
      },
      90_000,
    );
    expect(done.attempt).toBe(2);
    expect(done.processed).toBe(300);
    const written = await items(job.id);
    expect(written).toEqual({ distinct: 300, rows: 300, attempts: 2 });
  }, 400_000);
});
