import { and, eq, isNull } from 'drizzle-orm';
import { menus, refreshTokens, roles, userRoles, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  startPushListener,
  publishToUser,
  type PushListener,
} from '@/lib/server/platform/push/push.service';
import {
  deliverLocal,
  registerSocket,
  SESSION_ENDED_CLOSE_CODE,
  unregisterSocket,
  type PushSocket,
} from '@/lib/server/platform/push/socket-registry';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { MenuSimple, RoleView } from '@/lib/shared/role/role.contract';
import type { MemberView, SimpleMember } from '@/lib/shared/user/user.contract';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * Member management of issue 13: department and role filters, bulk actions, disabled members
 * refused at once, roles in use kept, the menus a role may be given.
 */
const ADMIN = [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code];
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

let admin: TestUser;
let outsider: TestUser;
let tenantId: number;
const dept = { sales: 0, team: 0, market: 0 };

let listener: PushListener;
let probeUser = -1;

beforeAll(async () => {
  listener = await startPushListener(deliverLocal, {
    databaseUrl: process.env.DATABASE_URL,
    log: () => undefined,
  });
  admin = await createTestUser({ roleCodes: ADMIN, edition: 3 });
  outsider = await createTestUser({ roleCodes: ADMIN, edition: 3 });
  tenantId = admin.tenantId!;
  const mk = async (name: string, parentId = 0) =>
    (
      await callApi<number>('POST', '/system/dept/create', {
        ...as(admin),
        body: { name, parentId },
      })
    ).data;
  dept.sales = await mk('销售部');
  dept.team = await mk('销售一组', dept.sales);
  dept.market = await mk('市场部');
});

afterAll(async () => {
  await listener.stop();
});

async function pushesDelivered(): Promise<void> {
  const userId = probeUser--;
  const probe: PushSocket = { send: () => undefined, readyState: 1 };
  const arrived = new Promise<void>((resolve) => {
    probe.send = () => resolve();
  });
  registerSocket(userId, 0, probe);
  await publishToUser(userId, { type: 'probe', content: '' });
  await arrived;
  unregisterSocket(userId, probe);
}

async function page(query: string): Promise<PageResult<MemberView>> {
  const r = await callApi<PageResult<MemberView>>(
    'GET',
    `/system/user/page?pageSize=100&${query}`,
    as(admin),
  );
  expect(r.code).toBe(200);
  return r.data;
}

async function member(deptId: number | null): Promise<TestUser> {
  const u = await createTestUser({ tenantId });
  if (deptId !== null)
    await callApi('PUT', '/system/user/update-dept', {
      ...as(admin),
      body: { ids: [u.userId], deptId },
    });
  return u;
}

