import { eq } from 'drizzle-orm';
import { invitationRecords, quotaGrants, tenants } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  claimReward,
  getCompanyRewardInfo,
  getCompanyVipInfo,
  getMyUnlockCredit,
  getPayVipPermission,
} from '@/lib/shared/vip/vip.contract';
import { INVITATION_REWARD_QUOTA } from '@/lib/shared/vip/editions';
import { getSuperAdminUsers } from '@/lib/shared/user/user.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';

const DAY = 86_400_000;
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

describe('company VIP info', () => {
  it('shows the edition in force, its expiry and the credit', async () => {
    const u = await createTestUser({ edition: 2 });
    const expires = new Date(Date.now() + 30 * DAY);
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: expires })
      .where(eq(tenants.id, u.tenantId!));
    const r = await callContract(getCompanyVipInfo, {}, as(u));
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      tenantId: u.tenantId,
      edition: 2,
      editionName: '标准版',
      purchasedEdition: 2,
      expireTime: expires.getTime(),
      expired: false,
      isVip: true,
      credit: { monthlyQuota: 100, usedThisMonth: 0, remaining: 100 },
    });
  });

  it('an expired edition counts as free', async () => {
    const u = await createTestUser({ edition: 3 });
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: new Date(Date.now() - DAY) })
      .where(eq(tenants.id, u.tenantId!));
    const r = await callContract(getCompanyVipInfo, {}, as(u));
    expect(r.data).toMatchObject({ edition: 0, purchasedEdition: 3, expired: true, isVip: false });
  });

  it("refuses without an enterprise token with 'No permission' (403, not 1002000010); 401 anonymously", async () => {
    const loner = await createTestUser({ noTenant: true });
    const r = await callContract(getCompanyVipInfo, {}, as(loner));
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
    expect((await callContract(getCompanyVipInfo)).code).toBe(401);
  });
});

describe('pay-VIP permission', () => {
  it('is true for administrators and false for employees', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const employee = await createTestUser({ roleCodes: ['employee'] });
    expect((await callContract(getPayVipPermission, {}, as(admin))).data).toBe(true);
    expect((await callContract(getPayVipPermission, {}, as(employee))).data).toBe(false);
  });

  it("refuses without an enterprise token with 'No permission'; 401 anonymously", async () => {
    const loner = await createTestUser({ noTenant: true, roleCodes: ['tenant_admin'] });
    const r = await callContract(getPayVipPermission, {}, as(loner));
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
    expect((await callContract(getPayVipPermission)).code).toBe(401);
  });
});

describe('my unlock credit', () => {
  it("adds unexpired grants to the month's allowance", async () => {
    const u = await createTestUser({ edition: 1 });
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(tenants.id, u.tenantId!));
    await getDb()
      .insert(quotaGrants)
      .values([
        { tenantId: u.tenantId!, amount: 7, reason: 'purchase' },
        { tenantId: u.tenantId!, amount: 50, reason: 'old', expiresAt: new Date(Date.now() - DAY) },
      ]);
    const r = await callContract(getMyUnlockCredit, {}, as(u));
    expect(r.data).toEqual({
      edition: 1,
      monthlyQuota: 20,
      usedThisMonth: 0,
      monthlyRemaining: 20,
      grantTotal: 7,
      grantRemaining: 7,
      remaining: 27,
    });
  });

  it('refuses callers without an enterprise (1002000010) and anonymous ones (401)', async () => {
    const loner = await createTestUser({ noTenant: true });
    expect((await callContract(getMyUnlockCredit, {}, as(loner))).code).toBe(1002000010);
    expect((await callContract(getMyUnlockCredit)).code).toBe(401);
  });
});

describe('invitation rewards', () => {
  it('shows pending rewards and claims each once', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const invitees = await Promise.all([createTestUser(), createTestUser()]);
    await getDb()
      .insert(invitationRecords)
      .values(
        invitees.map((i) => ({
          invitationId: 1,
          tenantId: admin.tenantId!,
          invitedUserId: i.userId,
        })),
      );
    const info = await callContract(getCompanyRewardInfo, {}, as(admin));
    expect(info.data).toEqual({
      rewardPerInvite: INVITATION_REWARD_QUOTA,
      invitedCount: 2,
      pendingReward: 2 * INVITATION_REWARD_QUOTA,
      claimedReward: 0,
    });
    const claimed = await callContract(claimReward, {}, as(admin));
    expect(claimed.data).toEqual({ granted: 2 * INVITATION_REWARD_QUOTA });
    const credit = await callContract(getMyUnlockCredit, {}, as(admin));
    expect(credit.data.grantRemaining).toBe(2 * INVITATION_REWARD_QUOTA);
    const again = await callContract(claimReward, {}, as(admin));
    expect(again.code).toBe(1002029006);
    expect((await callContract(getCompanyRewardInfo, {}, as(admin))).data.claimedReward).toBe(
      2 * INVITATION_REWARD_QUOTA,
    );
  });

  it('refuses callers without an enterprise and anonymous ones', async () => {
    const loner = await createTestUser({ noTenant: true });
    for (const c of [getCompanyRewardInfo, claimReward]) {
      expect((await callContract(c, {}, as(loner))).code).toBe(1002000010);
      expect((await callContract(c)).code).toBe(401);
    }
  });
});

describe('super-admin lookup (联系管理员开通)', () => {
  it("lists the tenant's administrators to an employee, masked; 401 anonymously", async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const employee = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
    const r = await callContract(getSuperAdminUsers, {}, as(employee));
    expect(r.code).toBe(200);
    expect(r.data.map((a) => a.id)).toEqual([admin.userId]);
    expect(r.data[0].mobile).not.toMatch(/^\d{11}$/);
    expect((await callContract(getSuperAdminUsers)).code).toBe(401);
  });

  it("refuses without an enterprise token with 'No permission' (403, not 1002000010)", async () => {
    const loner = await createTestUser({ noTenant: true });
    const r = await callContract(getSuperAdminUsers, {}, as(loner));
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
  });
});
