import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { CODE_GROUP_KEYS, CODE_GROUP_MESSAGES as M } from './code-group.constants';

const tags = ['代码组'];

/** Who may change a tenant's code groups (tenant administrators by default). */
export const CODE_GROUP_EDIT_PERMISSION = 'szjk:code-group:update';

const group = z.enum(CODE_GROUP_KEYS, { error: M.groupInvalid });
const code = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .max(20, M.codeTooLong);
const label = z
  .string({ error: M.labelRequired })
  .trim()
  .min(1, M.labelRequired)
  .max(20, M.labelTooLong);

export const codeValueSchema = z.object({
  code: z.string(),
  label: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** A platform default: can be renamed and disabled, never deleted. */
  builtIn: z.boolean(),
});
export type CodeValue = z.infer<typeof codeValueSchema>;

export const codeGroupViewSchema = z.object({
  key: z.enum(CODE_GROUP_KEYS),
  name: z.string(),
  usedBy: z.string(),
  mode: z.enum(['strict', 'suggest']),
  /** The tenant still uses the platform defaults (no edit yet). */
  isDefault: z.boolean(),
  values: z.array(codeValueSchema),
});
export type CodeGroupView = z.infer<typeof codeGroupViewSchema>;

export const listCodeGroups = defineContract({
  method: 'GET',
  path: '/szjk/code-group/list',
  summary: '代码组及其值（本企业；停用的值也返回，供旧记录显示名称）',
  tags,
  access: 'tenant',
  response: z.array(codeGroupViewSchema),
});

export const createCodeValue = defineContract({
  method: 'POST',
  path: '/szjk/code-group/create-value',
  summary: '新增代码组的值（编码不填时与名称相同）',
  tags,
  access: 'tenant',
  permission: CODE_GROUP_EDIT_PERMISSION,
  body: z.object({
    group,
    label,
    code: z.preprocess((v) => (v === '' || v === null ? undefined : v), code.optional()),
  }),
  response: codeValueSchema,
});

export const updateCodeValue = defineContract({
  method: 'PUT',
  path: '/szjk/code-group/update-value',
  summary: '修改代码组的值：名称、启用（编码不变，已有记录随之显示新名称）',
  tags,
  access: 'tenant',
  permission: CODE_GROUP_EDIT_PERMISSION,
  body: z.object({ group, code, label: label.optional(), enabled: z.boolean().optional() }),
  response: z.boolean(),
});

export const sortCodeValues = defineContract({
  method: 'PUT',
  path: '/szjk/code-group/sort',
  summary: '调整代码组的值的顺序（该组全部编码，按新顺序）',
  tags,
  access: 'tenant',
  permission: CODE_GROUP_EDIT_PERMISSION,
  body: z.object({
    group,
    codes: z.array(code, { error: M.codesRequired }).min(1, M.codesRequired).max(100),
  }),
  response: z.boolean(),
});

export const deleteCodeValue = defineContract({
  method: 'DELETE',
  path: '/szjk/code-group/delete-value',
  summary: '删除代码组的值（系统预置或已被使用的值不能删除，只能停用）',
  tags,
  access: 'tenant',
  permission: CODE_GROUP_EDIT_PERMISSION,
  query: z.object({ group, code }),
  response: z.boolean(),
});
