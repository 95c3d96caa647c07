import 'server-only';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb, ApiError, apiError, type ClientInfo, audit } from '@/lib/server/platform';
import { departments, roles, userRoles, users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { maskMobile } from '@/lib/shared/validation';
import type {
  MemberPageQuery,
  MemberView,
  SimpleMember,
  TenantAdminView,
} from '@/lib/shared/user/user.contract';
import { endSessions, reloginNotice } from '../auth/session-end';
import { isTenantAdmin, tenantUsersWithRoles, type DbOrTx } from './user.repository';
import { requireDept } from '../dept/dept.service';
import { writeRoles } from '../role/role.service';

export type { MemberView, SimpleMember, TenantAdminView };

/** The administrator acting on members of their enterprise. */
type TenantActor = { tenantId: number; userId: number; roles: readonly string[] };

async function memberOf(tenantId: number, userId: number) {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw apiError('USER_NOT_EXISTS');
  return row;
}

/** Roles a tenant may hand out: built-ins except the platform's super_admin, plus its own roles. */
async function assignableRoles(tenantId: number, callerRoles: readonly string[]) {
  const rows = await getDb()
    .select({ id: roles.id, code: roles.code, tenantId: roles.tenantId })
    .from(roles)
    .where(or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)));
  const platform = callerRoles.includes(BUILT_IN_ROLES.superAdmin.code);
  return rows.filter((r) => platform || r.code !== BUILT_IN_ROLES.superAdmin.code);
}

async function countAdmins(tenantId: number, db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${users.id})` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        isNull(users.deletedAt),
        inArray(roles.code, [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * `deptId` and, when asked, every department below it, as a recursive CTE over the tenant's tree
 * (the department must be the tenant's: 404 otherwise).
 */
async function deptFilter(tenantId: number, deptId: number, includeChildren: boolean) {
  await requireDept(tenantId, deptId);
  if (!includeChildren) return eq(users.deptId, deptId);
  return sql`${users.deptId} in (
    with recursive sub(id) as (
      select ${departments.id} from ${departments}
       where ${departments.id} = ${deptId} and ${departments.tenantId} = ${tenantId}
      union all
      select d.id from ${departments} d join sub on d.parent_id = sub.id
       where d.tenant_id = ${tenantId}
    ) select id from sub)`;
}

/** A role the tenant can see (built-in or its own), else 404. */
async function requireVisibleRole(tenantId: number, roleId: number): Promise<void> {
  const [row] = await getDb()
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
}

/**
 * Members of the enterprise, searched by nickname, phone or account name (phones masked), by
 * status, department (with its children unless told otherwise) and role.
 */
export async function memberPage(
  tenantId: number,
  query: MemberPageQuery,
): Promise<{ total: number; list: MemberView[] }> {
  const db = getDb();
  const conditions = [eq(users.tenantId, tenantId), isNull(users.deletedAt)];
  if (query.keyword) {
    const k = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(users.nickname, k), ilike(users.mobile, k), ilike(users.username, k))!,
    );
  }
  if (query.status !== undefined) conditions.push(eq(users.status, query.status));
  if (query.deptId !== undefined)
    conditions.push(await deptFilter(tenantId, query.deptId, query.includeChildren ?? true));
  if (query.roleId !== undefined) {
    await requireVisibleRole(tenantId, query.roleId);
    conditions.push(
      sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id = ${query.roleId})`,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ u: users, deptName: departments.name })
    .from(users)
    .leftJoin(
      departments,
      and(eq(departments.id, users.deptId), eq(departments.tenantId, users.tenantId)),
    )
    .where(where)
    .orderBy(asc(users.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const ids = rows.map((r) => r.u.id);
  const roleRows = ids.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name, code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
    : [];
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ u, deptName }) => ({
      id: u.id,
      username: u.username,
      nickname: u.nickname,
      mobile: maskMobile(u.mobile),
      avatar: u.avatar ?? '',
      status: u.status,
      // The department's name; the profile's free-text department is not the member's department.
      deptId: deptName === null ? null : u.deptId,
      deptName: deptName ?? '',
      roles: roleRows
        .filter((r) => r.userId === u.id)
        .map(({ id, name, code }) => ({ id, name, code })),
      loginDate: u.lastLoginAt?.getTime() ?? null,
      createTime: u.createdAt.getTime(),
    })),
  };
}

