import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import {
  backgroundJobs,
  clueFollowUps,
  clues,
  enterpriseContacts,
  notifications,
  outreachContacts,
  outreachCreditEntries,
  outreachDemoRequests,
  outreachTasks,
  socialUsers,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  addWeixinOptOut,
  addWeixinTaskSchema,
  checkFollowWeixin,
  deleteAddWeixinOptOut,
  getAddWeixinOptOutList,
  createAddWeixinTask,
  createExportTaskByWeixinTask,
  getAddWeixinTaskDetail,
  getAddWeixinTaskList,
  getAddWeixinTaskPrice,
  outreachCallback,
  stopAddWeixinTask,
  updateAddWeixinTaskRemindStatus,
  updateAddWeixinTaskTitle,
  type AddWeixinTask,
} from '@/lib/shared/ai/outreach.contract';
import { getTaskMessageList } from '@/lib/shared/ai/ai.contract';
import { downloadJobFile } from '@/lib/shared/jobs/job.contract';
import { getVipOrderQrcodeKey } from '@/lib/shared/trade/trade.contract';
import {
  OUTREACH_CONTACT_STATE as S,
  OUTREACH_EXPIRED_STATUS,
  OUTREACH_PUSH_TYPE,
  OUTREACH_SIGNATURE_HEADER,
  OUTREACH_STATUS,
  OUTREACH_TIMESTAMP_HEADER,
} from '@/lib/shared/ai/outreach.constants';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import { creditBalance } from '@/lib/server/commerce/outreach-credit/outreach-credit.service';
import { confirmDemoPayment } from '@/lib/server/commerce/trade/order.service';
import {
  setOutreachProvider,
  signCallback,
  type OutreachProvider,
} from '@/lib/server/ai/outreach/provider';
import { createDemoOutreachProvider } from '@/lib/server/ai/outreach/provider/demo-outreach-provider';
import { createHttpOutreachProvider } from '@/lib/server/ai/outreach/provider/http-outreach-provider';
import { runOutreachSchedule } from '@/lib/server/ai/outreach/outreach-schedule';
import { startPushListener, type PushListener } from '@/lib/server/platform/push/push.service';
import type { PushEnvelope } from '@/lib/server/platform/push/push.types';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { as, scopedRole } from '@/test/helpers/crm-team';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { outreachJob } from '../outreach.job';
import { body, companies, create, detail, grant, nextMobile, smsCodeFor, tag } from './support';
import { outreachExportJob, OUTREACH_EXPORT_HEADERS } from '../outreach-export.job';

/**
 * 加微任务 (issue 33): the eight spec 7.4 calls with success and refusal, the ledger (purchase
 * applied once, reservation and release once, 1010006011 with the full answer), parallel creates
 * and stops, data scope, opt-out, signed callbacks, expiry, the export, follow-ups of accepted
 * contacts (kill -9 of its job: test/kill/__tests__/kill-everywhere.api.test.ts).
 */

installMemoryFileStorage();
process.env.OUTREACH_CALLBACK_SECRET = 'test-secret-outreach';
// Jobs wait this long for answers, then leave the waiting task to the schedule.
process.env.OUTREACH_ANSWER_WAIT_MS = '1500';
let runner: JobRunner;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;
let stranger: TestUser;
const fast = createDemoOutreachProvider({ latencyMs: 2, answerMs: 100, concurrency: 4 });

async function until<T>(what: string, probe: () => Promise<T | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const endedTask = (u: TestUser, messageId: number, ms?: number) =>
  until(
    `task of message ${messageId} to end`,
    async () => {
      const d = await detail(u, messageId);
      return d.addWeixinTask.wocStatus === OUTREACH_STATUS.ended && d;
    },
    ms,
  );

beforeAll(async () => {
  setOutreachProvider(fast);
  runner = await startTestJobRunner([outreachJob, outreachExportJob]);
  admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  await scopedRole(`outreach_self_${tag}`, 5, ['szjk:clue:']);
  member = await createTestUser({ tenantId: admin.tenantId!, roleCodes: [`outreach_self_${tag}`] });
  colleague = await createTestUser({
    tenantId: admin.tenantId!,
    roleCodes: [`outreach_self_${tag}`],
  });
  stranger = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
  });
}, 120_000);
afterAll(() => setOutreachProvider(null));

