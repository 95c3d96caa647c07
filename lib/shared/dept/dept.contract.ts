import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';

const tags = ['部门管理'];

/** Deepest level of the department tree (a top department is level 1). */
export const DEPT_MAX_DEPTH = 5;
/** Most departments one tenant may have. */
export const DEPT_MAX_COUNT = 200;

export const deptNameSchema = z
  .string()
  .trim()
  .min(1, '请输入部门名称')
  .max(30, '部门名称最多 30 个字符');

/** A department as the tree and the member page show it. */
export const deptViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for a top department. */
  parentId: z.number().int(),
  sort: z.number().int(),
  /** Members placed directly in this department (not its children). */
  memberCount: z.number().int(),
  createTime: epochMs,
});
export type DeptView = z.infer<typeof deptViewSchema>;

export const deptCreateBodySchema = z.object({
  name: deptNameSchema,
  parentId: z.coerce.number().int().min(0).default(0),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type DeptCreateBody = z.output<typeof deptCreateBodySchema>;

export const deptUpdateBodySchema = deptCreateBodySchema.extend({
  id: z.coerce.number().int().positive(),
});
export type DeptUpdateBody = z.output<typeof deptUpdateBodySchema>;

export const listDepts = defineContract({
  method: 'GET',
  path: '/system/dept/list',
  summary: '本企业部门（平铺，按排序、编号）',
  tags,
  access: 'tenant',
  permission: 'system:dept:query',
  response: z.array(deptViewSchema),
});

export const createDept = defineContract({
  method: 'POST',
  path: '/system/dept/create',
  summary: '新建部门（最多 5 级、200 个），data 为部门编号',
  tags,
  access: 'tenant',
  permission: 'system:dept:create',
  body: deptCreateBodySchema,
  response: z.number().int(),
});

export const updateDept = defineContract({
  method: 'PUT',
  path: '/system/dept/update',
  summary: '修改部门名称、上级部门（不能移到自身或下级之下）与排序',
  tags,
  access: 'tenant',
  permission: 'system:dept:update',
  body: deptUpdateBodySchema,
  response: z.boolean(),
});

export const deleteDept = defineContract({
  method: 'DELETE',
  path: '/system/dept/delete',
  summary: '删除部门（须无成员、无下级部门）',
  tags,
  access: 'tenant',
  permission: 'system:dept:delete',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.boolean(),
});
