import { and, eq, isNull } from 'drizzle-orm';
import { roles } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { getRoutes } from '@/lib/server/edge/api/routes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * Roles and permissions on the server (spec 6): every route that names a permission refuses a
 * member without it; the four built-in roles cannot be edited or deleted; custom roles stay in
 * their tenant.
 */
let admin: TestUser;
let powerless: TestUser;
let outsider: TestUser;

async function builtInRoleId(code: string): Promise<number> {
  const [row] = await getDb()
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.code, code), isNull(roles.tenantId)))
    .limit(1);
  return row.id;
}

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

beforeAll(async () => {
  admin = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code], edition: 2 });
  // A role with no menus: signed in, in a tenant, without a single permission.
  powerless = await createTestUser({
    roleCodes: ['test_no_permissions'],
    tenantId: admin.tenantId!,
  });
  outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
});

describe('permissions on every API', () => {
  const guarded = getRoutes().filter((r) => r.permission && r.access !== 'public');

  it('has permission-guarded routes to check', () => {
    expect(guarded.length).toBeGreaterThan(20);
  });

  it('refuses each of them (403) to a member without the permission, before reading input', async () => {
    const allowed: string[] = [];
    for (const r of guarded) {
      const path = r.path.replace(/\{[^}]+\}/g, '1');
      const res = await callApi(r.method, path, {
        ...as(powerless),
        body: r.method === 'GET' ? undefined : {},
      });
      if (res.code !== ERRORS.FORBIDDEN.code) allowed.push(`${r.method} ${r.path} → ${res.code}`);
    }
    expect(allowed).toEqual([]);
  });
});

