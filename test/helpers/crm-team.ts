import { eq, like, or } from 'drizzle-orm';
import { departments, menus, roleMenus, roles, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { createTestUser, type TestUser } from './api';

/**
 * Fixtures for the API tests of leads, customers, opportunities and 挖一挖: data-scoped roles and
 * a tenant with members in two departments.
 */

/** The call options that act as `u`. */
export const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

/** The permission prefixes of the CRM buttons (leads, customers, opportunities). */
export const CRM_PERMISSIONS = ['szjk:clue:', 'szjk:customer:', 'szjk:opportunity:'] as const;

/**
 * Creates a custom role with data scope `dataScope` (5 仅本人, 3 本部门) holding every menu whose
 * permission starts with one of `prefixes`; answers how many menus it was given.
 */
export async function scopedRole(
  code: string,
  dataScope: number,
  prefixes: readonly string[],
): Promise<number> {
  const db = getDb();
  const [role] = await db
    .insert(roles)
    .values({ code, name: code, dataScope, builtIn: false })
    .returning({ id: roles.id });
  if (prefixes.length === 0) return 0;
  const granted = await db
    .select({ id: menus.id })
    .from(menus)
    .where(or(...prefixes.map((p) => like(menus.permission, `${p}%`))));
  if (granted.length > 0)
    await db.insert(roleMenus).values(granted.map((m) => ({ roleId: role.id, menuId: m.id })));
  return granted.length;
}

/**
 * A tenant for the CRM API tests: an administrator (全部), members with 仅本人 and 本部门 roles
 * holding the buttons of `prefixes`, a member without them, and an administrator of another
 * tenant.
 */
export type CrmTeam = {
  admin: TestUser;
  outsider: TestUser;
  /** 仅本人, 销售部 */
  selfOnly: TestUser;
  /** 仅本人, 销售部 */
  colleague: TestUser;
  /** 本部门, 销售部 */
  deptLead: TestUser;
  /** 仅本人, 市场部 */
  marketer: TestUser;
  /** A member whose role grants none of the buttons. */
  noPerm: TestUser;
  /** How many menus the 仅本人 role was given. */
  grantedMenus: number;
};

export async function seedCrmTeam(
  prefixes: readonly string[] = CRM_PERMISSIONS,
  rolePrefix = 'crm',
): Promise<CrmTeam> {
  const tag = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
  const admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  const outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
  const self = `${rolePrefix}_self_${tag}`;
  const dept = `${rolePrefix}_dept_${tag}`;
  const none = `${rolePrefix}_none_${tag}`;
  const grantedMenus = await scopedRole(self, 5, prefixes);
  await scopedRole(dept, 3, prefixes);
  await scopedRole(none, 5, []);
  const tenantId = admin.tenantId!;
  const selfOnly = await createTestUser({ tenantId, roleCodes: [self] });
  const colleague = await createTestUser({ tenantId, roleCodes: [self] });
  const deptLead = await createTestUser({ tenantId, roleCodes: [dept] });
  const marketer = await createTestUser({ tenantId, roleCodes: [self] });
  const noPerm = await createTestUser({ tenantId, roleCodes: [none] });
  const db = getDb();
  const [sales] = await db
    .insert(departments)
    .values({ tenantId, name: '销售部' })
    .returning({ id: departments.id });
  const [market] = await db
    .insert(departments)
    .values({ tenantId, name: '市场部' })
    .returning({ id: departments.id });
  for (const u of [selfOnly, colleague, deptLead])
    await db.update(users).set({ deptId: sales.id }).where(eq(users.id, u.userId));
  await db.update(users).set({ deptId: market.id }).where(eq(users.id, marketer.userId));
  return { admin, outsider, selfOnly, colleague, deptLead, marketer, noPerm, grantedMenus };
}
