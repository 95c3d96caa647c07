import { asc, eq, inArray } from 'drizzle-orm';
import {
  clues,
  enterpriseUnlocks,
  enterprises,
  menus,
  roleMenus,
  roles,
  userRoles,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { getRoutes } from '@/lib/server/edge/api/routes';
import type { RouteDefinition } from '@/lib/server/platform/http/define-route';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { PermissionRequirement } from '@/lib/shared/auth/permission';
import {
  addEnterprisesToCrm,
  exportEnterprises,
  unlockEnterprise,
} from '@/lib/shared/enterprise/enterprise.contract';
import { exportAdvancedSearch } from '@/lib/shared/search/search.contract';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * Button permissions are enforced by the server, not only hidden by the UI: every contract that
 * names a permission refuses a member whose role grants none, and lets through one whose role
 * grants exactly that permission. The list comes from the route table, so a new guarded contract
 * is covered without touching this file.
 */

const guarded = getRoutes().filter((route) => route.permission !== undefined);

/** Permissions that satisfy a requirement (for 'some', its first alternative suffices). */
function permissionsMeeting(required: PermissionRequirement): string[] {
  if (typeof required === 'string') return [required];
  if (Array.isArray(required)) return required;
  return required.type === 'some' ? required.value.slice(0, 1) : required.value;
}

/**
 * A member of a fresh tenant whose only role is a custom role of that tenant granting exactly
 * `permissions` (through the menu buttons that carry them).
 */
async function memberHolding(permissions: readonly string[], edition = 0): Promise<TestUser> {
  const user = await createTestUser({ roleCodes: [], edition });
  const db = getDb();
  const [role] = await db
    .insert(roles)
    .values({ tenantId: user.tenantId, name: `测试角色${user.userId}`, code: `r${user.userId}` })
    .returning({ id: roles.id });
  await db.insert(userRoles).values({ userId: user.userId, roleId: role.id });
  if (permissions.length === 0) return user;
  const buttons = await db
    .select({ id: menus.id, permission: menus.permission })
    .from(menus)
    .where(inArray(menus.permission, [...permissions]));
  expect(new Set(buttons.map((b) => b.permission))).toEqual(new Set(permissions));
  await db.insert(roleMenus).values(buttons.map((b) => ({ roleId: role.id, menuId: b.id })));
  return user;
}

/** Calls a route as `user` with placeholder input: enough to pass or fail the permission check. */
function callAs(route: Pick<RouteDefinition, 'method' | 'path'>, user: TestUser, body?: unknown) {
  return callApi(route.method, route.path.replace(/\{\w+\}/g, '1'), {
    token: user.accessToken,
    tenantId: user.tenantId,
    body: body ?? (route.method === 'GET' ? undefined : {}),
  });
}

const refusedForPermission = (res: { code?: number; msg?: string }) =>
  res.code === ERRORS.FORBIDDEN.code && res.msg === ERRORS.FORBIDDEN.msg;

let powerless: TestUser;

beforeAll(async () => {
  powerless = await memberHolding([], 4);
});

describe('permission-guarded contracts', () => {
  it('include the actions the UI guards with a button permission', () => {
    const paths = guarded.map((r) => r.path);
    for (const contract of [
      unlockEnterprise,
      addEnterprisesToCrm,
      exportEnterprises,
      exportAdvancedSearch,
    ])
      expect(paths).toContain(contract.path);
  });

  it.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: refused without the permission, not refused with it',
    async (_, route) => {
      const without = await callAs(route, powerless);
      expect(refusedForPermission(without)).toBe(true);

      const holder = await memberHolding(permissionsMeeting(route.permission!));
      const withIt = await callAs(route, holder);
      expect({ code: withIt.code, msg: withIt.msg }).not.toEqual({
        code: ERRORS.FORBIDDEN.code,
        msg: ERRORS.FORBIDDEN.msg,
      });
    },
  );
});

describe('a member whose role has no permissions', () => {
  let entIds: number[];

  beforeAll(async () => {
    const rows = await getDb()
      .select({ id: enterprises.id })
      .from(enterprises)
      .orderBy(asc(enterprises.id))
      .limit(3);
    entIds = rows.map((r) => r.id);
  });

  it('cannot unlock (no quota spent), add to leads or export, whatever the input', async () => {
    const attempts = [
      await callAs(unlockEnterprise, powerless, { entId: entIds[0] }),
      await callAs(addEnterprisesToCrm, powerless, { entIds }),
      await callAs(exportEnterprises, powerless, { entIds }),
      await callAs(exportAdvancedSearch, powerless, { groups: [] }),
    ];
    expect(attempts.map(refusedForPermission)).toEqual([true, true, true, true]);
    const tenantId = powerless.tenantId!;
    const db = getDb();
    expect(
      await db.select().from(enterpriseUnlocks).where(eq(enterpriseUnlocks.tenantId, tenantId)),
    ).toEqual([]);
    expect(await db.select().from(clues).where(eq(clues.tenantId, tenantId))).toEqual([]);
  });

  it('can unlock once given just the unlock permission', async () => {
    const unlocker = await memberHolding(['szjk:enterprise:unlock'], 1);
    const res = await callAs(unlockEnterprise, unlocker, { entId: entIds[0] });
    expect(res.code).toBe(200);
  });
});