/** Role ids of a member of the enterprise. */
export async function memberRoleIds(tenantId: number, userId: number): Promise<number[]> {
  await memberOf(tenantId, userId);
  const rows = await getDb()
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

/**
 * Replaces a member's roles with assignable ones; the enterprise must keep an administrator.
 * The member signs in again.
 */
export async function assignMemberRoles(
  actor: TenantActor,
  input: { userId: number; roleIds: number[] },
  client: ClientInfo,
): Promise<boolean> {
  await memberOf(actor.tenantId, input.userId);
  return assignRolesToMembers(actor, { userIds: [input.userId], roleIds: input.roleIds }, client);
}

/** Replaces the roles of each member (bulk); the enterprise must keep an administrator. */
export async function assignRolesToMembers(
  actor: TenantActor,
  input: { userIds: number[]; roleIds: number[] },
  client: ClientInfo,
): Promise<true> {
  const userIds = [...new Set(input.userIds)];
  await membersOf(actor.tenantId, userIds);
  const allowed = await assignableRoles(actor.tenantId, actor.roles);
  const allowedIds = new Set(allowed.map((r) => r.id));
  if (input.roleIds.some((id) => !allowedIds.has(id))) throw apiError('ROLE_ASSIGN_FORBIDDEN');
  const roleIds = [...new Set(input.roleIds)];
  await writeRoles(actor.tenantId, async (tx) => {
    // Roles deleted meanwhile are refused, not silently assigned.
    if (roleIds.length > 0) {
      const [{ n }] = await tx.select({ n: count() }).from(roles).where(inArray(roles.id, roleIds));
      if (Number(n) !== roleIds.length) throw apiError('ROLE_NOT_EXISTS');
    }
    await tx.delete(userRoles).where(inArray(userRoles.userId, userIds));
    if (roleIds.length > 0) {
      await tx
        .insert(userRoles)
        .values(userIds.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId }))));
    }
    // The tenant must keep an administrator (the transaction rolls back otherwise).
    if ((await countAdmins(actor.tenantId, tx)) === 0) {
      throw new ApiError(ERRORS.ROLE_ASSIGN_FORBIDDEN.code, '企业至少需要保留一名管理员');
    }
  });
  for (const userId of userIds)
    await endSessions(userId, 'role', { notice: reloginNotice('您的角色已变更，请重新登录') });
  for (const userId of userIds)
    await audit('user_roles_assigned', {
      tenantId: actor.tenantId,
      userId: actor.userId,
      target: String(userId),
      detail: { roleIds },
      client,
    });
  return true;
}

/** Members of the enterprise among `ids` (404 when any is not one: another tenant's ids too). */
async function membersOf(tenantId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await getDb()
    .select()
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.tenantId, tenantId), isNull(users.deletedAt)));
  if (rows.length !== unique.length) throw apiError('NOT_FOUND');
  return rows;
}

/** Places members in a department of the enterprise, or in none (null). */
export async function setMembersDept(
  actor: TenantActor,
  input: { ids: number[]; deptId: number | null },
  client: ClientInfo,
): Promise<true> {
  await membersOf(actor.tenantId, input.ids);
  if (input.deptId !== null) await requireDept(actor.tenantId, input.deptId);
  await getDb()
    .update(users)
    .set({ deptId: input.deptId, updatedAt: sql`now()` })
    .where(and(inArray(users.id, [...new Set(input.ids)]), eq(users.tenantId, actor.tenantId)));
  await audit('user_dept', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: input.ids.join(',').slice(0, 200),
    detail: { deptId: input.deptId, n: input.ids.length },
    client,
  });
  return true;
}

/** Enables or disables several members; returns how many changed. Never the caller. */
export async function setMembersStatus(
  actor: TenantActor,
  input: { ids: number[]; status: 0 | 1 },
  client: ClientInfo,
): Promise<number> {
  if (input.ids.includes(actor.userId))
    throw new ApiError(ERRORS.BAD_REQUEST.code, '不能停用自己的账号');
  await membersOf(actor.tenantId, input.ids);
  const changed = await getDb()
    .update(users)
    .set({ status: input.status, updatedAt: sql`now()` })
    .where(
      and(
        inArray(users.id, [...new Set(input.ids)]),
        eq(users.tenantId, actor.tenantId),
        ne(users.status, input.status),
      ),
    )
    .returning({ id: users.id });
  if (input.status === 1)
    for (const { id } of changed)
      await endSessions(id, 'disabled', { notice: reloginNotice('账号已被停用') });
  for (const { id } of changed)
    await audit('user_status', {
      tenantId: actor.tenantId,
      userId: actor.userId,
      target: String(id),
      detail: { status: input.status },
      client,
    });
  return changed.length;
}

