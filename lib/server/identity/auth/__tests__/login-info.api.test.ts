import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/server/identity/auth/password';
import { RATE_POLICIES } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { getLoginInfoByMobile } from '@/lib/shared/auth/auth.contract';
import { callContract, createTestUser, useUpRateLimit } from '@/test/helpers/api';
import { freshIp, freshMobile } from './support';

const { perIp: limit, windowMs } = RATE_POLICIES.loginInfoByMobile;

/** Each lookup from its own address unless one is given, so the throttle stays out of the way. */
const lookUp = (mobile: string | undefined, ip = freshIp()) =>
  callContract(getLoginInfoByMobile, { query: { mobile } }, { ip });

describe('GET /system/auth/get-login-info-by-mobile', () => {
  it('tells whether the phone has an account and a password, and nothing else', async () => {
    const withPassword = freshMobile();
    const u = await createTestUser({ mobile: withPassword });
    await getDb()
      .update(users)
      .set({ passwordHash: await hashPassword('Secret123') })
      .where(eq(users.id, u.userId));
    const smsOnly = freshMobile();
    await createTestUser({ mobile: smsOnly });

    const r = await lookUp(withPassword);
    expect(r.code).toBe(200);
    // Only the two flags: no names, ids or tenants.
    expect(r.data).toEqual({ registered: true, hasPassword: true });
    expect((await lookUp(smsOnly)).data).toEqual({ registered: true, hasPassword: false });
    expect((await lookUp(freshMobile())).data).toEqual({ registered: false, hasPassword: false });
    // The number is trimmed like the login forms do.
    expect((await lookUp(` ${smsOnly} `)).data).toEqual({ registered: true, hasPassword: false });
  });

  it('counts a deleted account as not registered', async () => {
    const mobile = freshMobile();
    const u = await createTestUser({ mobile });
    await getDb()
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, u.userId));
    expect((await lookUp(mobile)).data).toEqual({ registered: false, hasPassword: false });
  });

  it.each([
    ['a malformed number', '1234567'],
    ['letters', '1380013800a'],
    ['no number at all', undefined],
  ])('refuses %s in Chinese', async (_, mobile) => {
    const r = await lookUp(mobile);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('请输入正确的手机号码');
    expect(r.data).toBeNull();
  });

  it('answers the rate-limit code over the per-IP limit of the window', async () => {
    const ip = '10.78.0.1';
    const mobile = freshMobile();
    // All but two of the window's allowance are used already (see useUpRateLimit).
    await useUpRateLimit(`login-info-by-mobile:ip:${ip}`, limit - 2, windowMs);
    expect((await lookUp(mobile, ip)).code).toBe(200);
    expect((await lookUp(freshMobile(), ip)).code).toBe(200);
    const over = await lookUp(mobile, ip);
    expect(over.code).toBe(429);
    expect(over.status).toBe(429);
    expect(over.data).toBeNull();
    // A signed-in caller from the same address is counted by address too.
    const member = await createTestUser();
    const signedIn = await callContract(
      getLoginInfoByMobile,
      { query: { mobile } },
      { ip, token: member.accessToken, tenantId: member.tenantId },
    );
    expect(signedIn.code).toBe(429);
    // Another address is not affected.
    expect((await lookUp(mobile, '10.78.0.2')).code).toBe(200);
  });
});
