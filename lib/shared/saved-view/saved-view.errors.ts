/**
 * Business failures of saved list views. A view of another tenant, or a colleague's view that is
 * not shared, answers the global 404 (its existence is not revealed).
 */
export const SAVED_VIEW_ERRORS = {
  NAME_EXISTS: { code: 1020090001, msg: '已有同名视图「{name}」' },
  LIMIT: { code: 1020090002, msg: '每个列表最多保存 {max} 个视图' },
  NOT_OWNER: { code: 1020090003, msg: '只能修改或删除自己创建的视图' },
} as const;
export type SavedViewErrorKey = keyof typeof SAVED_VIEW_ERRORS;