/** Enables (0) or disables (1) a member; disabling ends their sessions. */
export async function setMemberStatus(
  actor: TenantActor,
  input: { id: number; status: 0 | 1 },
  client: ClientInfo,
): Promise<boolean> {
  if (input.id === actor.userId) throw new ApiError(ERRORS.BAD_REQUEST.code, '不能停用自己的账号');
  await memberOf(actor.tenantId, input.id);
  await getDb()
    .update(users)
    .set({ status: input.status, updatedAt: sql`now()` })
    .where(eq(users.id, input.id));
  if (input.status === 1)
    await endSessions(input.id, 'disabled', { notice: reloginNotice('账号已被停用') });
  await audit('user_status', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(input.id),
    detail: { status: input.status },
    client,
  });
  return true;
}

/**
 * Takes a member out of the enterprise (the account stays and must bind an enterprise again).
 * Only an admin or the platform may remove another administrator.
 */
export async function removeMember(
  actor: TenantActor,
  memberId: number,
  client: ClientInfo,
): Promise<boolean> {
  if (memberId === actor.userId) throw new ApiError(ERRORS.BAD_REQUEST.code, '不能移除自己');
  const member = await memberOf(actor.tenantId, memberId);
  const memberRoles = await getDb()
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, member.id));
  if (
    isTenantAdmin(memberRoles.map((r) => r.code)) &&
    !actor.roles.includes(BUILT_IN_ROLES.admin.code) &&
    !actor.roles.includes(BUILT_IN_ROLES.superAdmin.code)
  ) {
    throw apiError('FORBIDDEN');
  }
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tenantId: null, deptId: null, updatedAt: sql`now()` })
      .where(eq(users.id, member.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, member.id));
  });
  await endSessions(member.id, 'removed', { notice: reloginNotice('您已被移出企业') });
  await audit('member_removed', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: String(member.id),
    client,
  });
  return true;
}

/**
 * Takes several members out of the enterprise; returns how many. Never the caller; administrators
 * only by an admin or the platform; the enterprise keeps an administrator.
 */
export async function removeMembers(
  actor: TenantActor,
  ids: number[],
  client: ClientInfo,
): Promise<number> {
  if (ids.includes(actor.userId)) throw new ApiError(ERRORS.BAD_REQUEST.code, '不能移除自己');
  const members = await membersOf(actor.tenantId, ids);
  const memberIds = members.map((m) => m.id);
  const roleRows = await getDb()
    .select({ userId: userRoles.userId, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, memberIds));
  const mayRemoveAdmins =
    actor.roles.includes(BUILT_IN_ROLES.admin.code) ||
    actor.roles.includes(BUILT_IN_ROLES.superAdmin.code);
  for (const id of memberIds) {
    const codes = roleRows.filter((r) => r.userId === id).map((r) => r.code);
    if (isTenantAdmin(codes) && !mayRemoveAdmins) throw apiError('FORBIDDEN');
  }
  await writeRoles(actor.tenantId, async (tx) => {
    await tx
      .update(users)
      .set({ tenantId: null, deptId: null, updatedAt: sql`now()` })
      .where(inArray(users.id, memberIds));
    await tx.delete(userRoles).where(inArray(userRoles.userId, memberIds));
    if ((await countAdmins(actor.tenantId, tx)) === 0)
      throw new ApiError(ERRORS.BAD_REQUEST.code, '企业至少需要保留一名管理员');
  });
  for (const id of memberIds) {
    await endSessions(id, 'removed', { notice: reloginNotice('您已被移出企业') });
    await audit('member_removed', {
      tenantId: actor.tenantId,
      userId: actor.userId,
      target: String(id),
      client,
    });
  }
  return memberIds.length;
}

/** The enterprise's administrators (phones masked), to ask one for a permission. */
export async function tenantAdmins(tenantId: number): Promise<TenantAdminView[]> {
  const ids = await tenantUsersWithRoles(tenantId, [
    BUILT_IN_ROLES.admin.code,
    BUILT_IN_ROLES.tenantAdmin.code,
  ]);
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: users.id, nickname: users.nickname, mobile: users.mobile })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ id: r.id, nickname: r.nickname, mobile: maskMobile(r.mobile) }));
}

/**
 * Active members of the enterprise, id and nickname only (at most 2000); of one department (and
 * those below it unless includeChildren is false) when deptId is given.
 */
export async function simpleMembers(
  tenantId: number,
  filter: { deptId?: number; includeChildren?: boolean } = {},
): Promise<SimpleMember[]> {
  const conditions = [eq(users.tenantId, tenantId), isNull(users.deletedAt), eq(users.status, 0)];
  if (filter.deptId !== undefined)
    conditions.push(await deptFilter(tenantId, filter.deptId, filter.includeChildren ?? true));
  return getDb()
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(2000);
}
