import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import {
  SAVED_VIEW_LIST_KEYS,
  SAVED_VIEW_MESSAGES as M,
  SAVED_VIEW_NAME_MAX,
} from './saved-view.constants';

const tags = ['列表视图'];
const id = z.coerce.number().int().positive();

export const listKeySchema = z.enum(SAVED_VIEW_LIST_KEYS, { error: M.listKeyInvalid });
const nameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(SAVED_VIEW_NAME_MAX, M.nameTooLong);

export const savedViewSchema = z.object({
  id: z.number().int(),
  listKey: z.string(),
  name: z.string(),
  /** The list's state (filters, sort, columns, page size), as validated for its list. */
  state: z.unknown(),
  shared: z.boolean(),
  isDefault: z.boolean(),
  /** The caller's own view (may edit, share, delete); false for a colleague's shared view. */
  mine: z.boolean(),
  ownerName: z.string().nullable(),
  createTime: epochMs,
  updateTime: epochMs,
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewCreateSchema = z.object({
  listKey: listKeySchema,
  name: nameSchema,
  state: z.unknown(),
  shared: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});
export type SavedViewCreate = z.output<typeof savedViewCreateSchema>;

export const savedViewUpdateSchema = z
  .object({
    id,
    /** Rename. */
    name: nameSchema.optional(),
    /** Overwrite with the list's current state. */
    state: z.unknown().optional(),
    shared: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.state !== undefined || v.shared !== undefined, {
    message: M.nothingToUpdate,
    path: ['name'],
  });
export type SavedViewUpdate = z.output<typeof savedViewUpdateSchema>;

export const listSavedViews = defineContract({
  method: 'GET',
  path: '/szjk/list-view/list',
  summary: '列表的已保存视图：自己的视图 + 同事共享的视图（本企业）',
  tags,
  access: 'tenant',
  query: z.object({ listKey: listKeySchema }),
  response: z.array(savedViewSchema),
});

export const createSavedView = defineContract({
  method: 'POST',
  path: '/szjk/list-view/create',
  summary:
    '保存视图（名称每人每个列表唯一，最多 20 个；state 按列表校验，最多 4 KB），data 为视图编号',
  tags,
  access: 'tenant',
  body: savedViewCreateSchema,
  response: z.number().int(),
});

export const updateSavedView = defineContract({
  method: 'PUT',
  path: '/szjk/list-view/update',
  summary: '修改自己的视图：重命名、覆盖内容、共享或取消共享',
  tags,
  access: 'tenant',
  body: savedViewUpdateSchema,
  response: z.boolean(),
});

export const deleteSavedView = defineContract({
  method: 'DELETE',
  path: '/szjk/list-view/delete',
  summary: '删除自己的视图',
  tags,
  access: 'tenant',
  query: z.object({ id }),
  response: z.boolean(),
});

export const setDefaultSavedView = defineContract({
  method: 'PUT',
  path: '/szjk/list-view/set-default',
  summary: '设为默认视图（打开列表时应用）；id 为空则取消该列表的默认视图',
  tags,
  access: 'tenant',
  body: z.object({ listKey: listKeySchema, id: id.nullable() }),
  response: z.boolean(),
});
