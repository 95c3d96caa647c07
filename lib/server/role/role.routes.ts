import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { getDb } from '../db';
import { menus, roleMenus, roles, userRoles } from '@/db/schema';
import { loadUserAccess } from '../permission/permission.service';
import { audit } from '../track/audit.service';
import { endSessions } from '../user/profile.service';

const tags = ['角色管理'];
type RoleRow = typeof roles.$inferSelect;

const BUILT_IN_CODES: readonly string[] = Object.values(BUILT_IN_ROLES).map((r) => r.code);

/** A role the caller's tenant can see: the built-ins (never super_admin for tenants) and its own. */
async function visibleRole(
  id: number,
  tenantId: number,
  callerRoles: readonly string[],
): Promise<RoleRow> {
  const [row] = await getDb()
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
    .limit(1);
  if (!row) throw apiError('ROLE_NOT_EXISTS');
  if (
    row.code === BUILT_IN_ROLES.superAdmin.code &&
    !callerRoles.includes(BUILT_IN_ROLES.superAdmin.code)
  )
    throw apiError('ROLE_NOT_EXISTS');
  return row;
}

/** Built-in roles (spec 6: the four named in setup) cannot be edited or deleted. */
async function editableRole(
  id: number,
  tenantId: number,
  callerRoles: readonly string[],
): Promise<RoleRow> {
  const row = await visibleRole(id, tenantId, callerRoles);
  if (row.builtIn || row.tenantId === null || BUILT_IN_CODES.includes(row.code))
    throw apiError('ROLE_BUILT_IN_CANNOT_EDIT');
  return row;
}

async function assertUnique(
  tenantId: number,
  name: string,
  code: string,
  exceptId?: number,
): Promise<void> {
  if (BUILT_IN_CODES.includes(code)) throw apiError('ROLE_CODE_DUPLICATE', { code });
  const rows = await getDb()
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(roles)
    .where(
      and(
        or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
        or(eq(roles.name, name), eq(roles.code, code)),
      ),
    );
  for (const r of rows) {
    if (r.id === exceptId) continue;
    if (r.name === name) throw apiError('ROLE_NAME_DUPLICATE', { name });
    throw apiError('ROLE_CODE_DUPLICATE', { code });
  }
}

function view(r: RoleRow) {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    builtIn: r.builtIn || r.tenantId === null,
    dataScope: r.dataScope,
    sort: r.sort,
    remark: r.remark ?? '',
    status: 0,
    type: r.tenantId === null ? 1 : 2,
    createTime: r.createdAt.getTime(),
  };
}

const roleBody = z.object({
  name: z.string().trim().min(1, '请输入角色名称').max(30, '角色名称最多 30 个字符'),
  code: z
    .string()
    .trim()
    .min(1, '请输入角色标识')
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色标识只能包含字母、数字和下划线，且以字母开头'),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  remark: z.string().trim().max(200).optional().nullable(),
});

const DATA_SCOPES = [1, 2, 3, 4, 5] as const;

