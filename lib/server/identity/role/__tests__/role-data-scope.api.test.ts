import { getDb } from '@/lib/server/platform/db';
import { roles, userRoles } from '@/db/schema';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { getRoleDataScope } from '@/lib/shared/role/role.contract';

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

/** A custom role of the tenant with the given data scope, given to the user. */
async function giveRole(user: TestUser, tenantId: number, dataScope: number): Promise<string> {
  const code = `scope${dataScope}_${user.userId}_${tenantId}`;
  const [role] = await getDb()
    .insert(roles)
    .values({ tenantId, code, name: `数据范围${dataScope}`, dataScope })
    .returning({ id: roles.id });
  await getDb().insert(userRoles).values({ userId: user.userId, roleId: role.id });
  return code;
}

describe('GET /szjk/permission/get-role-data-scope', () => {
  it("answers the caller's widest scope and the roles it comes from", async () => {
    const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'] });
    const staff = await createTestUser({ roleCodes: [], tenantId: admin.tenantId! });
    const dept = await giveRole(staff, admin.tenantId!, 3);
    const self = await giveRole(staff, admin.tenantId!, 5);
    const r = await callContract(getRoleDataScope, {}, as(staff));
    expect(r.code).toBe(200);
    expect(r.data.dataScope).toBe(3);
    expect(r.data.roles).toEqual(
      expect.arrayContaining([
        { code: dept, dataScope: 3 },
        { code: self, dataScope: 5 },
      ]),
    );
    // No role at all (ROLE_DEFAULT): only the caller's own data.
    const bare = await createTestUser({ roleCodes: [], tenantId: admin.tenantId! });
    const none = await callContract(getRoleDataScope, {}, as(bare));
    expect(none.data).toEqual({ dataScope: 5, roles: [] });
  });

  it('refuses a caller without a session or without an enterprise', async () => {
    const anonymous = await callContract(getRoleDataScope);
    expect(anonymous.code).toBe(401);
    const noTenant = await createTestUser({ noTenant: true });
    const r = await callContract(getRoleDataScope, {}, { token: noTenant.accessToken });
    expect(r.code).not.toBe(200);
    expect(r.data ?? null).toBeNull();
  });

  it("refuses another tenant's id, and ignores a role of another tenant", async () => {
    const one = await createTestUser({ roleCodes: [] });
    const two = await createTestUser({ roleCodes: [] });
    await giveRole(one, one.tenantId!, 5);
    // A row tying the member to another tenant's all-data role must not widen the scope.
    await giveRole(one, two.tenantId!, 1);
    const own = await callContract(getRoleDataScope, {}, as(one));
    expect(own.data.dataScope).toBe(5);
    expect(own.data.roles).toHaveLength(1);
    const foreign = await callContract(
      getRoleDataScope,
      {},
      { token: one.accessToken, tenantId: two.tenantId },
    );
    expect(foreign.code).toBe(403);
    expect(foreign.data ?? null).toBeNull();
  });
});
