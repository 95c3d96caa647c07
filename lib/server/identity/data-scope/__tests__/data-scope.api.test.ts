import ExcelJS from 'exceljs';
import { and, eq, isNull } from 'drizzle-orm';
import {
  departments,
  enterpriseUnlocks,
  menus,
  roleMenus,
  roles,
  userRoles,
  users,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { issueTokens } from '@/lib/server/identity/auth/token.service';
import { ApiError } from '@/lib/server/platform/http/api-error';
import { assertInScope, ownerScope } from '@/lib/server/identity/data-scope/data-scope.service';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { UnlockedEnterprise } from '@/lib/shared/enterprise/enterprise.contract';
import type { RoleView } from '@/lib/shared/role/role.contract';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * The data scope on the server (issue 13): three departments (销售一组 under 销售部, and 市场部)
 * and five members with two unlock records each. For each scope value a member sees exactly the
 * records of the members the scope reaches, in the list, its total and its export.
 */

type Member = { userId: number; names: string[] };

let admin: TestUser;
let tenantId: number;
const dept = { sales: 0, team: 0, market: 0 };
/** m1 销售部, m2 销售一组, m3 市场部, m4 销售部, m5 no department. */
const m: Member[] = [];
const roleIds: Record<string, number> = {};

const as = (u: { accessToken: string; tenantId: number | null }) => ({
  token: u.accessToken,
  tenantId: u.tenantId,
});

async function tokenOf(userId: number): Promise<string> {
  return (await issueTokens(userId, tenantId, { remember: true })).accessToken;
}

async function setRoles(userId: number, codes: string[]): Promise<void> {
  const db = getDb();
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  for (const code of codes) await db.insert(userRoles).values({ userId, roleId: roleIds[code] });
}

async function unlockedNames(token: string): Promise<{ list: string[]; total: number }> {
  const names: string[] = [];
  let total = 0;
  for (let pageNo = 1; pageNo < 10; pageNo++) {
    const r = await callApi<PageResult<UnlockedEnterprise>>(
      'POST',
      '/szjk/enterprise/unlock-page',
      {
        token,
        tenantId,
        body: { pageNo, pageSize: 4 },
      },
    );
    expect(r.code).toBe(200);
    total = r.data.total;
    names.push(...r.data.list.map((e) => e.name));
    if (r.data.list.length < 4) break;
  }
  return { list: names.sort(), total };
}

async function exportedNames(token: string): Promise<string[]> {
  const r = await callApi('POST', '/szjk/enterprise/unlock-export', { token, tenantId, body: {} });
  expect(r.status).toBe(200);
  expect(r.res.headers.get('content-type')).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await r.res.arrayBuffer());
  const ws = wb.worksheets[0];
  const names: string[] = [];
  ws.eachRow((row, i) => {
    if (i > 1) names.push(String(row.getCell(2).value));
  });
  return names.sort();
}

function expected(...members: number[]): string[] {
  return members.flatMap((i) => m[i - 1].names).sort();
}

async function expectSees(userId: number, members: number[]): Promise<void> {
  const token = await tokenOf(userId);
  const want = expected(...members);
  const page = await unlockedNames(token);
  expect(page.list).toEqual(want);
  expect(page.total).toBe(want.length);
  expect(await exportedNames(token)).toEqual(want);
}

