import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { enterpriseUnlocks } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  jumpServerClock,
  resetServerClock,
  setServerClock,
} from '@/lib/server/platform/clock/server-clock';
import {
  issueTokens,
  revokeSessions,
  rotateRefreshToken,
  verifyAccessToken,
} from '@/lib/server/identity/auth/token.service';
import { getUnlockCredit } from '@/lib/server/commerce/vip/quota.service';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import {
  freshIp,
  freshMobile,
  sendSmsCodeRequest as send,
} from '@/lib/server/identity/auth/__tests__/support';
import { unlockEnterprise } from '@/lib/shared/enterprise/enterprise.contract';
import { getMyUnlockCredit } from '@/lib/shared/vip/vip.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { outreachJob } from '@/lib/server/ai/outreach/outreach.job';
import { runOutreachSchedule } from '@/lib/server/ai/outreach/outreach-schedule';
import { setOutreachProvider } from '@/lib/server/ai/outreach/provider';
import { createDemoOutreachProvider } from '@/lib/server/ai/outreach/provider/demo-outreach-provider';
import {
  body,
  claimedCount,
  companies,
  create,
  grant,
  scheduleUntilEnded,
  taskRow,
} from '@/lib/server/ai/outreach/__tests__/support';
import { until } from '@/test/helpers/until';

/**
 * Issue 36 item 3: the clock jumping (ADR 0213). The server clock (serverClock) is moved across
 * a China-time midnight, a month end and backwards; SMS day caps, the unlock quota's month and
 * token expiry follow it, and a jump back grants nothing twice and resurrects nothing.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The instant of `hh:mm` China time (UTC+8) on the calendar day y-m-d. */
const china = (y: number, m: number, d: number, hh = 0, mm = 0) =>
  Date.UTC(y, m - 1, d, hh, mm) - 8 * HOUR;

// A calendar in the future, so rows stamped by this file never sit in anyone's today.
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

afterEach(() => resetServerClock());

describe('SMS day cap', () => {
  it('resets at China midnight after a jump forward; a jump back grants no second allowance', async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    // Ten sends over one China day, two hours apart (the hourly risk rule allows 5 per number).
    setServerClock(china(NEXT_YEAR, 3, 10, 1));
    for (let i = 0; i < 10; i++) {
      expect((await send(mobile, 21, { ip })).code).toBe(200);
      jumpServerClock(2 * HOUR);
    }
    // 21:00: the day's ten are used.
    expect((await send(mobile, 21, { ip })).code).toBe(ERRORS.SMS_CODE_DAILY_LIMIT.code);

    // Across midnight: a new day, a new cap.
    setServerClock(china(NEXT_YEAR, 3, 11, 0, 1));
    expect((await send(mobile, 21, { ip })).code).toBe(200);

    // Back to the evening before: that day's sends and the one "after" all count, no eleventh.
    setServerClock(china(NEXT_YEAR, 3, 10, 23));
    const back = await send(mobile, 21, { ip });
    expect(back.code).toBe(ERRORS.SMS_CODE_DAILY_LIMIT.code);
    // Nor does a clock 20 s behind the last send open a second send within its minute.
    setServerClock(china(NEXT_YEAR, 3, 11, 0, 1) - 20_000);
    expect((await send(mobile, 21, { ip })).code).toBe(ERRORS.SMS_CODE_TOO_FAST.code);
  }, 120_000);
});

describe('unlock quota month', () => {
  const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
  // A fresh session on the jumped clock (an access token lives 30 minutes of it).
  const signIn = async (u: TestUser): Promise<TestUser> => ({
    ...u,
    accessToken: (await issueTokens(u.userId, u.tenantId, { remember: true })).accessToken,
  });
  const unlock = async (u: TestUser, entId: number) =>
    (await callContract(unlockEnterprise, { body: { entId } }, as(u))).code;

  it('a new month after a jump forward, the old month kept whole, nothing granted twice on a jump back', async () => {
    // Edition 1: 20 unlocks a month.
    setServerClock(china(NEXT_YEAR, 1, 31, 22));
    let user = await createTestUser({ roleCodes: ['tenant_admin'], edition: 1 });
    const ents: number[] = [];
    for (let i = 0; i < 23; i++)
      ents.push((await plantEnterprise({ name: `时钟跳变${process.pid}-${i}有限公司` })).id);

    for (let i = 0; i < 20; i++) expect(await unlock(user, ents[i])).toBe(200);
    expect(await unlock(user, ents[20])).toBe(ERRORS.UNLOCK_QUOTA_EXHAUSTED.code);

    // 23:59 → 00:01 on 1 February: a new month.
    setServerClock(china(NEXT_YEAR, 2, 1, 0, 1));
    user = await signIn(user);
    const feb = await callContract(getMyUnlockCredit, {}, as(user));
    expect(feb.data).toMatchObject({ usedThisMonth: 0, monthlyRemaining: 20 });
    expect(await unlock(user, ents[20])).toBe(200);
    // An enterprise unlocked in January stays unlocked, not charged again.
    expect(await unlock(user, ents[0])).toBe(200);
    expect((await getUnlockCredit(user.tenantId!)).usedThisMonth).toBe(1);

    // Each month holds what was spent in it, once.
    const inMonth = async (from: number, to: number) =>
      (
        await getDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(enterpriseUnlocks)
          .where(
            and(
              eq(enterpriseUnlocks.tenantId, user.tenantId!),
              gte(enterpriseUnlocks.createdAt, new Date(from)),
              lt(enterpriseUnlocks.createdAt, new Date(to)),
            ),
          )
      )[0].n;
    expect(await inMonth(china(NEXT_YEAR, 1, 1), china(NEXT_YEAR, 2, 1))).toBe(20);
    expect(await inMonth(china(NEXT_YEAR, 2, 1), china(NEXT_YEAR, 3, 1))).toBe(1);

    // Back into January: its allowance is not given again (February's unlock counts there too).
    setServerClock(china(NEXT_YEAR, 1, 31, 23, 30));
    user = await signIn(user);
    const jan = await callContract(getMyUnlockCredit, {}, as(user));
    expect(jan.code).toBe(200);
    expect(jan.data).toMatchObject({ usedThisMonth: 21, monthlyRemaining: 0, remaining: 0 });
    expect(await unlock(user, ents[21])).toBe(ERRORS.UNLOCK_QUOTA_EXHAUSTED.code);

    // Forward again: February goes on where it was.
    setServerClock(china(NEXT_YEAR, 2, 1, 0, 5));
    user = await signIn(user);
    expect(await unlock(user, ents[22])).toBe(200);
    expect((await getUnlockCredit(user.tenantId!)).usedThisMonth).toBe(2);
  }, 120_000);
});

