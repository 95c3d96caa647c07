import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { backgroundJobs, enterprises } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { defineJobKind } from '@/lib/server/platform/jobs/job-kind';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { cancelJob, enqueueJob, getJob } from '@/lib/server/platform/jobs/job.service';
import {
  EXPORTS_IN_PROGRESS_PER_TENANT,
  EXPORTS_IN_PROGRESS_PER_USER,
} from '@/lib/server/enterprise/export/export-slots';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { exportClues } from '@/lib/shared/clue-io/clue-io.contract';
import { exportAdvancedSearch } from '@/lib/shared/search/search.contract';
import { exportEnterprises } from '@/lib/shared/enterprise/enterprise.contract';
import { exportUnlockedEnterprises } from '@/lib/shared/export/unlocked-export.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';

/**
 * Issue 28 item 4: one member queued 60 exports in 1.1 s and another enterprise's 5-second export
 * waited 75 s behind them (every kind runs one job at a time, first in first out). Now the runner
 * takes turns between enterprises, and exports in progress are capped per member and per
 * enterprise (已有导出任务进行中).
 */

/** An export-like job of fixed length. */
const slowJob = defineJobKind<{ ms: number }, null>({
  kind: 'test_regression_slow_export',
  params: z.object({ ms: z.number().int().min(0) }),
  async run(ctx) {
    await ctx.progress({ processed: 0, total: 1, message: '导出中' });
    await new Promise((r) => setTimeout(r, ctx.params.ms));
    return { message: '完成' };
  },
});

const owner = (u: TestUser) => ({ userId: u.userId, tenantId: u.tenantId });
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('another enterprise’s export is not starved by one member’s queue', () => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startTestJobRunner([slowJob]);
  });
  afterAll(() => runner.stop());

  it('starts right after the job running now, not after the sixty queued before it', async () => {
    const flooder = await createTestUser();
    const other = await createTestUser();
    const QUEUED = 60;
    const JOB_MS = 200;
    const flood = (
      await Promise.all(
        Array.from({ length: QUEUED }, (_, i) =>
          enqueueJob(owner(flooder), {
            kind: slowJob.kind,
            title: `导出 ${i}`,
            params: { ms: JOB_MS },
          }),
        ),
      )
    ).map((j) => j.id);
    const mine = await enqueueJob(owner(other), {
      kind: slowJob.kind,
      title: '我的导出',
      params: { ms: JOB_MS },
    });
    const done = await until('the other enterprise’s export', async () => {
      const view = await getJob(owner(other), mine.id);
      return view.status === 'succeeded' && view;
    });
    const rows = await getDb()
      .select({ id: backgroundJobs.id, startedAt: backgroundJobs.startedAt })
      .from(backgroundJobs)
      .where(inArray(backgroundJobs.id, [...flood, mine.id]));
    const started = (id: number) => rows.find((r) => r.id === id)?.startedAt?.getTime() ?? Infinity;
    // Flood jobs started after mine was queued and before it started: ahead of it in the queue.
    const startedBefore = flood.filter(
      (id) => started(id) >= mine.createTime && started(id) < started(mine.id),
    ).length;
    if (process.env.REPORT_WAIT)
      console.log(
        `other enterprise's export: ${flood.filter((id) => started(id) >= mine.createTime).length} of the flood still waiting when it was queued; it finished ${done.finishTime! - mine.createTime} ms after it was queued`,
      );
    for (const id of flood) await cancelJob(owner(flooder), id);
    // At most the one that was being picked up as mine arrived.
    expect(startedBefore).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe('exports in progress are capped', () => {
  let admin: TestUser;
  let colleagues: TestUser[];
  beforeAll(async () => {
    admin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
    colleagues = [];
    for (let i = 0; i < 3; i++)
      colleagues.push(
        await createTestUser({
          tenantId: admin.tenantId!,
          roleCodes: [BUILT_IN_ROLES.admin.code],
        }),
      );
  });

  // No runner here: every accepted export stays queued, as behind a long queue.
  it('per member: the export beyond the cap answers 已有导出任务进行中', async () => {
    const answers = [];
    for (let i = 0; i < EXPORTS_IN_PROGRESS_PER_USER + 1; i++)
      answers.push(await callContract(exportClues, { body: {} }, as(admin)));
    expect(answers.slice(0, -1).map((a) => a.code)).toEqual(
      Array(EXPORTS_IN_PROGRESS_PER_USER).fill(200),
    );
    expect(answers.at(-1)).toMatchObject({
      code: ERRORS.EXPORT_BUSY.code,
      msg: '已有导出任务进行中',
    });
    // The synchronous export of an advanced search counts against the same cap.
    const advanced = await callContract(exportAdvancedSearch, { body: { groups: [] } }, as(admin));
    expect({ code: advanced.code, msg: advanced.msg }).toEqual({
      code: ERRORS.EXPORT_BUSY.code,
      msg: '已有导出任务进行中',
    });
    // So do the exports of chosen companies and of the unlocked list.
    const [{ id: entId }] = await getDb().select({ id: enterprises.id }).from(enterprises).limit(1);
    const chosen = await callContract(exportEnterprises, { body: { entIds: [entId] } }, as(admin));
    const unlocked = await callContract(exportUnlockedEnterprises, { body: {} }, as(admin));
    for (const answer of [chosen, unlocked])
      expect({ code: answer.code, msg: answer.msg }).toEqual({
        code: ERRORS.EXPORT_BUSY.code,
        msg: '已有导出任务进行中',
      });
  });

  it('per enterprise: members together get no more than the enterprise cap', async () => {
    let accepted = 0;
    let refused = 0;
    for (const u of colleagues)
      for (let i = 0; i < EXPORTS_IN_PROGRESS_PER_USER; i++) {
        const r = await callContract(exportClues, { body: {} }, as(u));
        if (r.code === 200) accepted++;
        else if (r.msg === '已有导出任务进行中') refused++;
      }
    // The admin holds EXPORTS_IN_PROGRESS_PER_USER already (previous test).
    expect(accepted).toBe(EXPORTS_IN_PROGRESS_PER_TENANT - EXPORTS_IN_PROGRESS_PER_USER);
    expect(refused).toBe(3 * EXPORTS_IN_PROGRESS_PER_USER - accepted);
  });

  it('frees the slot when an export is cancelled', async () => {
    const other = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
    const first = await callContract(exportClues, { body: {} }, as(other));
    await callContract(exportClues, { body: {} }, as(other));
    expect((await callContract(exportClues, { body: {} }, as(other))).code).toBe(
      ERRORS.EXPORT_BUSY.code,
    );
    await cancelJob(owner(other), first.data.id);
    expect((await callContract(exportClues, { body: {} }, as(other))).code).toBe(200);
  });
});
