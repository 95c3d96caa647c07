import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { DeptView } from '@/lib/shared/dept/dept.contract';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/** Departments (issue 13): a tree per tenant; moves never make a cycle; only empty ones go. */
let admin: TestUser;
let outsider: TestUser;
let powerless: TestUser;

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const ADMIN = [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code];

beforeAll(async () => {
  admin = await createTestUser({ roleCodes: ADMIN, edition: 2 });
  outsider = await createTestUser({ roleCodes: ADMIN });
  powerless = await createTestUser({
    roleCodes: ['test_no_permissions'],
    tenantId: admin.tenantId!,
  });
});

async function create(u: TestUser, name: string, parentId = 0, sort = 0) {
  return callApi<number>('POST', '/system/dept/create', {
    ...as(u),
    body: { name, parentId, sort },
  });
}

async function list(u: TestUser): Promise<DeptView[]> {
  const r = await callApi<DeptView[]>('GET', '/system/dept/list', as(u));
  expect(r.code).toBe(200);
  return r.data;
}

describe('departments', () => {
  it('creates, lists (by sort then id), renames and moves within the tenant', async () => {
    const sales = await create(admin, '  销售部 ', 0, 2);
    expect(sales.code).toBe(200);
    const market = (await create(admin, '市场部', 0, 1)).data;
    const team = (await create(admin, '销售一组', sales.data, 3)).data;
    const rows = await list(admin);
    expect(rows.map((d) => d.name)).toEqual(['市场部', '销售部', '销售一组']);
    expect(rows.find((d) => d.id === team)).toMatchObject({ parentId: sales.data, memberCount: 0 });
    expect(rows.find((d) => d.id === sales.data)?.name).toBe('销售部');

    // Same name among siblings: refused; under another parent: fine.
    const dup = await create(admin, '销售部');
    expect(dup.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(dup.msg).toBe('同级部门中已存在【销售部】');
    expect((await create(admin, '销售一组', market)).code).toBe(200);

    const moved = await callApi('PUT', '/system/dept/update', {
      ...as(admin),
      body: { id: team, name: '大客户组', parentId: market, sort: 5 },
    });
    expect(moved.code).toBe(200);
    expect((await list(admin)).find((d) => d.id === team)).toMatchObject({
      name: '大客户组',
      parentId: market,
      sort: 5,
    });
    // The other tenant sees none of them.
    expect((await list(outsider)).map((d) => d.id)).not.toContain(team);
  });

  it('refuses to move a department under itself or a descendant, and deeper than 5 levels', async () => {
    const a = (await create(admin, '甲部')).data;
    const b = (await create(admin, '乙部', a)).data;
    const c = (await create(admin, '丙部', b)).data;
    for (const parentId of [a, b, c]) {
      const r = await callApi('PUT', '/system/dept/update', {
        ...as(admin),
        body: { id: a, name: '甲部', parentId },
      });
      expect(r.code).toBe(ERRORS.BAD_REQUEST.code);
      expect(r.msg).toBe('不能将部门移动到其自身或下级部门之下');
    }
    const d = (await create(admin, '丁部', c)).data;
    const e = (await create(admin, '戊部', d)).data;
    const tooDeep = await create(admin, '己部', e);
    expect(tooDeep.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(tooDeep.msg).toBe('部门层级最多 5 级');
    // Moving a two-level branch under the fourth level would make six.
    const x = (await create(admin, '庚部')).data;
    await create(admin, '辛部', x);
    const deepMove = await callApi('PUT', '/system/dept/update', {
      ...as(admin),
      body: { id: x, name: '庚部', parentId: d },
    });
    expect(deepMove.msg).toBe('部门层级最多 5 级');
  });

  it('deletes only an empty department: not with members, not with children', async () => {
    const parent = (await create(admin, '待删部门')).data;
    const child = (await create(admin, '待删子部门', parent)).data;
    const member = await createTestUser({ tenantId: admin.tenantId! });
    await getDb().update(users).set({ deptId: child }).where(eq(users.id, member.userId));

    const withChild = await callApi('DELETE', `/system/dept/delete?id=${parent}`, as(admin));
    expect(withChild.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(withChild.msg).toBe('请先删除下级部门');
    const withMember = await callApi('DELETE', `/system/dept/delete?id=${child}`, as(admin));
    expect(withMember.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(withMember.msg).toBe('部门下还有成员，无法删除');
    expect((await list(admin)).find((d) => d.id === child)?.memberCount).toBe(1);

    await getDb().update(users).set({ deptId: null }).where(eq(users.id, member.userId));
    expect((await callApi('DELETE', `/system/dept/delete?id=${child}`, as(admin))).code).toBe(200);
    expect((await callApi('DELETE', `/system/dept/delete?id=${parent}`, as(admin))).code).toBe(200);
    expect((await list(admin)).map((d) => d.id)).not.toContain(parent);
  });

  it('answers 404 for another tenant’s departments, as id and as parent', async () => {
    const theirs = (await create(outsider, '别家的部门')).data;
    const del = await callApi('DELETE', `/system/dept/delete?id=${theirs}`, as(admin));
    expect(del.code).toBe(ERRORS.NOT_FOUND.code);
    const upd = await callApi('PUT', '/system/dept/update', {
      ...as(admin),
      body: { id: theirs, name: '改名', parentId: 0 },
    });
    expect(upd.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await create(admin, '挂到别家', theirs)).code).toBe(ERRORS.NOT_FOUND.code);
    const page = await callApi('GET', `/system/user/page?deptId=${theirs}`, as(admin));
    expect(page.code).toBe(ERRORS.NOT_FOUND.code);
    // Still there for its owner.
    expect((await list(outsider)).map((d) => d.id)).toContain(theirs);
  });

  it('refuses members without the department permissions (403)', async () => {
    expect((await callApi('GET', '/system/dept/list', as(powerless))).code).toBe(403);
    expect((await create(powerless, '无权创建')).code).toBe(403);
    const employee = await createTestUser({ tenantId: admin.tenantId! });
    expect((await create(employee, '员工创建')).code).toBe(403);
  });

  it('parallel creates of one name: one department, the others told it exists', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => create(admin, '并发部门')));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === '同级部门中已存在【并发部门】')).toHaveLength(5);
  });
});
