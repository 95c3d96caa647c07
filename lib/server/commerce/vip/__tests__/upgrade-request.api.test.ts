import { and, eq } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { requestUpgrade } from '@/lib/shared/vip/vip.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function messagesOf(userId: number) {
  return getDb()
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.templateCode, 'upgrade_request')),
    );
}

describe('申请升级 / 通知管理员 (issue 28 item 7)', () => {
  it("sends the tenant's administrators a message naming the member and the edition", async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const staff = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
    const r = await callContract(
      requestUpgrade,
      { body: { edition: 2, note: '需要导出' } },
      as(staff),
    );
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ notified: 1, alreadyRequested: false });
    const [m] = await messagesOf(admin.userId);
    expect(m.title).toBe('成员申请升级会员');
    expect(m.content).toContain('标准版');
    expect(m.content).toContain('需要导出');
    expect(m.tenantId).toBe(admin.tenantId);
    // The employee who asked gets nothing.
    expect(await messagesOf(staff.userId)).toHaveLength(0);
  });

  it('is rate-limited: a second request the same day sends nothing and says so', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const staff = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
    await callContract(requestUpgrade, { body: {} }, as(staff));
    const again = await callContract(requestUpgrade, { body: { edition: 3 } }, as(staff));
    expect(again.data).toEqual({ notified: 0, alreadyRequested: true });
    expect(await messagesOf(admin.userId)).toHaveLength(1);
    // Another member of the same tenant may still ask.
    const other = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
    expect((await callContract(requestUpgrade, { body: {} }, as(other))).data).toEqual({
      notified: 1,
      alreadyRequested: false,
    });
  });

  it('needs a tenant (401 anonymously)', async () => {
    expect((await callContract(requestUpgrade, { body: {} })).code).toBe(401);
  });
});
