import { and, eq } from 'drizzle-orm';
import { joinRequests, tenants, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { MemberLimitView } from '@/lib/shared/tenant/member-limit.contract';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * The member limit (docs/adr/0080): shown with the seats in use, enforced by every path that adds
 * a member, changed only by the tenant's super administrator (within the edition) or the platform.
 */
const ADMIN = [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code];
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const full = (n: number) => `企业成员已达上限（${n} 人），请联系超级管理员提升上限或升级版本`;

async function limitOf(u: TestUser): Promise<MemberLimitView> {
  const r = await callApi<MemberLimitView>('GET', '/system/sztk-tenant/member-limit', as(u));
  expect(r.code).toBe(200);
  return r.data;
}

async function setLimit(u: TestUser, limit: number) {
  return callApi('PUT', '/system/sztk-tenant/update-member-limit', { ...as(u), body: { limit } });
}

async function directCode(admin: TestUser): Promise<string> {
  const r = await callApi<{ code: string }>(
    'GET',
    '/system/sztk_user/join/get-invitation-code?type=1',
    as(admin),
  );
  expect(r.code).toBe(200);
  return r.data.code;
}

async function joinWith(code: string) {
  const u = await createTestUser({ noTenant: true });
  const r = await callApi<{ outcome: string }>(
    'POST',
    '/system/sztk_user/join/join-by-invitation',
    {
      token: u.accessToken,
      body: { invitationCode: code },
    },
  );
  return { u, r };
}

/** A pending join request of a fresh applicant (share link, approval on). */
async function applyTo(shareCode: string): Promise<number> {
  const { u, r } = await joinWith(shareCode);
  expect(r.code).toBe(ERRORS.JOIN_SUBMITTED.code);
  return u.userId;
}

async function shareCode(admin: TestUser): Promise<string> {
  const r = await callApi<{ code: string }>(
    'GET',
    '/system/sztk_user/join/get-invitation-code',
    as(admin),
  );
  return r.data.code;
}

async function pendingIds(tenantId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(and(eq(joinRequests.tenantId, tenantId), eq(joinRequests.status, 0)));
  return rows.map((r) => r.id);
}

describe('member limit', () => {
  it('shows the edition maximum, the seats in use (disabled members count) and pending requests', async () => {
    const admin = await createTestUser({ roleCodes: ADMIN, edition: 0 });
    const staff = await createTestUser({ tenantId: admin.tenantId! });
    await getDb().update(users).set({ status: 1 }).where(eq(users.id, staff.userId));
    await applyTo(await shareCode(admin));
    expect(await limitOf(admin)).toEqual({
      limit: 5,
      used: 2,
      pendingInvites: 1,
      editionMax: 5,
      canChange: true,
    });
    const tenantAdmin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.tenantAdmin.code],
      tenantId: admin.tenantId!,
    });
    expect((await limitOf(tenantAdmin)).canChange).toBe(false);
    // Removed members free their seat.
    const removed = await callApi(
      'DELETE',
      `/system/user/remove-member?id=${staff.userId}`,
      as(admin),
    );
    expect(removed.code).toBe(200);
    expect((await limitOf(admin)).used).toBe(2); // admin + tenant_admin
    const editions = await Promise.all(
      [1, 2, 3, 4].map(
        async (edition) =>
          (await limitOf(await createTestUser({ roleCodes: ADMIN, edition }))).limit,
      ),
    );
    expect(editions).toEqual([1, 10, 30, 100]);
  });

  it('refuses a direct-invitation join past the limit with the reason', async () => {
    const admin = await createTestUser({ roleCodes: ADMIN });
    expect((await setLimit(admin, 2)).code).toBe(200);
    const code = await directCode(admin);
    const first = await joinWith(code);
    expect([first.r.code, first.r.data?.outcome]).toEqual([200, 'joined']);
    const second = await joinWith(code);
    expect(second.r.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(second.r.msg).toBe(full(2));
    const [row] = await getDb()
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(eq(users.id, second.u.userId));
    expect(row.tenantId).toBeNull();
    expect((await limitOf(admin)).used).toBe(2);
  });

  it('refuses approving one request past the limit; approve-all approves up to the free seats', async () => {
    const admin = await createTestUser({ roleCodes: ADMIN });
    const tenantId = admin.tenantId!;
    expect((await setLimit(admin, 3)).code).toBe(200);
    const code = await shareCode(admin);
    for (let i = 0; i < 3; i++) await applyTo(code);
    const all = await callApi<number>('PUT', '/system/sztk_user/join/update-all-join-request', {
      ...as(admin),
      body: { status: 1 },
    });
    expect([all.code, all.data]).toEqual([200, 2]);
    expect(await limitOf(admin)).toMatchObject({ limit: 3, used: 3, pendingInvites: 1 });

    const [left] = await pendingIds(tenantId);
    const one = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(admin),
      body: { id: left, status: 1 },
    });
    expect(one.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(one.msg).toBe(full(3));
    const again = await callApi('PUT', '/system/sztk_user/join/update-all-join-request', {
      ...as(admin),
      body: { status: 1 },
    });
    expect(again.msg).toBe(full(3));
    expect(await pendingIds(tenantId)).toEqual([left]);
    // Rejecting still works when full.
    const reject = await callApi('PUT', '/system/sztk_user/join/update-join-request', {
      ...as(admin),
      body: { id: left, status: 2 },
    });
    expect(reject.code).toBe(200);
  });

  it('parallel direct joins never overfill the tenant', async () => {
    const admin = await createTestUser({ roleCodes: ADMIN });
    expect((await setLimit(admin, 3)).code).toBe(200);
    const code = await directCode(admin);
    const results = await Promise.all(Array.from({ length: 6 }, () => joinWith(code)));
    expect(results.filter((x) => x.r.code === 200)).toHaveLength(2);
    expect(results.filter((x) => x.r.msg === full(3))).toHaveLength(4);
    expect((await limitOf(admin)).used).toBe(3);
  });

  it('the super administrator changes it within the edition; the platform any value', async () => {
    const admin = await createTestUser({ roleCodes: ADMIN, edition: 2 });
    const tenantId = admin.tenantId!;
    await createTestUser({ tenantId });
    await createTestUser({ tenantId });
    const tenantAdmin = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.tenantAdmin.code],
      tenantId,
    });
    const employee = await createTestUser({ tenantId });
    expect((await setLimit(tenantAdmin, 8)).code).toBe(ERRORS.FORBIDDEN.code);
    expect((await setLimit(employee, 8)).code).toBe(ERRORS.FORBIDDEN.code);

    const over = await setLimit(admin, 11);
    expect(over.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(over.msg).toBe('当前版本成员上限最多 10 人，请升级版本');
    const below = await setLimit(admin, 4);
    expect(below.msg).toBe('成员上限不能小于当前成员数（5）');
    expect((await setLimit(admin, 6)).code).toBe(200);
    expect((await limitOf(admin)).limit).toBe(6);

    // A tenant's own limit shrinks with a lapsed edition; the platform's stands.
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, tenantId));
    expect(await limitOf(admin)).toMatchObject({ limit: 5, editionMax: 5 });

    const platform = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.superAdmin.code],
      tenantId,
    });
    expect((await setLimit(platform, 500)).code).toBe(200);
    expect(await limitOf(admin)).toMatchObject({ limit: 500, editionMax: 5 });
    const viaTenantEdit = await callApi('PUT', '/system/tenant/update', {
      ...as(platform),
      body: { id: tenantId, memberLimit: 40 },
    });
    expect(viaTenantEdit.code).toBe(200);
    expect((await limitOf(admin)).limit).toBe(40);
    const tooBig = await setLimit(platform, 10001);
    expect(tooBig.code).toBe(ERRORS.BAD_REQUEST.code);
  });
});