describe('get-add-weixin-task-price', () => {
  it('answers code 200, 请先登录 and empty data without a token (spec 6)', async () => {
    const r = await callContract(getAddWeixinTaskPrice, {});
    expect(r.json).toEqual({ code: 200, msg: '请先登录', data: null });
  });

  it('answers the balance, the need of a count, the packs on sale and the day-first confirmation', async () => {
    const r = await callContract(getAddWeixinTaskPrice, { query: { count: 30 } }, as(stranger));
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ unitCredits: 1, balance: 0, need: 30, shortfall: 30 });
    expect(r.data!.packs.map((p) => p.credits)).toEqual([100, 500, 2000]);
    expect(r.data!.confirmRequired).toBe(true);
    expect(r.data!.confirmMobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  });
});

describe('create-add-weixin-task', () => {
  // Tasks created here do not end (and give credits back) while the balances are compared.
  beforeAll(() =>
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 5, answerMs: 600_000 })),
  );
  afterAll(() => setOutreachProvider(fast));

  it('refuses bad input with clear messages', async () => {
    const none = await callContract(createAddWeixinTask, { body: body([]) }, as(member));
    expect(none.code).toBe(400);
    expect(none.msg).toContain('请选择要添加的企业');
    const many = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const over = await callContract(createAddWeixinTask, { body: body(many) }, as(member));
    expect(over.code).toBe(400);
    expect(over.msg).toContain('最多 10000 家企业');
    const past = await callContract(
      createAddWeixinTask,
      { body: body([1], { endTime: Date.now() - 1000 }) },
      as(member),
    );
    expect(past.msg).toContain('结束时间须晚于现在');
    const longTitle = await callContract(
      createAddWeixinTask,
      { body: body([1], { title: '名'.repeat(200) }) },
      as(member),
    );
    expect(longTitle.msg).toContain('任务名称最多 30 个字');
    // Another tenant's leads.
    const [foreign] = await getDb()
      .insert(clues)
      .values({
        tenantId: stranger.tenantId!,
        name: `别家${tag}`,
        ownerUserId: stranger.userId,
        creatorUserId: stranger.userId,
        source: '手动录入',
      })
      .returning({ id: clues.id });
    const other = await create(member, { ...body([]), entIds: undefined, clueIds: [foreign.id] });
    expect(other.code).toBe(ERRORS.OUTREACH_FOREIGN_COMPANIES.code);
    // Companies the tenant has not unlocked: no usable number.
    const locked = await companies(member, 2, { unlocked: false });
    const nothing = await create(member, body(locked));
    expect(nothing.code).toBe(ERRORS.OUTREACH_NO_CONTACTS.code);
    expect(nothing.msg).toContain('没有可添加的手机号');
  });

  it('refuses a short balance with 1010006011 and the full answer, then a bought pack pays it once', async () => {
    const buyer = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    });
    const ents = await companies(buyer, 3, { mobiles: 2 });
    const short = await create(buyer, body(ents));
    expect(short.code).toBe(1010006011);
    expect(short.msg).toContain('需要 6 次，剩余 0 次');
    expect(short.data).toMatchObject({ balance: 0, need: 6, shortfall: 6, unitCredits: 1 });
    expect((short.data as unknown as { packs: unknown[] }).packs).toHaveLength(3);
    // Nothing was written by the refused request.
    const [{ n }] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(outreachTasks)
      .where(eq(outreachTasks.tenantId, buyer.tenantId!));
    expect(n).toBe(0);

    // Buy the 100 pack through the order flow; the demo payment confirmed twice applies once.
    const price = await callContract(getAddWeixinTaskPrice, {}, as(buyer));
    const pack = price.data!.packs[0];
    const qr = await callContract(
      getVipOrderQrcodeKey,
      { query: { productId: pack.productId, payChannel: 'demo' } },
      as(buyer),
    );
    expect(qr.code).toBe(200);
    await Promise.all([
      confirmDemoPayment(qr.data.qrcodeKey, null),
      confirmDemoPayment(qr.data.qrcodeKey, null),
    ]);
    await confirmDemoPayment(qr.data.qrcodeKey, null);
    expect(await creditBalance(buyer.tenantId!)).toBe(100);

    const ok = await create(buyer, body(ents));
    expect(ok.code).toBe(200);
    expect(ok.data.created).toBe(true);
    expect(ok.data.addWeixinTask).toMatchObject({ total: 6, reserved: 6, wocStatus: 1, status: 1 });
    expect(await creditBalance(buyer.tenantId!)).toBe(94);
  });

  it('asks for the SMS code before the first paid task of the day', async () => {
    const u = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
    await grant(u, 10);
    const ents = await companies(u, 1);
    const without = await callContract(createAddWeixinTask, { body: body(ents) }, as(u));
    expect(without.code).toBe(ERRORS.OUTREACH_CONFIRM_REQUIRED.code);
    const wrong = await callContract(
      createAddWeixinTask,
      { body: body(ents, { smsCode: '000000' }) },
      as(u),
    );
    expect(wrong.code).toBe(ERRORS.SMS_CODE_NOT_FOUND.code);
    const ok = await create(u, body(ents));
    expect(ok.code).toBe(200);
    // The second task of the day needs no code.
    const second = await callContract(createAddWeixinTask, { body: body(ents) }, as(u));
    expect(second.code).toBe(200);
    expect(await creditBalance(u.tenantId!)).toBe(8);
  });

  it('creates once per requestId and charges once under parallel requests', async () => {
    const u = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
    await grant(u, 10);
    const ents = await companies(u, 4);
    const same = body(ents);
    const code = await smsCodeFor(u);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callContract(createAddWeixinTask, { body: { ...same, smsCode: code } }, as(u)),
      ),
    );
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.data.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.addWeixinTask.id)).size).toBe(1);
    expect(await creditBalance(u.tenantId!)).toBe(6);

    // Two different tasks when the balance pays only one: one passes, one gets 1010006011.
    const more = await companies(u, 4);
    const [a, b] = await Promise.all([
      callContract(createAddWeixinTask, { body: body(more) }, as(u)),
      callContract(createAddWeixinTask, { body: body(more) }, as(u)),
    ]);
    expect([a.code!, b.code!].sort((x, y) => x - y)).toEqual([200, 1010006011]);
    expect(await creditBalance(u.tenantId!)).toBe(2);
    const entries = await getDb()
      .select()
      .from(outreachCreditEntries)
      .where(eq(outreachCreditEntries.tenantId, u.tenantId!));
    expect(entries.filter((e) => e.reason === 'reserve')).toHaveLength(2);
    expect(entries.reduce((s, e) => s + e.delta, 0)).toBe(2);
  });
});

