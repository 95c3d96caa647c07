import { eq, or, like } from 'drizzle-orm';
import { departments, menus, roleMenus, roles, users } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * A tenant for the customer and opportunity API tests: an administrator (全部), members with
 * 仅本人 and 本部门 roles holding the lead, customer and opportunity buttons, a member without
 * them, and an administrator of another tenant.
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
  /** A member whose role grants none of the CRM buttons. */
  noPerm: TestUser;
};

export const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function role(code: string, dataScope: number, withCrm: boolean): Promise<void> {
  const db = getDb();
  const [r] = await db
    .insert(roles)
    .values({ code, name: code, dataScope, builtIn: false })
    .returning({ id: roles.id });
  if (!withCrm) return;
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(
      or(
        like(menus.permission, 'szjk:clue:%'),
        like(menus.permission, 'szjk:customer:%'),
        like(menus.permission, 'szjk:opportunity:%'),
      ),
    );
  await db.insert(roleMenus).values(rows.map((m) => ({ roleId: r.id, menuId: m.id })));
}

export async function seedCrmTeam(): Promise<CrmTeam> {
  const tag = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
  const admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 3,
  });
  const outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
  await role(`crm_self_${tag}`, 5, true);
  await role(`crm_dept_${tag}`, 3, true);
  await role(`crm_none_${tag}`, 5, false);
  const tenantId = admin.tenantId!;
  const selfOnly = await createTestUser({ tenantId, roleCodes: [`crm_self_${tag}`] });
  const colleague = await createTestUser({ tenantId, roleCodes: [`crm_self_${tag}`] });
  const deptLead = await createTestUser({ tenantId, roleCodes: [`crm_dept_${tag}`] });
  const marketer = await createTestUser({ tenantId, roleCodes: [`crm_self_${tag}`] });
  const noPerm = await createTestUser({ tenantId, roleCodes: [`crm_none_${tag}`] });
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
  return { admin, outsider, selfOnly, colleague, deptLead, marketer, noPerm };
}