beforeAll(async () => {
  admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
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

  const placed = [dept.sales, dept.team, dept.market, dept.sales, null];
  const db = getDb();
  for (const [i, deptId] of placed.entries()) {
    const u = await createTestUser({ tenantId, roleCodes: [] });
    await db.update(users).set({ deptId }).where(eq(users.id, u.userId));
    const names: string[] = [];
    for (let k = 0; k < 2; k++) {
      const name = `范围测试企业成员${i + 1}之${k + 1}`;
      const ent = await plantEnterprise({ name });
      await db
        .insert(enterpriseUnlocks)
        .values({ tenantId, enterpriseId: ent.id, userId: u.userId });
      names.push(name);
    }
    m.push({ userId: u.userId, names });
  }

  // One custom role per scope value, made through the API; each may export.
  const [exportMenu] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(eq(menus.permission, 'szjk:enterprise:export'))
    .limit(1);
  const scopes: [string, number, number[]?][] = [
    ['scope_all', 1],
    ['scope_market', 2, [dept.market]],
    ['scope_own', 3],
    ['scope_below', 4],
    ['scope_self', 5],
  ];
  for (const [code, dataScope, deptIds] of scopes) {
    const id = (
      await callApi<number>('POST', '/system/role/create', {
        ...as(admin),
        body: { name: code, code },
      })
    ).data;
    const set = await callApi('PUT', '/system/permission/assign-role-data-scope', {
      ...as(admin),
      body: { roleId: id, dataScope, dataScopeDeptIds: deptIds },
    });
    expect(set.code).toBe(200);
    await db.insert(roleMenus).values({ roleId: id, menuId: exportMenu.id });
    roleIds[code] = id;
  }
});

describe('data scope of unlock records: list, total and export', () => {
  it('1 全部: every record of the tenant', async () => {
    await setRoles(m[0].userId, ['scope_all']);
    await expectSees(m[0].userId, [1, 2, 3, 4, 5]);
  });

  it('2 指定部门: the chosen departments (not their children) and oneself', async () => {
    await setRoles(m[0].userId, ['scope_market']);
    await expectSees(m[0].userId, [1, 3]);
    const role = await callApi<RoleView>(
      'GET',
      `/system/role/get?id=${roleIds.scope_market}`,
      as(admin),
    );
    expect(role.data.dataScopeDeptIds).toEqual([dept.market]);
  });

  it('3 本部门: members of one’s own department', async () => {
    await setRoles(m[0].userId, ['scope_own']);
    await expectSees(m[0].userId, [1, 4]);
    // Without a department: oneself only.
    await setRoles(m[4].userId, ['scope_own']);
    await expectSees(m[4].userId, [5]);
  });

  it('4 本部门及以下: one’s department and the departments below it', async () => {
    await setRoles(m[0].userId, ['scope_below']);
    await expectSees(m[0].userId, [1, 2, 4]);
    // From the child department upwards nothing is added.
    await setRoles(m[1].userId, ['scope_below']);
    await expectSees(m[1].userId, [2]);
  });

  it('5 仅本人, and no role at all: oneself only', async () => {
    await setRoles(m[0].userId, ['scope_self']);
    await expectSees(m[0].userId, [1]);
    await setRoles(m[2].userId, []);
    const token = await tokenOf(m[2].userId);
    const page = await unlockedNames(token);
    expect(page.list).toEqual(expected(3));
  });

  it('several roles: the union of their scopes; 全部 wins', async () => {
    await setRoles(m[0].userId, ['scope_own', 'scope_market']);
    await expectSees(m[0].userId, [1, 3, 4]);
    await setRoles(m[0].userId, ['scope_self', 'scope_all']);
    await expectSees(m[0].userId, [1, 2, 3, 4, 5]);
  });

  it('a role or department change applies on the next request with the same token', async () => {
    await setRoles(m[3].userId, ['scope_self']);
    const token = await tokenOf(m[3].userId);
    expect((await unlockedNames(token)).list).toEqual(expected(4));
    await getDb().update(roles).set({ dataScope: 3 }).where(eq(roles.id, roleIds.scope_self));
    expect((await unlockedNames(token)).list).toEqual(expected(1, 4));
    await getDb().update(users).set({ deptId: dept.market }).where(eq(users.id, m[3].userId));
    expect((await unlockedNames(token)).list).toEqual(expected(3, 4));
    await getDb().update(roles).set({ dataScope: 5 }).where(eq(roles.id, roleIds.scope_self));
    await getDb().update(users).set({ deptId: dept.sales }).where(eq(users.id, m[3].userId));
    expect((await unlockedNames(token)).list).toEqual(expected(4));
  });

  it('a removed member’s records stay out of a department scope', async () => {
    const leaver = await createTestUser({ tenantId, roleCodes: [] });
    await getDb().update(users).set({ deptId: dept.market }).where(eq(users.id, leaver.userId));
    const ent = await plantEnterprise({ name: '范围测试企业离职成员' });
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId, enterpriseId: ent.id, userId: leaver.userId });
    await setRoles(m[0].userId, ['scope_market']);
    const token = await tokenOf(m[0].userId);
    expect((await unlockedNames(token)).list).toContain('范围测试企业离职成员');
    const removed = await callApi(
      'DELETE',
      `/system/user/remove-member?id=${leaver.userId}`,
      as(admin),
    );
    expect(removed.code).toBe(200);
    expect((await unlockedNames(token)).list).toEqual(expected(1, 3));
    // The administrator (全部) still sees it: the tenant paid for it.
    expect((await unlockedNames(admin.accessToken)).list).toContain('范围测试企业离职成员');
  });
});