export const roleRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/role/page',
    summary: '角色分页（内置角色 + 本企业自定义角色）',
    tags,
    access: 'tenant',
    permission: 'system:role:query',
    query: z.object({
      pageNo: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
      name: z.string().trim().max(30).optional(),
    }),
    handler: async ({ auth, query }) => {
      const conditions = [or(isNull(roles.tenantId), eq(roles.tenantId, auth.tenantId))!];
      if (query.name)
        conditions.push(ilike(roles.name, `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = and(...conditions);
      const db = getDb();
      const all = await db
        .select()
        .from(roles)
        .where(where)
        .orderBy(asc(roles.sort), asc(roles.id));
      const visible = all.filter(
        (r) =>
          r.code !== BUILT_IN_ROLES.superAdmin.code ||
          auth.roles.includes(BUILT_IN_ROLES.superAdmin.code),
      );
      const start = (query.pageNo - 1) * query.pageSize;
      return {
        total: visible.length,
        list: visible.slice(start, start + query.pageSize).map(view),
      };
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/role/list-all-simple',
    summary: '可分配的角色（精简）',
    tags,
    access: 'tenant',
    permission: 'system:role:query',
    handler: async ({ auth }) => {
      const rows = await getDb()
        .select()
        .from(roles)
        .where(or(isNull(roles.tenantId), eq(roles.tenantId, auth.tenantId)))
        .orderBy(asc(roles.sort), asc(roles.id));
      return rows
        .filter(
          (r) =>
            r.code !== BUILT_IN_ROLES.superAdmin.code ||
            auth.roles.includes(BUILT_IN_ROLES.superAdmin.code),
        )
        .map((r) => ({
          id: r.id,
          name: r.name,
          code: r.code,
          builtIn: r.builtIn || r.tenantId === null,
        }));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/role/get',
    summary: '角色详情',
    tags,
    access: 'tenant',
    permission: 'system:role:query',
    query: z.object({ id: z.coerce.number().int().positive() }),
    handler: async ({ auth, query }) =>
      view(await visibleRole(query.id, auth.tenantId, auth.roles)),
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/role/create',
    summary: '新建本企业自定义角色',
    tags,
    access: 'tenant',
    permission: 'system:role:create',
    body: roleBody,
    response: z.number(),
    handler: async ({ auth, body, client }) => {
      await assertUnique(auth.tenantId, body.name, body.code);
      const [row] = await getDb()
        .insert(roles)
        .values({
          tenantId: auth.tenantId,
          name: body.name,
          code: body.code,
          sort: body.sort,
          remark: body.remark ?? null,
          builtIn: false,
          dataScope: 1,
        })
        .returning({ id: roles.id });
      await audit('role_created', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(row.id),
        client,
      });
      return row.id;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/role/update',
    summary: '修改自定义角色（内置角色不可修改）',
    tags,
    access: 'tenant',
    permission: 'system:role:update',
    body: roleBody.extend({ id: z.coerce.number().int().positive() }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      await editableRole(body.id, auth.tenantId, auth.roles);
      await assertUnique(auth.tenantId, body.name, body.code, body.id);
      await getDb()
        .update(roles)
        .set({ name: body.name, code: body.code, sort: body.sort, remark: body.remark ?? null })
        .where(eq(roles.id, body.id));
      await audit('role_updated', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.id),
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'DELETE',
    path: '/system/role/delete',
    summary: '删除自定义角色（内置角色不可删除）；持有该角色的成员需重新登录',
    tags,
    access: 'tenant',
    permission: 'system:role:delete',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.boolean(),
    handler: async ({ auth, query, client }) => {
      await editableRole(query.id, auth.tenantId, auth.roles);
      const holders = await getDb().transaction(async (tx) => {
        const held = await tx
          .delete(userRoles)
          .where(eq(userRoles.roleId, query.id))
          .returning({ userId: userRoles.userId });
        await tx.delete(roleMenus).where(eq(roleMenus.roleId, query.id));
        await tx.delete(roles).where(eq(roles.id, query.id));
        return held.map((h) => h.userId);
      });
      for (const userId of holders) await endSessions(userId, 'role', '您的角色已变更，请重新登录');
      await audit('role_deleted', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(query.id),
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/permission/list-role-menus',
    summary: '角色拥有的菜单编号',
    tags,
    access: 'tenant',
    permission: 'system:role:query',
    query: z.object({ roleId: z.coerce.number().int().positive() }),
    response: z.array(z.number()),
    handler: async ({ auth, query }) => {
      await visibleRole(query.roleId, auth.tenantId, auth.roles);
      const rows = await getDb()
        .select({ menuId: roleMenus.menuId })
        .from(roleMenus)
        .where(eq(roleMenus.roleId, query.roleId));
      return rows.map((r) => r.menuId);
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/permission/assign-role-menu',
    summary: '为自定义角色分配菜单与按钮权限（只能分配自己拥有的）',
    tags,
    access: 'tenant',
    permission: 'system:permission:assign-role-menu',
    body: z.object({
      roleId: z.coerce.number().int().positive(),
      menuIds: z.array(z.coerce.number().int().positive()).max(1000),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      await editableRole(body.roleId, auth.tenantId, auth.roles);
      const db = getDb();
      const menuIds = [...new Set(body.menuIds)];
      if (!auth.permissions.has(ALL_PERMISSIONS) && menuIds.length > 0) {
        const access = await loadUserAccess(auth.userId, auth.tenantId);
        const own = await db
          .selectDistinct({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(inArray(roleMenus.roleId, access.roleIds.length ? access.roleIds : [-1]));
        const ownSet = new Set(own.map((r) => r.menuId));
        if (menuIds.some((id) => !ownSet.has(id))) throw apiError('FORBIDDEN');
      }
      if (menuIds.length > 0) {
        const [{ n }] = await db
          .select({ n: count() })
          .from(menus)
          .where(inArray(menus.id, menuIds));
        if (Number(n) !== menuIds.length) throw apiError('NOT_FOUND');
      }
      await db.transaction(async (tx) => {
        await tx.delete(roleMenus).where(eq(roleMenus.roleId, body.roleId));
        if (menuIds.length > 0)
          await tx
            .insert(roleMenus)
            .values(menuIds.map((menuId) => ({ roleId: body.roleId, menuId })));
      });
      await audit('role_menus_assigned', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.roleId),
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/permission/assign-role-data-scope',
    summary: '修改自定义角色的数据范围（仅超级管理员 / super_admin）',
    tags,
    access: 'tenant',
    permission: 'system:permission:assign-role-data-scope',
    body: z.object({
      roleId: z.coerce.number().int().positive(),
      dataScope: z.coerce
        .number()
        .int()
        .refine((v) => (DATA_SCOPES as readonly number[]).includes(v), '数据范围取值 1-5'),
    }),
    response: z.boolean(),
    handler: async ({ auth, body }) => {
      // Spec 6: only the super administrator or super_admin may change the limit.
      if (
        !auth.roles.includes(BUILT_IN_ROLES.admin.code) &&
        !auth.roles.includes(BUILT_IN_ROLES.superAdmin.code)
      )
        throw apiError('FORBIDDEN');
      await editableRole(body.roleId, auth.tenantId, auth.roles);
      await getDb()
        .update(roles)
        .set({ dataScope: body.dataScope })
        .where(eq(roles.id, body.roleId));
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/szjk/permission/get-role-data-scope',
    summary:
      '当前用户的数据范围（1 全部，2 自定义部门，3 本部门，4 本部门及以下，5 仅本人；多角色取最宽）',
    tags,
    access: 'tenant',
    response: z.object({
      dataScope: z.number(),
      roles: z.array(z.object({ code: z.string(), dataScope: z.number() })),
    }),
    handler: async ({ auth }) => {
      const rows = await getDb()
        .select({ code: roles.code, dataScope: roles.dataScope })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          and(
            eq(userRoles.userId, auth.userId),
            or(isNull(roles.tenantId), eq(roles.tenantId, auth.tenantId)),
          ),
        );
      // Administrators see all; ordinary employees without a role row see only their own data.
      const scope = rows.length === 0 ? 5 : Math.min(...rows.map((r) => r.dataScope));
      return { dataScope: scope, roles: rows };
    },
  }),
];
