import 'server-only';
import { and, eq, inArray, isNotNull, or, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform';
import { menus, roleMenus, roles, userRoles } from '@/db/schema';
import { ALL_PERMISSIONS, BUILT_IN_ROLES, DEFAULT_ROLE } from '@/lib/shared/auth/permission';

export type UserAccess = {
  /** Role codes; ROLE_DEFAULT when the user has none (spec 4.1). */
  roles: string[];
  roleIds: number[];
  permissions: string[];
};

/** Roles of a user within its tenant (built-in roles have tenant_id null) and the permissions they grant. */
export async function loadUserAccess(userId: number, tenantId: number | null): Promise<UserAccess> {
  const db = getDb();
  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, userId),
        tenantId === null
          ? isNull(roles.tenantId)
          : or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
      ),
    );
  if (roleRows.length === 0) return { roles: [DEFAULT_ROLE], roleIds: [], permissions: [] };
  const codes = roleRows.map((r) => r.code);
  if (codes.includes(BUILT_IN_ROLES.superAdmin.code)) {
    return { roles: codes, roleIds: roleRows.map((r) => r.id), permissions: [ALL_PERMISSIONS] };
  }
  const permRows = await db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(
      and(
        inArray(
          roleMenus.roleId,
          roleRows.map((r) => r.id),
        ),
        isNotNull(menus.permission),
      ),
    );
  const permissions = permRows
    .map((r) => r.permission)
    .filter((p): p is string => !!p && p.length > 0);
  return { roles: codes, roleIds: roleRows.map((r) => r.id), permissions };
}
