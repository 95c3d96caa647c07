import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { roles, users } from '@/db/schema';
import {
  assignUserRole,
  getSuperAdminUsers,
  getUserPage,
  listAllSimpleUsers,
  listUserRoles,
  removeMember,
  updateUserStatus,
} from '@/lib/shared/user/user.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';

// super_admin holds every permission, so these tests do not depend on seeded menus.
const PLATFORM = ['super_admin', 'admin'];
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function roleId(code: string): Promise<number> {
  const [row] = await getDb()
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.code, code), isNull(roles.tenantId)))
    .limit(1);
  return row.id;
}

async function enterprise() {
  const boss = await createTestUser({ roleCodes: PLATFORM });
  const member = await createTestUser({ tenantId: boss.tenantId!, roleCodes: ['employee'] });
  return { boss, member };
}

describe('member admin', () => {
  it('pages the enterprise members with masked phones and their roles', async () => {
    const { boss, member } = await enterprise();
    const outsider = await createTestUser({ roleCodes: ['employee'] });
    const r = await callContract(getUserPage, { query: { pageNo: 1, pageSize: 10 } }, as(boss));
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(2);
    const ids = r.data.list.map((m) => m.id);
    expect(ids).toEqual([boss.userId, member.userId]);
    expect(ids).not.toContain(outsider.userId);
    const row = r.data.list[1];
    expect(row.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(row.roles.map((x) => x.code)).toEqual(['employee']);
    expect(row.loginDate).toBeNull();
    expect(typeof row.createTime).toBe('number');

    const [m] = await getDb()
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.id, member.userId));
    const found = await callContract(getUserPage, { query: { keyword: m.nickname } }, as(boss));
    expect(found.data.list.map((x) => x.id)).toEqual([member.userId]);
  });

  it('needs the permission', async () => {
    const { member } = await enterprise();
    const r = await callContract(getUserPage, {}, as(member));
    expect(r.code).toBe(403);
  });

  it('lists and assigns member roles, keeping one administrator', async () => {
    const { boss, member } = await enterprise();
    const employee = await roleId('employee');
    const admin = await roleId('admin');
    const before = await callContract(
      listUserRoles,
      { query: { userId: member.userId } },
      as(boss),
    );
    expect(before.data).toEqual([employee]);

    const assigned = await callContract(
      assignUserRole,
      { body: { userId: member.userId, roleIds: [admin] } },
      as(boss),
    );
    expect(assigned.code).toBe(200);
    expect(assigned.data).toBe(true);
    const after = await callContract(listUserRoles, { query: { userId: member.userId } }, as(boss));
    expect(after.data).toEqual([admin]);

    // Back to employee is fine while the boss stays administrator; the boss's own demotion is not.
    const back = await callContract(
      assignUserRole,
      { body: { userId: member.userId, roleIds: [employee] } },
      as(boss),
    );
    expect(back.data).toBe(true);
    const last = await callContract(
      assignUserRole,
      { body: { userId: boss.userId, roleIds: [employee] } },
      as(boss),
    );
    expect(last.msg).toBe('企业至少需要保留一名管理员');

    const stranger = await createTestUser();
    const other = await callContract(
      listUserRoles,
      { query: { userId: stranger.userId } },
      as(boss),
    );
    expect(other.code).not.toBe(200);
  });

  it('disables a member (not oneself) and removes a member from the enterprise', async () => {
    const { boss, member } = await enterprise();
    const self = await callContract(
      updateUserStatus,
      { body: { id: boss.userId, status: 1 } },
      as(boss),
    );
    expect(self.code).toBe(400);
    expect(self.msg).toBe('不能停用自己的账号');
    const off = await callContract(
      updateUserStatus,
      { body: { id: member.userId, status: 1 } },
      as(boss),
    );
    expect(off.data).toBe(true);
    const simple = await callContract(listAllSimpleUsers, {}, as(boss));
    expect(simple.data.map((x) => x.id)).toEqual([boss.userId]);
    const on = await callContract(
      updateUserStatus,
      { body: { id: member.userId, status: 0 } },
      as(boss),
    );
    expect(on.data).toBe(true);

    const removeSelf = await callContract(removeMember, { query: { id: boss.userId } }, as(boss));
    expect(removeSelf.msg).toBe('不能移除自己');
    const removed = await callContract(removeMember, { query: { id: member.userId } }, as(boss));
    expect(removed.data).toBe(true);
    const [row] = await getDb()
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(eq(users.id, member.userId));
    expect(row.tenantId).toBeNull();
  });

  it('shows members their administrators and the simple member list', async () => {
    const { boss, member } = await enterprise();
    const admins = await callContract(getSuperAdminUsers, {}, as(member));
    expect(admins.code).toBe(200);
    expect(admins.data.map((a) => a.id)).toEqual([boss.userId]);
    expect(admins.data[0].mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const simple = await callContract(listAllSimpleUsers, {}, as(member));
    expect(simple.data.map((x) => x.id)).toEqual([boss.userId, member.userId]);
  });
});
