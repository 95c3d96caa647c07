import 'server-only';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { getDb, partnerPlatforms } from '@/lib/server/platform';
import { withPartnerPages } from '@/lib/shared/partner/partner-menu';
import { menus, roleMenus, roles } from '@/db/schema';
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { isBuiltPage } from '@/lib/shared/routes';

type MenuRow = typeof menus.$inferSelect;

function toTree(rows: MenuRow[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      path: r.path ?? '',
      icon: r.icon ?? '',
      component: r.component ?? '',
      componentName: r.componentName ?? '',
      // Not-yet-built pages stay in the tree but hidden, so no menu entry leads to a 404.
      visible: r.visible && isBuiltPage(r.path),
      clickable: r.clickable,
      keepAlive: r.keepAlive,
      platform: r.platform,
      badge: r.badge ?? null,
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id)!;
    const parent = byId.get(r.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/**
 * The menu tree (directories and pages, not buttons) a user's roles may see. Users without a role
 * (ROLE_DEFAULT) get the ordinary employee's menus.
 */
export async function loadMenuTree(
  roleCodes: string[],
  permissions: string[],
  tenantId: number | null = null,
): Promise<MenuItem[]> {
  const tree = await loadSeededMenuTree(roleCodes, permissions, tenantId);
  return withPartnerPages(
    tree,
    partnerPlatforms().flatMap((p) => p.pages),
  );
}

async function loadSeededMenuTree(
  roleCodes: string[],
  permissions: string[],
  tenantId: number | null,
): Promise<MenuItem[]> {
  const db = getDb();
  const pageTypes = lt(menus.type, 3);
  if (permissions.includes(ALL_PERMISSIONS)) {
    return toTree(
      await db.select().from(menus).where(pageTypes).orderBy(asc(menus.sort), asc(menus.id)),
    );
  }
  const codes = roleCodes.filter((c) => c !== 'ROLE_DEFAULT');
  const roleRows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      codes.length > 0
        ? // Role codes are unique per tenant only: another tenant's custom role of the same code
          // must not lend its menus.
          and(
            inArray(roles.code, codes),
            tenantId === null
              ? isNull(roles.tenantId)
              : or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
          )
        : and(eq(roles.code, BUILT_IN_ROLES.employee.code), isNull(roles.tenantId)),
    );
  if (roleRows.length === 0) return [];
  const rows = await db
    .selectDistinct({ menu: menus })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .where(
      and(
        pageTypes,
        inArray(
          roleMenus.roleId,
          roleRows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(menus.sort), asc(menus.id));
  return toTree(rows.map((r) => r.menu));
}
