import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { joinRequests, refreshTokens, tenants, users } from '@/db/schema';
import { callApi, createTestUser } from '@/test/helpers/api';
import { hashPassword } from '@/lib/server/identity/auth/password';
import { passCaptcha, passwordLogin, type LoginData } from './support';

async function makeUser(opts: { password: string; tenantId?: number | null; status?: number }) {
  const name = `pw${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const [u] = await getDb()
    .insert(users)
    .values({
      username: name,
      nickname: '密码用户',
      tenantId: opts.tenantId ?? null,
      passwordHash: await hashPassword(opts.password),
      status: opts.status ?? 0,
    })
    .returning();
  return u;
}

describe('POST /system/auth/login', () => {
  it('logs a seeded demo account in and returns the token pair', async () => {
    const r = await passwordLogin('free_admin', 'Demo@2026');
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      userId: expect.any(Number),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresTime: expect.any(Number),
      tenantId: expect.any(Number),
    });
    const info = await callApi<{
      roles: string[];
      permissions: string[];
      user: { userName: string };
    }>('GET', '/system/auth/get-permission-info', {
      token: r.data.accessToken,
    });
    expect(info.data.roles).toEqual(expect.arrayContaining(['admin', 'tenant_admin']));
    expect(info.data.permissions).toContain('system:role:query');
    expect(info.data.user.userName).toBe('free_admin');
  });

  it('requires a captcha verification: missing → 1002000004', async () => {
    const r = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_admin', password: 'Demo@2026' },
    });
    expect(r.code).toBe(1002000004);
  });

  it('accepts a captcha verification once: a replay → 1002000004', async () => {
    const captchaVerification = await passCaptcha();
    const first = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_staff', password: 'Demo@2026', captchaVerification },
    });
    expect(first.code).toBe(200);
    const replay = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_staff', password: 'Demo@2026', captchaVerification },
    });
    expect(replay.code).toBe(1002000004);
  });

  it('rejects an unknown or expired captcha verification', async () => {
    const r = await callApi('POST', '/system/auth/login', {
      body: {
        username: 'free_admin',
        password: 'Demo@2026',
        captchaVerification: 'forged-verification',
      },
    });
    expect(r.code).toBe(1002000004);
  });

  it('validates the form: password 4-16 characters', async () => {
    const r = await callApi('POST', '/system/auth/login', {
      body: { username: 'free_admin', password: '123', captchaVerification: await passCaptcha() },
    });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('密码长度为4-16位');
  });

  it('answers 1002000000 for a wrong password and locks the account at the fifth failure', async () => {
    const t = await createTestUser();
    const u = await makeUser({ password: 'Right1234', tenantId: t.tenantId });
    for (let i = 0; i < 4; i++) {
      const r = await passwordLogin(u.username, 'Wrong1234');
      expect(r.code).toBe(1002000000);
    }
    const fifth = await passwordLogin(u.username, 'Wrong1234');
    expect(fifth.code).toBe(1002000017);
    expect(fifth.msg).toBe('密码错误次数过多，账号已锁定 15 分钟，请稍后再试');
    // Even the right password is refused while locked.
    const right = await passwordLogin(u.username, 'Right1234');
    expect(right.code).toBe(1002000017);
    // After the lock ends the right password works again.
    await getDb()
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    const later = await passwordLogin(u.username, 'Right1234');
    expect(later.code).toBe(200);
  });

  it('answers unknown accounts like wrong passwords', async () => {
    const r = await passwordLogin('no_such_user_xyz', 'Wrong1234');
    expect(r.code).toBe(1002000000);
  });

  it('refuses a disabled account with 1002000001', async () => {
    const t = await createTestUser();
    const u = await makeUser({ password: 'Right1234', tenantId: t.tenantId, status: 1 });
    const r = await passwordLogin(u.username, 'Right1234');
    expect(r.code).toBe(1002000001);
  });

  it('answers 1002000010 with a bind ticket for a user without an enterprise, and binding creates a tenant', async () => {
    const u = await makeUser({ password: 'Right1234' });
    const r = await passwordLogin(u.username, 'Right1234');
    expect(r.code).toBe(1002000010);
    const { bindTicket } = r.data as unknown as { bindTicket: string };
    expect(bindTicket).toEqual(expect.any(String));

    const name = `新建企业${Date.now()}有限公司`;
    const bound = await callApi<LoginData>('POST', '/system/auth/bind-enterprise', {
      body: { bindTicket, companyName: name },
    });
    expect(bound.code).toBe(200);
    const [tenant] = await getDb().select().from(tenants).where(eq(tenants.name, name));
    expect(tenant.edition).toBe(0);
    expect(bound.data.tenantId).toBe(tenant.id);
    const info = await callApi<{ roles: string[] }>('GET', '/system/auth/get-permission-info', {
      token: bound.data.accessToken,
    });
    expect(info.data.roles).toEqual(expect.arrayContaining(['admin', 'tenant_admin']));
    // The ticket is used up.
    const again = await callApi('POST', '/system/auth/bind-enterprise', {
      body: { bindTicket, companyName: name },
    });
    expect(again.code).toBe(1002000019);
  });

  it('answers 1002000013 while a join request is pending or rejected', async () => {
    const admin = await createTestUser({ roleCodes: ['admin'] });
    const u = await makeUser({ password: 'Right1234' });
    await getDb()
      .insert(joinRequests)
      .values({ tenantId: admin.tenantId!, userId: u.id, status: 0 });
    const pending = await passwordLogin(u.username, 'Right1234');
    expect(pending.code).toBe(1002000013);
    expect(pending.data).toMatchObject({ status: 0, bindTicket: expect.any(String) });
    await getDb().update(joinRequests).set({ status: 2 }).where(eq(joinRequests.userId, u.id));
    const rejected = await passwordLogin(u.username, 'Right1234');
    expect(rejected.code).toBe(1002000013);
    expect(rejected.data).toMatchObject({ status: 2 });
  });

  it('looks up the tenant id of an account name (open endpoint)', async () => {
    const r = await callApi<number | null>(
      'GET',
      '/system/tenant/get-id-by-username?name=free_admin',
    );
    const [row] = await getDb().select().from(users).where(eq(users.username, 'free_admin'));
    expect(r.data).toBe(row.tenantId);
    const unknown = await callApi('GET', '/system/tenant/get-id-by-username?name=nobody_here');
    expect(unknown.data).toBeNull();
  });
});

describe('sessions', () => {
  it('refuses tampered and unknown tokens with 401', async () => {
    const r = await passwordLogin('personal_staff', 'Demo@2026');
    const tampered =
      r.data.accessToken.slice(0, -2) + (r.data.accessToken.endsWith('A') ? 'BB' : 'AA');
    expect((await callApi('GET', '/system/user/profile/get', { token: tampered })).code).toBe(401);
    expect((await callApi('GET', '/system/user/profile/get', { token: 'unknown' })).code).toBe(401);
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: r.data.accessToken })).code,
    ).toBe(200);
  });

  it("refuses another tenant's tenant-id header with 403", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    const r = await callApi('GET', '/system/sztk-tenant/get-base-info', {
      token: a.accessToken,
      tenantId: b.tenantId,
    });
    expect(r.code).toBe(403);
    const ok = await callApi('GET', '/system/sztk-tenant/get-base-info', {
      token: a.accessToken,
      tenantId: a.tenantId,
    });
    expect(ok.code).toBe(200);
  });

  it('refreshes: a new access token works, the old one is revoked', async () => {
    const r = await passwordLogin('personal_admin', 'Demo@2026');
    const refreshed = await callApi<LoginData>(
      'POST',
      `/system/auth/refresh-token?refreshToken=${encodeURIComponent(r.data.refreshToken)}`,
    );
    expect(refreshed.code).toBe(200);
    expect(refreshed.data.accessToken).not.toBe(r.data.accessToken);
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: refreshed.data.accessToken }))
        .code,
    ).toBe(200);
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: r.data.accessToken })).code,
    ).toBe(401);
  });

  it('logout revokes the access and refresh tokens', async () => {
    const r = await passwordLogin('standard_staff', 'Demo@2026');
    expect((await callApi('POST', '/system/auth/logout', { token: r.data.accessToken })).code).toBe(
      200,
    );
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: r.data.accessToken })).code,
    ).toBe(401);
    const refresh = await callApi(
      'POST',
      `/system/auth/refresh-token?refreshToken=${encodeURIComponent(r.data.refreshToken)}`,
    );
    expect(refresh.code).toBe(401);
  });

  it('forces older sessions offline on a new login (single session per tenant)', async () => {
    const first = await passwordLogin('standard_admin', 'Demo@2026');
    const second = await passwordLogin('standard_admin', 'Demo@2026');
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: first.data.accessToken })).code,
    ).toBe(401);
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: second.data.accessToken })).code,
    ).toBe(200);
    const [old] = await getDb()
      .select({ reason: refreshTokens.revokedReason })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, first.data.userId))
      .orderBy(refreshTokens.id)
      .limit(1);
    expect(old.reason).toBe('offline');
  });

  it('keeps parallel sessions when the tenant turns single session off', async () => {
    const first = await passwordLogin('advanced_admin', 'Demo@2026');
    await getDb()
      .update(tenants)
      .set({ singleSession: false })
      .where(eq(tenants.id, first.data.tenantId));
    const second = await passwordLogin('advanced_admin', 'Demo@2026');
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: first.data.accessToken })).code,
    ).toBe(200);
    expect(
      (await callApi('GET', '/system/user/profile/get', { token: second.data.accessToken })).code,
    ).toBe(200);
  });
});