describe('a single object', () => {
  it('outside the scope answers 404, inside passes', async () => {
    await setRoles(m[0].userId, ['scope_own']);
    const scope = await ownerScope({ userId: m[0].userId, tenantId });
    expect(scope).toEqual({ kind: 'members', tenantId, self: m[0].userId, deptIds: [dept.sales] });
    const codeOf = (owner: number | null) =>
      assertInScope(scope, owner).then(
        () => 200,
        (e: ApiError) => e.code,
      );
    expect(await codeOf(m[0].userId)).toBe(200);
    expect(await codeOf(m[3].userId)).toBe(200);
    expect(await codeOf(m[1].userId)).toBe(ERRORS.NOT_FOUND.code);
    expect(await codeOf(m[2].userId)).toBe(ERRORS.NOT_FOUND.code);
    expect(await codeOf(null)).toBe(ERRORS.NOT_FOUND.code);
    await setRoles(m[0].userId, ['scope_all']);
    expect(await ownerScope({ userId: m[0].userId, tenantId })).toEqual({ kind: 'all' });
  });
});

describe('data scope departments', () => {
  it('指定部门 needs departments of the tenant: none → refused, another tenant’s → 404', async () => {
    const other = await createTestUser({
      roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    });
    const theirs = (
      await callApi<number>('POST', '/system/dept/create', {
        ...as(other),
        body: { name: '别家部门' },
      })
    ).data;
    const none = await callApi('PUT', '/system/permission/assign-role-data-scope', {
      ...as(admin),
      body: { roleId: roleIds.scope_market, dataScope: 2, dataScopeDeptIds: [] },
    });
    expect(none.code).toBe(ERRORS.BAD_REQUEST.code);
    const cross = await callApi('PUT', '/system/permission/assign-role-data-scope', {
      ...as(admin),
      body: { roleId: roleIds.scope_market, dataScope: 2, dataScopeDeptIds: [theirs] },
    });
    expect(cross.code).toBe(ERRORS.NOT_FOUND.code);
    // The role of this tenant is unknown to the other one.
    const foreign = await callApi('PUT', '/system/permission/assign-role-data-scope', {
      ...as(other),
      body: { roleId: roleIds.scope_market, dataScope: 1 },
    });
    expect(foreign.code).toBe(ERRORS.ROLE_NOT_EXISTS.code);
    const [row] = await getDb()
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, theirs), eq(departments.tenantId, other.tenantId!)));
    expect(row).toBeDefined();
  });

  it('built-in roles see everything (scope 1)', async () => {
    const [employee] = await getDb()
      .select({ dataScope: roles.dataScope })
      .from(roles)
      .where(and(eq(roles.code, BUILT_IN_ROLES.employee.code), isNull(roles.tenantId)));
    expect(employee.dataScope).toBe(1);
  });
});
