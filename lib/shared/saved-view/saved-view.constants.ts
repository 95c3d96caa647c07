/** At most this many views per member and list. */
export const SAVED_VIEW_LIMIT = 20;
/** A view's name: 1-20 characters, unique per member and list. */
export const SAVED_VIEW_NAME_MAX = 20;
/** The stored state as JSON, in UTF-8 bytes. */
export const SAVED_VIEW_STATE_MAX_BYTES = 4096;

export const SAVED_VIEW_MESSAGES = {
  listKeyInvalid: '不支持的列表',
  nameRequired: '请输入视图名称',
  nameTooLong: `视图名称最多 ${SAVED_VIEW_NAME_MAX} 个字符`,
  stateInvalid: '视图内容不正确',
  stateTooLarge: '视图内容过大（最多 4 KB）',
  nothingToUpdate: '请提供要修改的内容',
} as const;

/** The lists that have saved views; each has its state's schema in saved-view.state.ts. */
export const SAVED_VIEW_LIST_KEYS = ['clue', 'customer'] as const;
export type SavedViewListKey = (typeof SAVED_VIEW_LIST_KEYS)[number];

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
