import 'server-only';
import { and, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { departments, roleDepts, roles, userRoles, users } from '@/db/schema';
import { apiError, getDb } from '@/lib/server/platform';
import type { DbOrTx } from '../user/user.repository';
import { unionScopes, type OwnerScope } from './scope-union';

export { DATA_SCOPE, subtreeIds, unionScopes, type OwnerScope } from './scope-union';

/** Who is asking: a member of a tenant. */
export type ScopeActor = { userId: number; tenantId: number };

/**
 * The caller's data scope, read afresh on every call (a role or department change applies to the
 * next request; nothing is cached across requests).
 */
export async function ownerScope(actor: ScopeActor, db: DbOrTx = getDb()): Promise<OwnerScope> {
  const [me] = await db
    .select({ deptId: users.deptId })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.tenantId, actor.tenantId)))
    .limit(1);
  const roleRows = await db
    .select({ id: roles.id, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, actor.userId),
        or(isNull(roles.tenantId), eq(roles.tenantId, actor.tenantId)),
      ),
    );
  if (roleRows.some((r) => r.dataScope === 1)) return { kind: 'all' };
  const custom = roleRows.filter((r) => r.dataScope === 2).map((r) => r.id);
  const [deptRows, roleDeptRows] = await Promise.all([
    db
      .select({ id: departments.id, parentId: departments.parentId })
      .from(departments)
      .where(eq(departments.tenantId, actor.tenantId)),
    custom.length
      ? db
          .select({ roleId: roleDepts.roleId, deptId: roleDepts.deptId })
          .from(roleDepts)
          .where(inArray(roleDepts.roleId, custom))
      : Promise.resolve([] as { roleId: number; deptId: number }[]),
  ]);
  return unionScopes(
    { ...actor, deptId: me?.deptId ?? null },
    roleRows.map((r) => ({
      dataScope: r.dataScope,
      deptIds: roleDeptRows.filter((d) => d.roleId === r.id).map((d) => d.deptId),
    })),
    deptRows,
  );
}

/**
 * A predicate on a column holding the owner's user id: undefined for 'all' (no restriction),
 * else "owned by the caller or by a member of the tenant in one of the scope's departments".
 */
export function scopePredicate(column: AnyColumn | SQL, scope: OwnerScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.deptIds.length === 0) return sql`${column} = ${scope.self}`;
  return sql`(${column} = ${scope.self} or ${column} in (select ${users.id} from ${users} where ${users.tenantId} = ${scope.tenantId} and ${users.deptId} = any(${sql.param(scope.deptIds)}::bigint[])))`;
}

/** A single object owned by `ownerId`: 404 when the caller's scope does not reach it. */
export async function assertInScope(
  scope: OwnerScope,
  ownerId: number | null,
  db: DbOrTx = getDb(),
): Promise<void> {
  if (scope.kind === 'all') return;
  if (ownerId === scope.self) return;
  if (ownerId === null || scope.deptIds.length === 0) throw apiError('NOT_FOUND');
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, ownerId),
        eq(users.tenantId, scope.tenantId),
        sql`${users.deptId} = any(${sql.param(scope.deptIds)}::bigint[])`,
      ),
    )
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
}
