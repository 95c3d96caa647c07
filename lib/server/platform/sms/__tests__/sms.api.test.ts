import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { smsCodes, tenants, userRoles, roles, users } from '@/db/schema';
import { callApi, createTestUser } from '@/test/helpers/api';
import { setSmsSenderForTests } from '../sms.config';
import { rateLimitClock } from '@/lib/server/platform/rate-limit/rate-limit.service';
import type { SmsMessage } from '../sms.adapter';
import {
  awayFromChinaMidnight,
  backdateSmsCodes,
  freshMobile,
  sendCode,
  sendSmsCodeRequest as send,
  type LoginData,
} from '@/lib/server/identity/auth/__tests__/support';

/** Runs `fn` with the rate limiter's clock moved on an hour at each nextHour(). */
async function spreadOverHours(fn: (nextHour: () => void) => Promise<void>): Promise<void> {
  const realNow = rateLimitClock.now;
  let shift = 0;
  rateLimitClock.now = () => Date.now() + shift;
  try {
    await fn(() => {
      shift += 3600_000;
    });
  } finally {
    rateLimitClock.now = realNow;
  }
}

describe('POST /system/auth/send-sms-code', () => {
  it('needs a captcha for every send', async () => {
    const r = await send(freshMobile(), 21, { captcha: null });
    expect(r.code).toBe(1002000004);
  });

  it('returns a 6-digit code in demo mode and hands it to the SMS adapter', async () => {
    const sent: SmsMessage[] = [];
    setSmsSenderForTests({ kind: 'demo', send: async (m) => void sent.push(m) });
    try {
      const mobile = freshMobile();
      const r = await send(mobile, 21, { ip: '127.0.0.1' });
      expect(r.code).toBe(200);
      expect(r.data).toMatch(/^\d{6}$/);
      expect(sent).toEqual([{ mobile, code: r.data, scene: 21 }]);
    } finally {
      setSmsSenderForTests(null);
    }
  });

  it('does not return the code when a real adapter is in use', async () => {
    setSmsSenderForTests({ kind: 'aliyun', send: async () => undefined });
    try {
      const r = await send(freshMobile());
      expect(r.code).toBe(200);
      expect(r.data).toBeNull();
    } finally {
      setSmsSenderForTests(null);
    }
  });

  it('validates the phone number', async () => {
    const r = await send('12345678901');
    expect(r.code).toBe(400);
    expect(r.msg).toContain('请正确输入手机号');
  });

  it('allows one send per phone per 60 s → 1002014005', async () => {
    const mobile = freshMobile();
    expect((await send(mobile)).code).toBe(200);
    const again = await send(mobile);
    expect(again.code).toBe(1002014005);
    await backdateSmsCodes(mobile, 61);
    expect((await send(mobile)).code).toBe(200);
  });

  // The sends of a day, not a burst: the hourly risk rule (sms-risk.ts) sees each an hour apart.
  it('allows 10 sends per phone per day → 1002014004', async () => {
    await awayFromChinaMidnight();
    const mobile = freshMobile();
    await spreadOverHours(async (nextHour) => {
      for (let i = 0; i < 10; i++) {
        expect((await send(mobile)).code).toBe(200);
        await backdateSmsCodes(mobile, 61);
        nextHour();
      }
      const eleventh = await send(mobile);
      expect(eleventh.code).toBe(1002014004);
    });
  });

  it('allows 50 sends per IP per day → 1002014004', async () => {
    await awayFromChinaMidnight();
    const ip = '10.99.99.99';
    await spreadOverHours(async (nextHour) => {
      for (let i = 0; i < 50; i++) {
        expect((await send(freshMobile(), 21, { ip })).code).toBe(200);
        nextHour();
      }
      const r = await send(freshMobile(), 21, { ip });
      expect(r.code).toBe(1002014004);
    });
  });

  it('scene 9 (account deletion) needs a signed-in user and their own phone', async () => {
    const mobile = freshMobile();
    const u = await createTestUser({ mobile });
    expect((await send(mobile, 9)).code).toBe(401);
    expect((await send(freshMobile(), 9, { token: u.accessToken })).code).toBe(1002014006);
    expect((await send(mobile, 9, { token: u.accessToken })).code).toBe(200);
  });

  it('scene 6 (phone change) needs a signed-in user and a number nobody else uses', async () => {
    const other = await createTestUser();
    const [otherRow] = await getDb().select().from(users).where(eq(users.id, other.userId));
    const u = await createTestUser();
    expect((await send(freshMobile(), 6)).code).toBe(401);
    expect((await send(otherRow.mobile!, 6, { token: u.accessToken })).code).toBe(1002003001);
    expect((await send(freshMobile(), 6, { token: u.accessToken })).code).toBe(200);
  });

  it('scene 4 (password reset) needs a registered phone', async () => {
    expect((await send(freshMobile(), 4)).code).toBe(1002003006);
  });
});

