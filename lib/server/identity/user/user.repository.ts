import 'server-only';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/server/platform/proxy-door';
import { roles, userRoles, users } from '@/db/schema';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';

export type UserRow = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** Role codes that administer a tenant (spec 6: super administrator and tenant_admin). */
export const TENANT_ADMIN_ROLE_CODES: readonly string[] = [
  BUILT_IN_ROLES.admin.code,
  BUILT_IN_ROLES.tenantAdmin.code,
  BUILT_IN_ROLES.superAdmin.code,
];

export function isTenantAdmin(roleCodes: readonly string[]): boolean {
  return roleCodes.some((c) => TENANT_ADMIN_ROLE_CODES.includes(c));
}

export async function findActiveUserById(
  id: number,
  db: DbOrTx = getDb(),
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findActiveUserByMobile(
  mobile: string,
  db: DbOrTx = getDb(),
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Password login accepts the account name or the phone number. */
export async function findActiveUserByLogin(login: string): Promise<UserRow | null> {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(and(or(eq(users.username, login), eq(users.mobile, login)), isNull(users.deletedAt)))
    .orderBy(sql`case when ${users.username} = ${login} then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

/** Ids of the platform-wide built-in roles (tenant_id null), by code. */
export async function builtInRoleIds(
  codes: readonly string[],
  db: DbOrTx = getDb(),
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(and(isNull(roles.tenantId), inArray(roles.code, [...codes])));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Gives a user built-in roles (missing ones are created, so a bare database still works). */
export async function grantBuiltInRoles(
  userId: number,
  codes: readonly string[],
  db: DbOrTx = getDb(),
): Promise<void> {
  const ids = await builtInRoleIds(codes, db);
  for (const code of codes) {
    let id = ids.get(code);
    if (id === undefined) {
      const def = Object.values(BUILT_IN_ROLES).find((r) => r.code === code);
      const [created] = await db
        .insert(roles)
        .values({ code, name: def?.name ?? code, builtIn: true })
        .returning({ id: roles.id });
      id = created.id;
    }
    await db.insert(userRoles).values({ userId, roleId: id }).onConflictDoNothing();
  }
}

/** Users of a tenant holding any of the given role codes (e.g. its administrators). */
export async function tenantUsersWithRoles(
  tenantId: number,
  codes: readonly string[],
  db: DbOrTx = getDb(),
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(users.tenantId, tenantId), isNull(users.deletedAt), inArray(roles.code, [...codes])),
    );
  return rows.map((r) => r.id);
}

/** Role codes of a user (built-in and its tenant's custom roles). */
export async function userRoleCodes(userId: number, db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}
