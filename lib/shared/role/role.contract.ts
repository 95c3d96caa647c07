import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';

const tags = ['角色管理'];

const DATA_SCOPES = [1, 2, 3, 4, 5] as const;

const idQuery = z.object({ id: z.coerce.number().int().positive() });

/** Name, code, sort and remark of a custom role (create and update). */
export const roleBodySchema = z.object({
  name: z.string().trim().min(1, '请输入角色名称').max(30, '角色名称最多 30 个字符'),
  /**
   * Optional (issue 28 item 7: a developer's code was a required field): empty or absent, a new
   * role gets a generated one (role_xxxxxx) and an edited role keeps its own.
   */
  code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(50)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色标识只能包含字母、数字和下划线，且以字母开头')
      .optional(),
  ),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  remark: z.string().trim().max(200).optional().nullable(),
});
export type RoleBody = z.output<typeof roleBodySchema>;

/** A role as the role management page shows it. */
export const roleViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** Built-in roles (and every platform-wide role) cannot be edited or deleted. */
  builtIn: z.boolean(),
  /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
  dataScope: z.number().int(),
  sort: z.number().int(),
  remark: z.string(),
  /** Always 0 (enabled). */
  status: z.number().int(),
  /** 1 built-in (platform-wide), 2 the tenant's own. */
  type: z.number().int(),
  /** Departments of data scope 2 (指定部门); empty for the other scopes. */
  dataScopeDeptIds: z.array(z.number().int()),
  /** Members of this enterprise holding the role. */
  memberCount: z.number().int(),
  createTime: epochMs,
});
export type RoleView = z.infer<typeof roleViewSchema>;

export const roleSimpleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  builtIn: z.boolean(),
});
export type RoleSimple = z.infer<typeof roleSimpleSchema>;

/** A menu, page or button the caller may hand out to a role. */
export const menuSimpleSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  /** 1 directory, 2 page, 3 button. */
  type: z.number().int(),
  permission: z.string().optional(),
});
export type MenuSimple = z.infer<typeof menuSimpleSchema>;

export const roleDataScopeSchema = z.object({
  dataScope: z.number().int(),
  roles: z.array(z.object({ code: z.string(), dataScope: z.number().int() })),
});
export type RoleDataScope = z.infer<typeof roleDataScopeSchema>;

export const getRolePage = defineContract({
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
  response: pageResponse(roleViewSchema),
});

export const listAllSimpleRoles = defineContract({
  method: 'GET',
  path: '/system/role/list-all-simple',
  summary: '可分配的角色（精简）',
  tags,
  access: 'tenant',
  permission: 'system:role:query',
  response: z.array(roleSimpleSchema),
});

export const getRole = defineContract({
  method: 'GET',
  path: '/system/role/get',
  summary: '角色详情',
  tags,
  access: 'tenant',
  permission: 'system:role:query',
  query: idQuery,
  response: roleViewSchema,
});

export const createRole = defineContract({
  method: 'POST',
  path: '/system/role/create',
  summary: '新建本企业自定义角色，data 为角色编号',
  tags,
  access: 'tenant',
  permission: 'system:role:create',
  body: roleBodySchema,
  response: z.number().int(),
});

export const updateRole = defineContract({
  method: 'PUT',
  path: '/system/role/update',
  summary: '修改自定义角色（内置角色不可修改）',
  tags,
  access: 'tenant',
  permission: 'system:role:update',
  body: roleBodySchema.extend({ id: z.coerce.number().int().positive() }),
  response: z.boolean(),
});

export const deleteRole = defineContract({
  method: 'DELETE',
  path: '/system/role/delete',
  summary: '删除自定义角色（内置角色不可删除）；持有该角色的成员需重新登录',
  tags,
  access: 'tenant',
  permission: 'system:role:delete',
  query: idQuery,
  response: z.boolean(),
});

export const listRoleMenus = defineContract({
  method: 'GET',
  path: '/system/permission/list-role-menus',
  summary: '角色拥有的菜单编号',
  tags,
  access: 'tenant',
  permission: 'system:role:query',
  query: z.object({ roleId: z.coerce.number().int().positive() }),
  response: z.array(z.number().int()),
});

export const assignRoleMenu = defineContract({
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
});

export const assignRoleDataScope = defineContract({
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
    /** Required (non-empty) for dataScope 2; departments of this enterprise. */
    dataScopeDeptIds: z.array(z.coerce.number().int().positive()).max(200).optional(),
  }),
  response: z.boolean(),
});

export const getRoleDataScope = defineContract({
  method: 'GET',
  path: '/szjk/permission/get-role-data-scope',
  summary:
    '当前用户的数据范围（1 全部，2 自定义部门，3 本部门，4 本部门及以下，5 仅本人；多角色取最宽）',
  tags,
  access: 'tenant',
  response: roleDataScopeSchema,
});

export const listAllSimpleMenus = defineContract({
  method: 'GET',
  path: '/system/menu/list-all-simple',
  summary: '可分配给角色的菜单、页面与按钮（持有全部权限时为全部，否则为自己拥有的）',
  tags,
  access: 'tenant',
  permission: 'system:role:query',
  response: z.array(menuSimpleSchema),
});
