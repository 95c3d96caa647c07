import { getDb } from '@/lib/server/platform/db';
import { menus, roleMenus, roles, userRoles } from '@/db/schema';
import { callApi, createTestUser } from '@/test/helpers/api';
import type { MenuItem } from '@/lib/shared/menu/menu-types';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((m) => [m, ...flatten(m.children)]);
}

describe('GET /system/auth/list-menus', () => {
  it("does not lend another tenant's custom role menus through a shared role code", async () => {
    const db = getDb();
    const owner = await createTestUser({ roleCodes: ['employee'] });
    const other = await createTestUser({ roleCodes: ['employee'] });
    // Tenant A has a custom role "sales" that sees a private menu.
    const [menu] = await db
      .insert(menus)
      .values({ name: '甲企业私有菜单', type: 2, path: '/private-a', sort: 1 })
      .returning({ id: menus.id });
    const [roleA] = await db
      .insert(roles)
      .values({ tenantId: owner.tenantId, code: 'sales', name: '销售' })
      .returning({ id: roles.id });
    await db.insert(roleMenus).values({ roleId: roleA.id, menuId: menu.id });
    // Tenant B has its own "sales" role without that menu.
    const [roleB] = await db
      .insert(roles)
      .values({ tenantId: other.tenantId, code: 'sales', name: '销售' })
      .returning({ id: roles.id });
    await db.insert(userRoles).values({ userId: other.userId, roleId: roleB.id });
    await db.insert(userRoles).values({ userId: owner.userId, roleId: roleA.id });

    const mine = await callApi<MenuItem[]>('GET', '/system/auth/list-menus', {
      token: owner.accessToken,
      tenantId: owner.tenantId,
    });
    expect(mine.code).toBe(200);
    expect(flatten(mine.data).some((m) => m.id === menu.id)).toBe(true);

    const theirs = await callApi<MenuItem[]>('GET', '/system/auth/list-menus', {
      token: other.accessToken,
      tenantId: other.tenantId,
    });
    expect(theirs.code).toBe(200);
    expect(flatten(theirs.data).some((m) => m.id === menu.id)).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const res = await callApi('GET', '/system/auth/list-menus');
    expect(res.code).toBe(401);
  });
});