describe('member page filters and department moves', () => {
  it('filters by department (with or without children) and role; shows the department', async () => {
    const inSales = await member(dept.sales);
    const inTeam = await member(dept.team);
    const inMarket = await member(dept.market);
    const withChildren = await page(`deptId=${dept.sales}`);
    expect(withChildren.list.map((m) => m.id).sort()).toEqual(
      [inSales.userId, inTeam.userId].sort(),
    );
    expect(withChildren.total).toBe(2);
    const only = await page(`deptId=${dept.sales}&includeChildren=false`);
    expect(only.list.map((m) => m.id)).toEqual([inSales.userId]);
    expect(only.list[0]).toMatchObject({ deptId: dept.sales, deptName: '销售部' });

    const simple = await callApi<SimpleMember[]>(
      'GET',
      `/szjk/user/list-all-simple?deptId=${dept.sales}&includeChildren=false`,
      as(admin),
    );
    expect(simple.data.map((s) => s.id)).toEqual([inSales.userId]);
    const simpleAll = await callApi<SimpleMember[]>(
      'GET',
      `/szjk/user/list-all-simple?deptId=${dept.sales}`,
      as(admin),
    );
    expect(simpleAll.data.map((s) => s.id).sort()).toEqual([inSales.userId, inTeam.userId].sort());

    const [adminRole] = await getDb()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, BUILT_IN_ROLES.admin.code), isNull(roles.tenantId)));
    const admins = await page(`roleId=${adminRole.id}`);
    expect(admins.list.map((m) => m.id)).toEqual([admin.userId]);

    // Moving out of every department.
    const out = await callApi('PUT', '/system/user/update-dept', {
      ...as(admin),
      body: { ids: [inMarket.userId], deptId: null },
    });
    expect(out.code).toBe(200);
    expect((await page(`deptId=${dept.market}`)).total).toBe(0);
  });

  it('answers 404 for another tenant’s departments, roles and members', async () => {
    const theirDept = (
      await callApi<number>('POST', '/system/dept/create', {
        ...as(outsider),
        body: { name: '他家部门' },
      })
    ).data;
    const theirRole = (
      await callApi<number>('POST', '/system/role/create', {
        ...as(outsider),
        body: { name: '他家角色', code: 'their_role' },
      })
    ).data;
    const mine = await member(null);
    const cases = [
      await callApi('PUT', '/system/user/update-dept', {
        ...as(admin),
        body: { ids: [mine.userId], deptId: theirDept },
      }),
      await callApi('GET', `/system/user/page?roleId=${theirRole}`, as(admin)),
      await callApi('GET', `/szjk/user/list-all-simple?deptId=${theirDept}`, as(admin)),
    ];
    expect(cases.map((c) => c.code)).toEqual([404, 404, 404]);
    const foreignMember = await callApi('PUT', '/system/user/update-dept', {
      ...as(outsider),
      body: { ids: [mine.userId], deptId: theirDept },
    });
    expect(foreignMember.code).toBe(ERRORS.NOT_FOUND.code);
    const foreignStatus = await callApi('PUT', '/system/user/update-status-batch', {
      ...as(outsider),
      body: { ids: [mine.userId], status: 1 },
    });
    expect(foreignStatus.code).toBe(ERRORS.NOT_FOUND.code);
    const foreignRemove = await callApi(
      'DELETE',
      `/system/user/remove-member-batch?ids=${mine.userId}`,
      as(outsider),
    );
    expect(foreignRemove.code).toBe(ERRORS.NOT_FOUND.code);
    const foreignRoles = await callApi('PUT', '/system/permission/assign-user-role-batch', {
      ...as(outsider),
      body: { userIds: [mine.userId], roleIds: [] },
    });
    expect(foreignRoles.code).toBe(ERRORS.NOT_FOUND.code);
    const [row] = await getDb().select().from(users).where(eq(users.id, mine.userId));
    expect([row.status, row.deptId]).toEqual([0, null]);
  });
});