describe('roles', () => {
  it('the four built-in roles cannot be edited, deleted or given menus', async () => {
    for (const code of Object.values(BUILT_IN_ROLES).map((r) => r.code)) {
      if (code === BUILT_IN_ROLES.superAdmin.code) continue; // not even visible to a tenant
      const id = await builtInRoleId(code);
      const update = await callApi('PUT', '/system/role/update', {
        ...as(admin),
        body: { id, name: '改名', code: 'renamed' },
      });
      expect(update.code).toBe(ERRORS.ROLE_BUILT_IN_CANNOT_EDIT.code);
      const del = await callApi('DELETE', `/system/role/delete?id=${id}`, as(admin));
      expect(del.code).toBe(ERRORS.ROLE_BUILT_IN_CANNOT_EDIT.code);
      const menus = await callApi('POST', '/system/permission/assign-role-menu', {
        ...as(admin),
        body: { roleId: id, menuIds: [] },
      });
      expect(menus.code).toBe(ERRORS.ROLE_BUILT_IN_CANNOT_EDIT.code);
    }
    // The platform's own role is hidden from tenants altogether.
    const superId = await builtInRoleId(BUILT_IN_ROLES.superAdmin.code);
    const hidden = await callApi('GET', `/system/role/get?id=${superId}`, as(admin));
    expect(hidden.code).toBe(ERRORS.ROLE_NOT_EXISTS.code);
  });

  it('a tenant administrator creates, renames and deletes a custom role of the tenant only', async () => {
    const create = await callApi<number>('POST', '/system/role/create', {
      ...as(admin),
      body: { name: '销售主管', code: 'sales_lead' },
    });
    expect(create.code).toBe(200);
    const id = create.data;
    // Built-in codes and duplicates are refused with their messages.
    const builtInCode = await callApi('POST', '/system/role/create', {
      ...as(admin),
      body: { name: '另一个', code: 'employee' },
    });
    expect(builtInCode.code).toBe(ERRORS.ROLE_CODE_DUPLICATE.code);
    const dupName = await callApi('POST', '/system/role/create', {
      ...as(admin),
      body: { name: '销售主管', code: 'other_code' },
    });
    expect(dupName.code).toBe(ERRORS.ROLE_NAME_DUPLICATE.code);
    expect(dupName.msg).toBe('已经存在名为【销售主管】的角色');
    const badCode = await callApi('POST', '/system/role/create', {
      ...as(admin),
      body: { name: '坏标识', code: '1abc' },
    });
    expect(badCode.code).toBe(ERRORS.BAD_REQUEST.code);

    expect(
      (
        await callApi('PUT', '/system/role/update', {
          ...as(admin),
          body: { id, name: '销售经理', code: 'sales_lead' },
        })
      ).code,
    ).toBe(200);
    // Another tenant can neither see nor change it.
    expect((await callApi('GET', `/system/role/get?id=${id}`, as(outsider))).code).toBe(
      ERRORS.ROLE_NOT_EXISTS.code,
    );
    expect((await callApi('DELETE', `/system/role/delete?id=${id}`, as(outsider))).code).toBe(
      ERRORS.ROLE_NOT_EXISTS.code,
    );
    const got = await callApi<{ name: string }>('GET', `/system/role/get?id=${id}`, as(admin));
    expect(got.data.name).toBe('销售经理');
    expect((await callApi('DELETE', `/system/role/delete?id=${id}`, as(admin))).code).toBe(200);
    expect((await callApi('GET', `/system/role/get?id=${id}`, as(admin))).code).toBe(
      ERRORS.ROLE_NOT_EXISTS.code,
    );
  });

  it('a role created without a code gets one, sees only its holder’s data, and keeps its code when edited', async () => {
    // Issue 28 item 7: 角色标识 was a required developer field; a new role started at 全部数据.
    const create = await callApi<number>('POST', '/system/role/create', {
      ...as(admin),
      body: { name: '区域专员', code: '' },
    });
    expect(create.code).toBe(200);
    const got = await callApi<{ code: string; dataScope: number }>(
      'GET',
      `/system/role/get?id=${create.data}`,
      as(admin),
    );
    expect(got.data.code).toMatch(/^role_[0-9a-z]{6}$/);
    expect(got.data.dataScope).toBe(5);
    const renamed = await callApi('PUT', '/system/role/update', {
      ...as(admin),
      body: { id: create.data, name: '区域经理' },
    });
    expect(renamed.code).toBe(200);
    const after = await callApi<{ code: string; name: string }>(
      'GET',
      `/system/role/get?id=${create.data}`,
      as(admin),
    );
    expect(after.data).toMatchObject({ code: got.data.code, name: '区域经理' });
    expect((await callApi('DELETE', `/system/role/delete?id=${create.data}`, as(admin))).code).toBe(
      200,
    );
  });

  it('concurrent creates of one code: one role, the others told the code exists (never a 500)', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callApi('POST', '/system/role/create', {
          ...as(admin),
          body: { name: `并发角色${i}`, code: 'raced_code' },
        }),
      ),
    );
    const codes = attempts.map((a) => a.code ?? 0).sort((a, b) => a - b);
    expect(codes).toEqual([200, ...Array<number>(9).fill(ERRORS.ROLE_CODE_DUPLICATE.code)]);
    expect(attempts.every((a) => a.status === 200)).toBe(true);
    const rows = await getDb().select().from(roles).where(eq(roles.code, 'raced_code'));
    expect(rows).toHaveLength(1);
  });

  it('concurrent creates of one name: one role, the others told the name exists', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        callApi('POST', '/system/role/create', {
          ...as(admin),
          body: { name: '同名并发角色', code: `raced_name_${i}` },
        }),
      ),
    );
    const codes = attempts.map((a) => a.code ?? 0).sort((a, b) => a - b);
    expect(codes).toEqual([200, ...Array<number>(4).fill(ERRORS.ROLE_NAME_DUPLICATE.code)]);
  });

  it('a tenant-id header of another tenant is refused and changes nothing', async () => {
    const res = await callApi('POST', '/system/role/create', {
      token: admin.accessToken,
      tenantId: outsider.tenantId,
      body: { name: '越权角色', code: 'cross_tenant' },
    });
    expect(res.code).toBe(ERRORS.FORBIDDEN.code);
    const rows = await getDb().select().from(roles).where(eq(roles.code, 'cross_tenant'));
    expect(rows).toEqual([]);
  });
});