describe('token expiry', () => {
  it('tokens expire on the jumped clock; a jump back resurrects no revoked or used-up token', async () => {
    const u = await createTestUser();
    setServerClock(china(NEXT_YEAR, 5, 1, 9));
    const first = await issueTokens(u.userId, u.tenantId, { remember: false });
    expect(await verifyAccessToken(first.accessToken)).not.toBeNull();

    // 31 minutes on: the access token (30 min) is expired, the refresh token (1 day) is not.
    jumpServerClock(31 * MINUTE);
    expect(await verifyAccessToken(first.accessToken)).toBeNull();
    const rotated = await rotateRefreshToken(first.refreshToken);
    expect(rotated.status).toBe('rotated');
    const second = (rotated as { tokens: typeof first }).tokens;
    expect(await verifyAccessToken(second.accessToken)).not.toBeNull();

    // Past the rotation's grace the used-up token is a copy, not a way in.
    jumpServerClock(2 * MINUTE);
    expect((await rotateRefreshToken(first.refreshToken)).status).toBe('reused');

    // Signed out; then the clock goes back two days (before any of it was issued or revoked).
    await revokeSessions(u.userId, 'logout', { only: second.refreshTokenId });
    jumpServerClock(-2 * DAY);
    expect(await verifyAccessToken(first.accessToken)).toBeNull();
    expect(await verifyAccessToken(second.accessToken)).toBeNull();
    expect((await rotateRefreshToken(second.refreshToken)).status).toBe('invalid');
    // The rotation now lies "in the future": outside the grace, no straggler pair handed out.
    expect((await rotateRefreshToken(first.refreshToken)).status).not.toBe('rotated');

    // A refresh token of one day is dead a day and a minute later.
    const other = await issueTokens(u.userId, u.tenantId, { remember: false });
    jumpServerClock(DAY + MINUTE);
    expect(await verifyAccessToken(other.accessToken)).toBeNull();
    expect((await rotateRefreshToken(other.refreshToken)).status).toBe('invalid');
  });
});

describe('add-contact day cap', () => {
  it('the next China day on the clock resumes a capped task; a jump back resumes nothing', async () => {
    setOutreachProvider(createDemoOutreachProvider({ latencyMs: 2, answerMs: 50 }));
    const runner = await startTestJobRunner([outreachJob], 2);
    try {
      const u = await createTestUser({ roleCodes: ['tenant_admin'] });
      await grant(u, 10);
      const ents = await companies(u, 4);
      const r = await create(u, body(ents, { dailyCap: 2, endTime: Date.now() + 3 * DAY }));
      expect(r.code === 200 ? 200 : r.msg).toBe(200);
      const id = r.data.addWeixinTask.id;
      const task = () => taskRow(id);
      const claimed = () => claimedCount(id);
      // Today's two, then a pause until tomorrow's sending hours.
      const paused = await until('the day cap', async () => (await task()).resumeAfter, 60_000);
      expect(await claimed()).toBe(2);

      // Back to the evening before today: nothing is due, nothing more is claimed.
      setServerClock(paused.getTime() - DAY - 3 * HOUR);
      expect((await runOutreachSchedule()).resumed).toBe(0);
      expect(await claimed()).toBe(2);

      // Tomorrow: resumed, the other two go out, the task ends.
      setServerClock(paused.getTime() + MINUTE);
      expect((await runOutreachSchedule()).resumed).toBe(1);
      await scheduleUntilEnded(id, 60_000);
      expect(await claimed()).toBe(4);
      const t = await task();
      expect(t.accepted + t.refused + t.failed + t.skipped).toBe(4);
    } finally {
      resetServerClock();
      await runner.stop();
      setOutreachProvider(null);
    }
  }, 120_000);
});