describe('bulk actions', () => {
  it('disables several at once (never oneself): tokens refused, sockets closed at once', async () => {
    const a = await member(null);
    const b = await member(null);
    const self = await callApi('PUT', '/system/user/update-status-batch', {
      ...as(admin),
      body: { ids: [a.userId, admin.userId], status: 1 },
    });
    expect(self.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(self.msg).toBe('不能停用自己的账号');

    const sockets = [a, b].map((u) => {
      const s: PushSocket & { closedWith?: number; sent: string[] } = {
        sent: [],
        readyState: 1,
        send: (d) => s.sent.push(d),
        close: (code) => {
          s.closedWith = code;
        },
      };
      registerSocket(u.userId, u.refreshTokenId, s);
      return s;
    });
    const r = await callApi<number>('PUT', '/system/user/update-status-batch', {
      ...as(admin),
      body: { ids: [a.userId, b.userId], status: 1 },
    });
    expect([r.code, r.data]).toEqual([200, 2]);
    await pushesDelivered();
    expect(sockets.map((s) => s.closedWith)).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    expect(sockets[0].sent.join('')).toContain('账号已被停用');
    expect((await callApi('GET', '/system/dept/list', as(a))).code).toBe(401);
    const revoked = await getDb()
      .select({ reason: refreshTokens.revokedReason })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, b.refreshTokenId));
    expect(revoked[0].reason).toBe('disabled');
    // Again: nothing changes.
    const again = await callApi<number>('PUT', '/system/user/update-status-batch', {
      ...as(admin),
      body: { ids: [a.userId, b.userId], status: 1 },
    });
    expect(again.data).toBe(0);
  });

  it('refuses a disabled account’s token on its next request even if its session was not ended', async () => {
    const u = await member(null);
    expect((await callApi('GET', '/system/user/profile/get', as(u))).code).toBe(200);
    await getDb().update(users).set({ status: 1 }).where(eq(users.id, u.userId));
    expect((await callApi('GET', '/system/user/profile/get', as(u))).code).toBe(401);
    await getDb().update(users).set({ status: 0 }).where(eq(users.id, u.userId));
    expect((await callApi('GET', '/system/user/profile/get', as(u))).code).toBe(200);
  });

  it('removes several members (never oneself) and assigns roles to several', async () => {
    const a = await member(dept.market);
    const b = await member(null);
    const c = await member(null);
    const self = await callApi(
      'DELETE',
      `/system/user/remove-member-batch?ids=${a.userId},${admin.userId}`,
      as(admin),
    );
    expect(self.msg).toBe('不能移除自己');
    const removed = await callApi<number>(
      'DELETE',
      `/system/user/remove-member-batch?ids=${a.userId},${b.userId}`,
      as(admin),
    );
    expect([removed.code, removed.data]).toEqual([200, 2]);
    const [row] = await getDb().select().from(users).where(eq(users.id, a.userId));
    expect([row.tenantId, row.deptId]).toEqual([null, null]);

    const roleId = (
      await callApi<number>('POST', '/system/role/create', {
        ...as(admin),
        body: { name: '批量角色', code: 'bulk_role' },
      })
    ).data;
    const assigned = await callApi('PUT', '/system/permission/assign-user-role-batch', {
      ...as(admin),
      body: { userIds: [c.userId], roleIds: [roleId] },
    });
    expect(assigned.code).toBe(200);
    const held = await getDb()
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, c.userId));
    expect(held.map((h) => h.roleId)).toEqual([roleId]);
    // Taking the administrator's role away from the only administrator: refused.
    const lastAdmin = await callApi('PUT', '/system/permission/assign-user-role-batch', {
      ...as(admin),
      body: { userIds: [admin.userId, c.userId], roleIds: [roleId] },
    });
    expect(lastAdmin.msg).toBe('企业至少需要保留一名管理员');

    // A role in use cannot be deleted; its member count says why.
    const view = await callApi<RoleView>('GET', `/system/role/get?id=${roleId}`, as(admin));
    expect(view.data.memberCount).toBe(1);
    const del = await callApi('DELETE', `/system/role/delete?id=${roleId}`, as(admin));
    expect(del.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(del.msg).toBe('该角色仍有 1 名成员使用，无法删除');
    await callApi('PUT', '/system/permission/assign-user-role-batch', {
      ...as(admin),
      body: { userIds: [c.userId], roleIds: [] },
    });
    expect((await callApi('DELETE', `/system/role/delete?id=${roleId}`, as(admin))).code).toBe(200);
  });
});

describe('menus a role may be given', () => {
  it('lists the caller’s own menus, with buttons and their permissions', async () => {
    const r = await callApi<MenuSimple[]>('GET', '/system/menu/list-all-simple', as(admin));
    expect(r.code).toBe(200);
    const perms = r.data.map((m) => m.permission).filter(Boolean);
    expect(perms).toContain('system:dept:create');
    expect(perms).toContain('system:role:query');
    // Platform menus (tenant management) are not the tenant's to hand out.
    const platformPerms = await getDb()
      .select({ permission: menus.permission })
      .from(menus)
      .where(eq(menus.permission, 'system:tenant:query'));
    expect(platformPerms).toHaveLength(1);
    expect(perms).not.toContain('system:tenant:query');
    const employee = await createTestUser({ tenantId });
    expect((await callApi('GET', '/system/menu/list-all-simple', as(employee))).code).toBe(403);
  });
});