/** Runs `fn` with DEMO_MODE set and a recording demo adapter; restores both afterwards. */
describe('POST /system/auth/sms-login', () => {
  it('logs an existing user in with a valid code; the code works once (1002014002)', async () => {
    const mobile = freshMobile();
    await createTestUser({ mobile });
    const code = await sendCode(mobile, 21);
    const ok = await callApi<LoginData>('POST', '/system/auth/sms-login', {
      body: { mobile, code },
    });
    expect(ok.code).toBe(200);
    expect(ok.data.accessToken).toEqual(expect.any(String));
    const reused = await callApi('POST', '/system/auth/sms-login', { body: { mobile, code } });
    expect(reused.code).toBe(1002014002);
  });

  it('answers 1002014000 for a wrong code and 1002014001 for an expired one', async () => {
    const mobile = freshMobile();
    await createTestUser({ mobile });
    const code = await sendCode(mobile, 21);
    const wrong = await callApi('POST', '/system/auth/sms-login', {
      body: { mobile, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.code).toBe(1002014000);
    await getDb()
      .update(smsCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsCodes.mobile, mobile));
    const expired = await callApi('POST', '/system/auth/sms-login', { body: { mobile, code } });
    expect(expired.code).toBe(1002014001);
  });

  it('does not accept a code of another scene', async () => {
    const mobile = freshMobile();
    const u = await createTestUser({ mobile });
    const code = await sendCode(mobile, 9, { token: u.accessToken });
    const r = await callApi('POST', '/system/auth/sms-login', { body: { mobile, code } });
    expect(r.code).toBe(1002014000);
  });

  it('refuses every check after 10 wrong guesses for a phone (429)', async () => {
    const mobile = freshMobile();
    await createTestUser({ mobile });
    const code = await sendCode(mobile, 21);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      expect(
        (await callApi('POST', '/system/auth/sms-login', { body: { mobile, code: wrong } })).code,
      ).toBe(1002014000);
    }
    expect((await callApi('POST', '/system/auth/sms-login', { body: { mobile, code } })).code).toBe(
      429,
    );
  });

  it('answers 1002003003 with a register ticket for a new phone; sign-up creates the user and a tenant', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 21);
    const r = await callApi<{ registerTicket: string; mobile: string }>(
      'POST',
      '/system/auth/sms-login',
      { body: { mobile, code } },
    );
    expect(r.code).toBe(1002003003);
    expect(r.data.mobile).toBe(mobile);

    const companyName = `注册测试${Date.now()}有限公司`;
    const signUp = await callApi<LoginData>('POST', '/system/auth/sign-up-by-mobile', {
      body: { mobile, registerTicket: r.data.registerTicket, companyName },
    });
    expect(signUp.code).toBe(200);
    const [tenant] = await getDb().select().from(tenants).where(eq(tenants.name, companyName));
    expect(signUp.data.tenantId).toBe(tenant.id);
    const roleCodes = await getDb()
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, signUp.data.userId));
    expect(roleCodes.map((x) => x.code).sort()).toEqual(['admin', 'tenant_admin']);
    // The ticket is single use; the phone now belongs to an account.
    const again = await callApi('POST', '/system/auth/sign-up-by-mobile', {
      body: { mobile, registerTicket: r.data.registerTicket, companyName: 'x有限公司' },
    });
    expect(again.code).toBe(1002003001);
  });

  it('sign-up also accepts a fresh SMS code directly', async () => {
    const mobile = freshMobile();
    const smsCode = await sendCode(mobile, 21);
    const r = await callApi<LoginData>('POST', '/system/auth/sign-up-by-mobile', {
      body: { mobile, smsCode, companyName: `直接注册${Date.now()}有限公司` },
    });
    expect(r.code).toBe(200);
    const [u] = await getDb()
      .select()
      .from(users)
      .where(and(eq(users.mobile, mobile)));
    expect(u.username).toBe(mobile);
  });
});