describe('a task that runs', () => {
  it('sends each number once, records answers, makes follow-ups, ends and gives back unused credits', async () => {
    await grant(admin, 200);
    const ents = await companies(admin, 12, { mobiles: 2, lead: true });
    const noMobile = await companies(admin, 1, { mobiles: 0 });
    // One number opted out: never contacted.
    const [optRow] = await getDb()
      .select({ value: enterpriseContacts.value })
      .from(enterpriseContacts)
      .where(eq(enterpriseContacts.enterpriseId, ents[0]))
      .limit(1);
    const opt = await callContract(addWeixinOptOut, { body: { mobile: optRow.value } }, as(admin));
    expect(opt.data).toBe(true);
    const bad = await callContract(addWeixinOptOut, { body: { mobile: '12345' } }, as(admin));
    expect(bad.msg).toContain('手机号格式不正确');

    const before = await creditBalance(admin.tenantId!);
    const r = await create(admin, body([...ents, ...noMobile]));
    expect(r.code).toBe(200);
    const t = r.data.addWeixinTask;
    expect(t).toMatchObject({ companyCount: 13, total: 25, reserved: 24, skipped: 1, demo: true });
    expect(t.cluePoolEntNameList.length).toBeGreaterThan(0);

    const done = await endedTask(admin, t.messageId);
    const v = done.addWeixinTask;
    expect(v.endReason).toBe('finished');
    expect(v.queued).toBe(0);
    expect(v.sent).toBe(0);
    expect(v.accepted + v.refused + v.failed + v.skipped).toBe(25);
    expect(v.skipped).toBe(2);
    const opted = done.list.find((c) => c.reason === '对方已拒绝再被联系');
    expect(opted?.state).toBe(S.skipped);
    // The member is told in the message centre, once, with the counts and the way to the task.
    const told = await getDb()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.userId),
          eq(notifications.templateCode, 'outreach_finished'),
          sql`${notifications.content} like ${`%「${t.title}」%`}`,
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain(`已通过 ${v.accepted} 人`);
    expect(told[0].link).toContain(String(t.messageId));
    // Credits: the delivered ones are charged, the rest came back (one release).
    expect(v.charged).toBe(v.accepted + v.refused);
    expect(await creditBalance(admin.tenantId!)).toBe(before - v.charged);
    // The provider was asked once per number.
    const asked = await getDb()
      .select()
      .from(outreachDemoRequests)
      .where(sql`${outreachDemoRequests.ref} like ${`t${t.id}c%`}`);
    expect(asked).toHaveLength(23);
    expect(new Set(asked.map((a) => a.mobile)).size).toBe(23);
    expect(asked.every((a) => a.attempts === 1)).toBe(true);
    expect(asked.some((a) => a.mobile === optRow.value)).toBe(false);
    // Accepted contacts became 微信 follow-ups on their leads.
    const follows = await getDb()
      .select()
      .from(clueFollowUps)
      .innerJoin(clues, eq(clues.id, clueFollowUps.clueId))
      .where(
        and(
          eq(clueFollowUps.tenantId, admin.tenantId!),
          sql`${clues.enterpriseId} = any(${sql.param(ents)}::bigint[])`,
        ),
      );
    expect(follows).toHaveLength(v.accepted);
    expect(follows.every((f) => f.clue_follow_ups.channel === '微信')).toBe(true);

    // The thread carries the card (spec 3 addWeixinTask, cluePoolEntList).
    const thread = await callContract(
      getTaskMessageList,
      { query: { taskId: t.taskId } },
      as(admin),
    );
    const card = thread.data.find((m) => m.messageId === t.messageId)!;
    expect(card.subType).toBe(6);
    expect(card.addWeixinTask).toMatchObject({ id: t.id, wocStatus: 2 });
    expect(card.cluePoolEntList[0]).toMatchObject({ entId: ents[0] });

    // A second task over the same numbers: already reached by the tenant, nobody asked again.
    const again = await create(admin, body(ents.slice(1, 3)));
    const second = await endedTask(admin, again.data.addWeixinTask.messageId);
    expect(second.list.every((c) => c.reason === '本企业其他任务已添加过')).toBe(true);
    expect(second.addWeixinTask.charged).toBe(0);

    // Stop after the end, rename (and too long), remind, export.
    const late = await callContract(
      stopAddWeixinTask,
      { body: { messageId: t.messageId } },
      as(admin),
    );
    expect(late.code).toBe(ERRORS.OUTREACH_ENDED.code);
    expect(late.msg).toBe('该加微任务已结束');
    const renamed = await callContract(
      updateAddWeixinTaskTitle,
      { body: { messageId: t.messageId, title: '新名称' } },
      as(admin),
    );
    expect(renamed.data.title).toBe('新名称');
    const tooLong = await callContract(
      updateAddWeixinTaskTitle,
      { body: { messageId: t.messageId, title: '长'.repeat(200) } },
      as(admin),
    );
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toContain('任务名称最多 30 个字');
    const remind = await callContract(
      updateAddWeixinTaskRemindStatus,
      { body: { messageId: t.messageId, remind: false } },
      as(admin),
    );
    expect(remind.data.remind).toBe(false);
    const job = await callContract(
      createExportTaskByWeixinTask,
      { body: { messageId: t.messageId } },
      as(admin),
    );
    expect(job.code).toBe(200);
    await until('export', async () => {
      const [row] = await getDb()
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, job.data.id));
      return row.status === 'succeeded' && row;
    });
    const file = await callContract(downloadJobFile, { query: { id: job.data.id } }, as(admin));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await file.res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(OUTREACH_EXPORT_HEADERS);
    expect(sheet.rowCount).toBe(26);
  }, 120_000);

  it('stops once when two stops arrive together and returns the unsent credits', async () => {
    const slow = createDemoOutreachProvider({ latencyMs: 300, answerMs: 60_000, concurrency: 1 });
    setOutreachProvider(slow);
    try {
      await grant(member, 50);
      const ents = await companies(member, 20);
      const before = await creditBalance(member.tenantId!);
      const r = await create(member, body(ents));
      await until('a first send', async () => {
        const d = await detail(member, r.data.addWeixinTask.messageId);
        return d.addWeixinTask.sent + d.addWeixinTask.failed > 0 && d;
      });
      const [a, b] = await Promise.all([
        callContract(
          stopAddWeixinTask,
          { body: { messageId: r.data.addWeixinTask.messageId } },
          as(member),
        ),
        callContract(
          stopAddWeixinTask,
          { body: { messageId: r.data.addWeixinTask.messageId } },
          as(member),
        ),
      ]);
      expect([a.code!, b.code!].sort((x, y) => x - y)).toEqual([200, ERRORS.OUTREACH_ENDED.code]);
      const stopped = (a.code === 200 ? a : b).data as AddWeixinTask;
      expect(stopped).toMatchObject({ wocStatus: 2, status: 2, endReason: 'stopped' });
      const d = await until('the in-flight batch to settle', async () => {
        const x = await detail(member, r.data.addWeixinTask.messageId);
        return x.addWeixinTask.queued === 0 && x;
      });
      // What reached the provider is charged; the rest (queued or claimed) came back.
      const used = d.list.filter((c) =>
        [S.sent, S.accepted, S.refused].includes(c.state as 2),
      ).length;
      expect(await creditBalance(member.tenantId!)).toBe(before - used);
      expect(d.list.filter((c) => c.reason === '任务已停止，未发送').length).toBeGreaterThan(0);
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

describe('who sees a task', () => {
  it('the member and an admin (data scope) see and stop it; a colleague with 仅本人 and another tenant get 404', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 500, answerMs: 60_000 }));
    try {
      await grant(colleague, 20);
      const ents = await companies(colleague, 10);
      const r = await create(colleague, body(ents));
      const messageId = r.data.addWeixinTask.messageId;
      expect(
        (await callContract(getAddWeixinTaskDetail, { query: { messageId } }, as(member))).code,
      ).toBe(404);
      expect(
        (await callContract(getAddWeixinTaskDetail, { query: { messageId } }, as(stranger))).code,
      ).toBe(404);
      const list = await callContract(getAddWeixinTaskList, {}, as(admin));
      expect(list.data.list.some((x) => x.messageId === messageId)).toBe(true);
      const mine = await callContract(getAddWeixinTaskList, {}, as(member));
      expect(mine.data.list.some((x) => x.messageId === messageId)).toBe(false);
      const stop = await callContract(stopAddWeixinTask, { body: { messageId } }, as(admin));
      expect(stop.code).toBe(200);
      expect(stop.data.endReason).toBe('stopped');
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

describe('end time', () => {
  it('shows status 5 for a running task past its end time, and the schedule ends it', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 1000, answerMs: 60_000 }));
    try {
      await grant(member, 20);
      const ents = await companies(member, 5);
      const r = await create(member, body(ents));
      const id = r.data.addWeixinTask.id;
      await getDb()
        .update(outreachTasks)
        .set({ endTime: new Date(Date.now() - 1000) })
        .where(eq(outreachTasks.id, id));
      const d = await detail(member, r.data.addWeixinTask.messageId);
      if (d.addWeixinTask.wocStatus === OUTREACH_STATUS.running)
        expect(d.addWeixinTask.status).toBe(OUTREACH_EXPIRED_STATUS);
      await runOutreachSchedule();
      const done = await endedTask(member, r.data.addWeixinTask.messageId);
      expect(done.addWeixinTask.endReason).toBe('expired');
      expect(done.addWeixinTask.status).toBe(2);
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

describe('answers after a stop', () => {
  it('still records the answer of a contact sent before the stop (the schedule asks)', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 5, answerMs: 400 }));
    try {
      await grant(member, 10);
      const ents = await companies(member, 3);
      const r = await create(member, body(ents, { dailyCap: 1 }));
      const messageId = r.data.addWeixinTask.messageId;
      const paused = await until('the cap pause', async () => {
        const d = await detail(member, messageId);
        return d.addWeixinTask.resumeAfter !== null && d;
      });
      const delivered = paused.addWeixinTask.sent + paused.addWeixinTask.accepted;
      const stop = await callContract(stopAddWeixinTask, { body: { messageId } }, as(member));
      expect(stop.code).toBe(200);
      await new Promise((res) => setTimeout(res, 800));
      const pass = await runOutreachSchedule();
      const d = await detail(member, messageId);
      expect(d.addWeixinTask.sent).toBe(0);
      expect(d.addWeixinTask.accepted + d.addWeixinTask.refused + d.addWeixinTask.failed).toBe(1);
      if (delivered > 0 && paused.addWeixinTask.sent > 0) expect(pass.lateAnswers).toBe(1);
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

describe('check_follow_weixin', () => {
  it('answers whether the member bound WeChat', async () => {
    const u = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
    expect((await callContract(checkFollowWeixin, {}, as(u))).data).toBe(false);
    await getDb()
      .insert(socialUsers)
      .values({ userId: u.userId, type: 31, openid: `o${tag}${u.userId}` });
    expect((await callContract(checkFollowWeixin, {}, as(u))).data).toBe(true);
    expect((await callContract(checkFollowWeixin, {})).code).toBe(401);
  });
});

describe('a push provider', () => {
  it('answers by signed callbacks; forged, stale and unsigned ones change nothing', async () => {
    // A provider that "sends" and leaves the answers to the callback.
    const push: OutreachProvider = {
      name: 'push-test',
      demo: false,
      concurrency: 2,
      answersBy: 'push',
      send: async () => ({ ok: true }),
      answers: async () => [],
    };
    setOutreachProvider(push);
    try {
      const u = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
      await grant(u, 10);
      const ents = await companies(u, 2);
      const r = await create(u, body(ents));
      const messageId = r.data.addWeixinTask.messageId;
      const sent = await until('both sent', async () => {
        const d = await detail(u, messageId);
        return d.addWeixinTask.sent === 2 && d;
      });
      expect(sent.addWeixinTask.wocStatus).toBe(1);
      const refs = await getDb()
        .select({ ref: outreachContacts.providerRef })
        .from(outreachContacts)
        .where(eq(outreachContacts.taskId, r.data.addWeixinTask.id));
      const call = (ref: string, result: string, headers: Record<string, string>) =>
        callContract(outreachCallback, { body: { ref, result } }, { headers });
      const ts = String(Date.now());
      const good = (ref: string, result: string) => ({
        [OUTREACH_TIMESTAMP_HEADER]: ts,
        [OUTREACH_SIGNATURE_HEADER]: signCallback('test-secret-outreach', ts, ref, result),
      });
      const ref0 = refs[0].ref!;
      expect((await call(ref0, 'accepted', {})).code).toBe(ERRORS.OUTREACH_BAD_SIGNATURE.code);
      const forged = { ...good(ref0, 'refused'), [OUTREACH_SIGNATURE_HEADER]: 'ab'.repeat(32) };
      expect((await call(ref0, 'refused', forged)).code).toBe(ERRORS.OUTREACH_BAD_SIGNATURE.code);
      // Signed for another result: refused.
      expect((await call(ref0, 'accepted', good(ref0, 'refused'))).code).toBe(
        ERRORS.OUTREACH_BAD_SIGNATURE.code,
      );
      const old = String(Date.now() - 3_600_000);
      const stale = {
        [OUTREACH_TIMESTAMP_HEADER]: old,
        [OUTREACH_SIGNATURE_HEADER]: signCallback('test-secret-outreach', old, ref0, 'accepted'),
      };
      expect((await call(ref0, 'accepted', stale)).code).toBe(ERRORS.OUTREACH_BAD_SIGNATURE.code);
      expect((await detail(u, messageId)).addWeixinTask.accepted).toBe(0);

      expect((await call(ref0, 'accepted', good(ref0, 'accepted'))).data).toBe(true);
      // Delivered twice: counted once.
      expect((await call(ref0, 'accepted', good(ref0, 'accepted'))).data).toBe(true);
      const ref1 = refs[1].ref!;
      expect((await call(ref1, 'refused', good(ref1, 'refused'))).data).toBe(true);
      const d = await detail(u, messageId);
      expect(d.addWeixinTask).toMatchObject({
        accepted: 1,
        refused: 1,
        wocStatus: 2,
        endReason: 'finished',
      });
      expect(await creditBalance(u.tenantId!)).toBe(8);
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);

  it('the HTTP provider treats a timeout and garbage as no answer', async () => {
    const http = await import('node:http');
    const server = http.createServer((q, s) => {
      if (q.url === '/garbage/send') s.end('<html>oops</html>');
      else setTimeout(() => s.end('{"ok":true}'), 2000);
    });
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
    const port = (server.address() as { port: number }).port;
    try {
      const req0 = {
        ref: 'r1',
        mobile: '13600000000',
        greeting: 'hi',
        personName: null,
        entName: 'x',
      };
      const garbage = createHttpOutreachProvider({
        url: `http://127.0.0.1:${port}/garbage`,
        timeoutMs: 1000,
      });
      await expect(garbage.send(req0)).rejects.toThrow(/not JSON/);
      const slowOne = createHttpOutreachProvider({
        url: `http://127.0.0.1:${port}/slow`,
        timeoutMs: 200,
      });
      await expect(slowOne.send(req0)).rejects.toThrow(/no answer/);
    } finally {
      server.close();
    }
  });
});

describe('progress by push', () => {
  it('sends the task with its counts at each committed step, the last one ended (issue 33: ≤ 1 s)', async () => {
    const heard: { at: number; task: AddWeixinTask }[] = [];
    const listener: PushListener = await startPushListener(
      (env: PushEnvelope) => {
        if (env.userId !== member.userId || env.message?.type !== OUTREACH_PUSH_TYPE) return;
        heard.push({ at: Date.now(), task: addWeixinTaskSchema.parse(env.message.content) });
      },
      { databaseUrl: process.env.DATABASE_URL },
    );
    try {
      await grant(member, 20);
      const ents = await companies(member, 6);
      const r = await create(member, body(ents));
      const id = r.data.addWeixinTask.id;
      const done = await endedTask(member, r.data.addWeixinTask.messageId);
      const mine = await until('the last push', async () => {
        const list = heard.filter((h) => h.task.id === id);
        return list.at(-1)?.task.wocStatus === OUTREACH_STATUS.ended && list;
      });
      // Counts only move forward, and the last push is what the detail call answers.
      const settled = mine.map((h) => h.task.total - h.task.queued);
      expect(settled).toEqual([...settled].sort((a, b) => a - b));
      expect(mine.length).toBeGreaterThan(2);
      expect(mine.at(-1)!.task).toMatchObject({
        accepted: done.addWeixinTask.accepted,
        refused: done.addWeixinTask.refused,
        failed: done.addWeixinTask.failed,
        skipped: done.addWeixinTask.skipped,
        endReason: 'finished',
      });
      // Nobody else's pages hear it.
      expect(heard.every((h) => h.task.userId === member.userId)).toBe(true);
    } finally {
      await listener.stop();
    }
  }, 60_000);
});

describe('messages of the message centre (notify)', () => {
  const told = (u: TestUser, kind: string, like: string) =>
    getDb()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, u.userId),
          eq(notifications.templateCode, kind),
          sql`${notifications.content} like ${like}`,
        ),
      );

  it('says once a day that the daily cap is reached, with the way to the task', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 5, answerMs: 60_000 }));
    try {
      await grant(colleague, 10);
      const ents = await companies(colleague, 3);
      const r = await create(colleague, body(ents, { dailyCap: 1, title: `上限${tag}` }));
      const t = r.data.addWeixinTask;
      await until('the cap pause', async () => {
        const d = await detail(colleague, t.messageId);
        return d.addWeixinTask.resumeAfter !== null && d;
      });
      const first = await told(colleague, 'outreach_daily_cap', `%「上限${tag}」%`);
      expect(first).toHaveLength(1);
      expect(first[0].title).toBe('加微任务已达今日上限');
      expect(first[0].content).toContain('达到每日上限');
      expect(first[0].link).toBe(`/ai/addWeixinTask?taskId=${t.taskId}&messageId=${t.messageId}`);
      // The schedule resumes it the same day: the cap is still reached, no second message.
      await getDb()
        .update(outreachTasks)
        .set({ resumeAfter: new Date(Date.now() - 1000) })
        .where(eq(outreachTasks.id, t.id));
      await runOutreachSchedule();
      await until('the second cap pause', async () => {
        const [row] = await getDb().select().from(outreachTasks).where(eq(outreachTasks.id, t.id));
        return row.resumeAfter !== null && row.resumeAfter.getTime() > Date.now() && row;
      });
      expect(await told(colleague, 'outreach_daily_cap', `%「上限${tag}」%`)).toHaveLength(1);
      await callContract(stopAddWeixinTask, { body: { messageId: t.messageId } }, as(colleague));
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);

  it('says once a day that the balance is low, to the member and the tenant admins, with the way to buy', async () => {
    const owner = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
      edition: 3,
    });
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 5, answerMs: 60_000 }));
    try {
      await grant(owner, 25);
      // 25 - 3 = 22 left: above the line, nothing said.
      const a = await create(owner, body(await companies(owner, 3)));
      expect(a.code).toBe(200);
      expect(await told(owner, 'outreach_balance_low', '%')).toHaveLength(0);
      // 22 - 3 = 19: at or below 20, told once.
      const b = await create(owner, body(await companies(owner, 3)));
      expect(b.code).toBe(200);
      const low = await told(owner, 'outreach_balance_low', '%');
      expect(low).toHaveLength(1);
      expect(low[0].content).toContain('加微余额仅剩 19 次');
      expect(low[0].link).toBe('/memberCenter');
      // Lower still the same day: no second message.
      const c = await create(owner, body(await companies(owner, 2)));
      expect(c.code).toBe(200);
      expect(await told(owner, 'outreach_balance_low', '%')).toHaveLength(1);
      for (const x of [a, b, c])
        await callContract(
          stopAddWeixinTask,
          { body: { messageId: x.data.addWeixinTask.messageId } },
          as(owner),
        );
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

describe("the tenant's tasks and its 不再联系 list", () => {
  it('lists tasks by member and state within the data scope, with the owners to filter by', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 500, answerMs: 60_000 }));
    try {
      await grant(member, 10);
      const r = await create(member, body(await companies(member, 2)));
      const t = r.data.addWeixinTask;
      const all = await callContract(getAddWeixinTaskList, { query: { pageSize: 100 } }, as(admin));
      expect(all.data.owners.map((o) => o.userId)).toEqual(
        expect.arrayContaining([member.userId, colleague.userId]),
      );
      const byMember = await callContract(
        getAddWeixinTaskList,
        { query: { userId: member.userId, status: OUTREACH_STATUS.running, pageSize: 100 } },
        as(admin),
      );
      expect(byMember.data.list.some((x) => x.id === t.id)).toBe(true);
      expect(byMember.data.list.every((x) => x.userId === member.userId && x.wocStatus === 1)).toBe(
        true,
      );
      expect(byMember.data.list.find((x) => x.id === t.id)!.ownerName).not.toBe('');
      // 仅本人: only their own tasks and themselves as owner, whatever the filter asks.
      const asked = await callContract(
        getAddWeixinTaskList,
        { query: { userId: colleague.userId } },
        as(member),
      );
      expect(asked.data.total).toBe(0);
      const own = await callContract(getAddWeixinTaskList, {}, as(member));
      expect(own.data.owners.map((o) => o.userId)).toEqual([member.userId]);
      const bad = await callContract(getAddWeixinTaskList, { query: { status: 7 } }, as(admin));
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('状态不正确');
      // The admin stops it from the list; then it is among the ended ones.
      await callContract(stopAddWeixinTask, { body: { messageId: t.messageId } }, as(admin));
      const ended = await callContract(
        getAddWeixinTaskList,
        { query: { userId: member.userId, status: OUTREACH_STATUS.ended, pageSize: 100 } },
        as(admin),
      );
      expect(ended.data.list.some((x) => x.id === t.id)).toBe(true);
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);

  it('lists, finds and removes numbers with the permission; another tenant sees none of them', async () => {
    const mobile = nextMobile();
    expect(
      (await callContract(addWeixinOptOut, { body: { mobile, reason: '客户要求' } }, as(member)))
        .data,
    ).toBe(true);
    // Without the permission (a member's role): refused.
    const refused = await callContract(getAddWeixinOptOutList, {}, as(member));
    expect(refused.code).toBe(403);
    expect((await callContract(deleteAddWeixinOptOut, { body: { mobile } }, as(member))).code).toBe(
      403,
    );
    const found = await callContract(
      getAddWeixinOptOutList,
      { query: { mobile: mobile.slice(3) } },
      as(admin),
    );
    expect(found.data.list).toEqual([
      { mobile, reason: '客户要求', createTime: expect.any(Number) },
    ]);
    // Another tenant's admin sees none of it.
    const other = await callContract(
      getAddWeixinOptOutList,
      { query: { mobile: mobile.slice(3) } },
      as(stranger),
    );
    expect(other.data.total).toBe(0);
    expect(
      (await callContract(getAddWeixinOptOutList, { query: { mobile: 'abc' } }, as(admin))).msg,
    ).toContain('请输入数字');
    expect(
      (await callContract(deleteAddWeixinOptOut, { body: { mobile } }, as(stranger))).msg,
    ).toBe('该手机号不在不再联系名单中');
    const gone = await callContract(deleteAddWeixinOptOut, { body: { mobile } }, as(admin));
    expect(gone.data).toBe(true);
    expect(
      (await callContract(getAddWeixinOptOutList, { query: { mobile } }, as(admin))).data.total,
    ).toBe(0);
  });

  it('creates a task from leads (批量加微) only with the lead permission, within the data scope', async () => {
    await scopedRole(`outreach_noclue_${tag}`, 1, []);
    const reader = await createTestUser({
      tenantId: admin.tenantId!,
      roleCodes: [`outreach_noclue_${tag}`],
    });
    const ents = await companies(member, 1, { lead: true });
    const [lead] = await getDb()
      .select({ id: clues.id })
      .from(clues)
      .where(and(eq(clues.tenantId, member.tenantId!), eq(clues.enterpriseId, ents[0])));
    const r = await create(reader, { ...body([]), entIds: undefined, clueIds: [lead.id] });
    expect(r.code).toBe(403);
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 500, answerMs: 60_000 }));
    try {
      await grant(member, 5);
      const ok = await create(member, { ...body([]), entIds: undefined, clueIds: [lead.id] });
      expect(ok.code).toBe(200);
      expect(ok.data.addWeixinTask).toMatchObject({ companyCount: 1, total: 1 });
      await callContract(
        stopAddWeixinTask,
        { body: { messageId: ok.data.addWeixinTask.messageId } },
        as(member),
      );
    } finally {
      setOutreachProvider(fast);
    }
  }, 60_000);
});

// Last: a file's top-level afterAll runs after test/db-per-file.ts has dropped its database, so
// the runner stops here, once the jobs of the tasks above have ended (pg-boss would otherwise
// fail a job cut off by the stop against a database that is gone).
describe('the end of the file', () => {
  it('leaves no job of its tasks running, then stops the runner', async () => {
    await until(
      'the jobs to end',
      async () =>
        (
          await getDb()
            .select({ n: sql<number>`count(*)::int` })
            .from(backgroundJobs)
            .where(sql`${backgroundJobs.status} in ('queued', 'running')`)
        )[0].n === 0,
      30_000,
    );
    await runner.stop();
  });
});
