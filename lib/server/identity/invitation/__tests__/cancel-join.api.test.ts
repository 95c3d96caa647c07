import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { joinRequests, users } from '@/db/schema';
import { mintBindTicket } from '@/lib/server/identity/auth/login.service';
import { callApi, callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { cancelJoin } from '@/lib/shared/invitation/invitation.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';

const ADMIN = ['admin', 'tenant_admin'];
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

/** A tenant whose share link needs approval, and a user without an enterprise who applied. */
async function pendingApplicant() {
  const admin = await createTestUser({ roleCodes: ADMIN });
  const inv = await callApi<{ code: string }>(
    'GET',
    '/system/sztk_user/join/get-invitation-code',
    as(admin),
  );
  expect(inv.code).toBe(200);
  const u = await createTestUser({ noTenant: true });
  const join = await callApi('POST', '/system/sztk_user/join/join-by-invitation', {
    token: u.accessToken,
    body: { invitationCode: inv.data.code },
  });
  expect(join.code).toBe(ERRORS.JOIN_SUBMITTED.code);
  const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
  // What the login answer 1002000013 carries for this applicant.
  const bindTicket = await mintBindTicket({ id: row.id, mobile: row.mobile });
  return { admin, u, bindTicket };
}

const statusOf = async (userId: number) =>
  (await getDb().select().from(joinRequests).where(eq(joinRequests.userId, userId))).map(
    (r) => r.status,
  );

describe('PUT /system/sztk_user/join/cancel-join', () => {
  it("withdraws the applicant's pending request with the bind ticket of 1002000013", async () => {
    const { u, bindTicket } = await pendingApplicant();
    expect(await statusOf(u.userId)).toEqual([0]);
    const r = await callContract(cancelJoin, { body: { bindTicket } });
    expect([r.code, r.data]).toEqual([200, 1]);
    expect(await statusOf(u.userId)).toEqual([3]);
    // Nothing left to withdraw: 0, not an error.
    const again = await callContract(cancelJoin, { body: { bindTicket } });
    expect([again.code, again.data]).toEqual([200, 0]);
  });

  it('refuses an unknown or forged ticket, and a body without one', async () => {
    const { u } = await pendingApplicant();
    const forged = await callContract(cancelJoin, { body: { bindTicket: 'not-a-ticket' } });
    expect(forged.code).toBe(ERRORS.AUTH_TICKET_INVALID.code);
    const missing = await callContract(cancelJoin, { body: {} });
    expect(missing.code).toBe(400);
    // A signed-in member's token is no ticket either.
    const member = await createTestUser();
    const withToken = await callContract(
      cancelJoin,
      { body: { bindTicket: member.accessToken } },
      as(member),
    );
    expect(withToken.code).toBe(ERRORS.AUTH_TICKET_INVALID.code);
    expect(await statusOf(u.userId)).toEqual([0]);
  });

  it("touches only the ticket holder's requests, never another applicant's or tenant's", async () => {
    const one = await pendingApplicant();
    const two = await pendingApplicant();
    expect(one.admin.tenantId).not.toBe(two.admin.tenantId);
    const r = await callContract(cancelJoin, { body: { bindTicket: one.bindTicket } });
    expect(r.data).toBe(1);
    expect(await statusOf(one.u.userId)).toEqual([3]);
    expect(await statusOf(two.u.userId)).toEqual([0]);
    // A caller of one tenant sending another tenant's id is refused before anything happens.
    const foreign = await callContract(
      cancelJoin,
      { body: { bindTicket: two.bindTicket } },
      { token: one.admin.accessToken, tenantId: two.admin.tenantId },
    );
    expect(foreign.code).toBe(403);
    expect(await statusOf(two.u.userId)).toEqual([0]);
  });
});
