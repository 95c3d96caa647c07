import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { maskMobile } from '@/lib/shared/validation';
import { getDb } from '../db';
import { roles, userRoles, users } from '@/db/schema';
import { audit } from '../track/audit.service';
import { endSessions } from './profile.service';
import { isTenantAdmin, type DbOrTx } from './user.repository';

const tags = ['成员管理'];

const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

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

export const userAdminRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/user/page',
    summary: '本企业成员分页（昵称/手机号搜索）',
    tags,
    access: 'tenant',
    permission: 'system:user:query',
    query: pageQuery,
    handler: async ({ auth, query }) => {
      const db = getDb();
      const conditions = [eq(users.tenantId, auth.tenantId), isNull(users.deletedAt)];
      if (query.keyword) {
        const k = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(ilike(users.nickname, k), ilike(users.mobile, k), ilike(users.username, k))!,
        );
      }
      if (query.status !== undefined) conditions.push(eq(users.status, query.status));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize);
      const ids = rows.map((r) => r.id);
      const roleRows = ids.length
        ? await db
            .select({ userId: userRoles.userId, id: roles.id, name: roles.name, code: roles.code })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(inArray(userRoles.userId, ids))
        : [];
      return {
        total: Number(total?.n ?? 0),
        list: rows.map((u) => ({
          id: u.id,
          username: u.username,
          nickname: u.nickname,
          mobile: maskMobile(u.mobile),
          avatar: u.avatar ?? '',
          status: u.status,
          deptName: u.deptName ?? '',
          roles: roleRows
            .filter((r) => r.userId === u.id)
            .map(({ id, name, code }) => ({ id, name, code })),
          loginDate: u.lastLoginAt?.getTime() ?? null,
          createTime: u.createdAt.getTime(),
        })),
      };
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/permission/list-user-roles',
    summary: '成员的角色编号',
    tags,
    access: 'tenant',
    permission: 'system:user:query',
    query: z.object({ userId: z.coerce.number().int().positive() }),
    response: z.array(z.number()),
    handler: async ({ auth, query }) => {
      await memberOf(auth.tenantId, query.userId);
      const rows = await getDb()
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, query.userId));
      return rows.map((r) => r.roleId);
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/permission/assign-user-role',
    summary: '分配成员角色（管理员）；该成员需重新登录',
    tags,
    access: 'tenant',
    permission: 'system:permission:assign-user-role',
    body: z.object({
      userId: z.coerce.number().int().positive(),
      roleIds: z.array(z.coerce.number().int().positive()).max(20),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      await memberOf(auth.tenantId, body.userId);
      const allowed = await assignableRoles(auth.tenantId, auth.roles);
      const allowedIds = new Set(allowed.map((r) => r.id));
      if (body.roleIds.some((id) => !allowedIds.has(id))) throw apiError('ROLE_ASSIGN_FORBIDDEN');
      const db = getDb();
      await db.transaction(async (tx) => {
        await tx.delete(userRoles).where(eq(userRoles.userId, body.userId));
        if (body.roleIds.length > 0) {
          await tx
            .insert(userRoles)
            .values([...new Set(body.roleIds)].map((roleId) => ({ userId: body.userId, roleId })));
        }
        // The tenant must keep an administrator (the transaction rolls back otherwise).
        if ((await countAdmins(auth.tenantId, tx)) === 0) {
          throw new ApiError(ERRORS.ROLE_ASSIGN_FORBIDDEN.code, '企业至少需要保留一名管理员');
        }
      });
      await endSessions(body.userId, 'role', '您的角色已变更，请重新登录');
      await audit('user_roles_assigned', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.userId),
        detail: { roleIds: body.roleIds },
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/user/update-status',
    summary: '启用（0）或停用（1）成员；停用即下线',
    tags,
    access: 'tenant',
    permission: 'system:user:update',
    body: z.object({
      id: z.coerce.number().int().positive(),
      status: z.union([z.literal(0), z.literal(1)]),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      if (body.id === auth.userId)
        throw new ApiError(ERRORS.BAD_REQUEST.code, '不能停用自己的账号');
      await memberOf(auth.tenantId, body.id);
      await getDb()
        .update(users)
        .set({ status: body.status, updatedAt: sql`now()` })
        .where(eq(users.id, body.id));
      if (body.status === 1) await endSessions(body.id, 'disabled', '账号已被停用');
      await audit('user_status', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.id),
        detail: { status: body.status },
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: '/system/user/remove-member',
    summary: '将成员移出企业（其账号保留，需重新绑定企业）',
    tags,
    access: 'tenant',
    permission: 'system:user:delete',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.boolean(),
    handler: async ({ auth, query, client }) => {
      if (query.id === auth.userId) throw new ApiError(ERRORS.BAD_REQUEST.code, '不能移除自己');
      const member = await memberOf(auth.tenantId, query.id);
      const memberRoles = await getDb()
        .select({ code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, member.id));
      if (
        isTenantAdmin(memberRoles.map((r) => r.code)) &&
        !auth.roles.includes(BUILT_IN_ROLES.admin.code) &&
        !auth.roles.includes(BUILT_IN_ROLES.superAdmin.code)
      ) {
        throw apiError('FORBIDDEN');
      }
      await getDb().transaction(async (tx) => {
        await tx
          .update(users)
          .set({ tenantId: null, updatedAt: sql`now()` })
          .where(eq(users.id, member.id));
        await tx.delete(userRoles).where(eq(userRoles.userId, member.id));
      });
      await endSessions(member.id, 'removed', '您已被移出企业');
      await audit('member_removed', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(member.id),
        client,
      });
      return true;
    },
  }),
];
