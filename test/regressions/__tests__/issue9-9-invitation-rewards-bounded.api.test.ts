import { issueTokens } from '@/lib/server/identity/auth/token.service';
import { INVITATION_REWARD_QUOTA } from '@/lib/shared/vip/editions';
import { INVITATION_REWARDS_PER_TENANT_MONTH } from '@/lib/server/identity/invitation/invitation.service';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

type Session = { token: string; tenantId?: number | null };
type RewardInfo = { invitedCount: number; pendingReward: number; claimedReward: number };

const as = (u: TestUser): Session => ({ token: u.accessToken, tenantId: u.tenantId });

/**
 * A tenant whose share link joins at once (approval off), with its administrator and link code;
 * the enterprise edition, so its 100 member seats hold every invitee of the monthly cap.
 */
async function openTenant() {
  const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 4 });
  const off = await callApi('PUT', '/system/sztk-tenant/update-approval?approval=false', as(admin));
  expect(off.code).toBe(200);
  const inv = await callApi<{ code: string }>(
    'GET',
    '/system/sztk_user/join/get-invitation-code',
    as(admin),
  );
  return { admin, code: inv.data.code };
}

async function join(session: Session, invitationCode: string) {
  const r = await callApi<{ outcome: string }>(
    'POST',
    '/system/sztk_user/join/join-by-invitation',
    {
      token: session.token,
      body: { invitationCode },
    },
  );
  expect([r.code, r.data?.outcome]).toEqual([200, 'joined']);
}

async function rewardOf(admin: TestUser): Promise<RewardInfo> {
  const r = await callApi<RewardInfo>('GET', '/sztk/vip/company-reward-info', as(admin));
  expect(r.code).toBe(200);
  return r.data;
}

/** The member leaves (removed by the administrator) and signs in again without a tenant. */
async function removeAndSignInAgain(admin: TestUser, userId: number): Promise<Session> {
  const removed = await callApi('DELETE', `/system/user/remove-member?id=${userId}`, as(admin));
  expect(removed.code).toBe(200);
  const issued = await issueTokens(userId, null, { remember: true });
  return { token: issued.accessToken };
}

describe('invitation rewards', () => {
  it('one phone earns one reward: leaving and joining again, or joining another tenant, earns none', async () => {
    const a = await openTenant();
    const b = await openTenant();
    const invitee = await createTestUser({ noTenant: true });
    await join(as(invitee), a.code);
    expect((await rewardOf(a.admin)).pendingReward).toBe(INVITATION_REWARD_QUOTA);

    const again = await removeAndSignInAgain(a.admin, invitee.userId);
    await join(again, b.code);
    expect(await rewardOf(b.admin)).toMatchObject({ invitedCount: 1, pendingReward: 0 });

    const third = await removeAndSignInAgain(b.admin, invitee.userId);
    await join(third, a.code);
    expect((await rewardOf(a.admin)).pendingReward).toBe(INVITATION_REWARD_QUOTA);

    // A new phone still earns tenant B its reward.
    await join(as(await createTestUser({ noTenant: true })), b.code);
    expect((await rewardOf(b.admin)).pendingReward).toBe(INVITATION_REWARD_QUOTA);
  });

  it('credits at most the monthly cap of invitees per tenant', async () => {
    const t = await openTenant();
    for (let i = 0; i <= INVITATION_REWARDS_PER_TENANT_MONTH; i++)
      await join(as(await createTestUser({ noTenant: true })), t.code);
    const capped = INVITATION_REWARDS_PER_TENANT_MONTH * INVITATION_REWARD_QUOTA;
    expect(await rewardOf(t.admin)).toMatchObject({
      invitedCount: INVITATION_REWARDS_PER_TENANT_MONTH + 1,
      pendingReward: capped,
    });
    const claim = await callApi<{ granted: number }>('POST', '/sztk/vip/claim-reward', as(t.admin));
    expect(claim.data.granted).toBe(capped);
    expect(await rewardOf(t.admin)).toMatchObject({ pendingReward: 0, claimedReward: capped });
  });
});
