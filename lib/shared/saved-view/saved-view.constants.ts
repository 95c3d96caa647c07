import { z } from 'zod';
import { clueViewStateSchema } from '@/lib/shared/clue/clue-view-state';

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

/**
 * A generic list state, for a list that has not declared its own schema yet: filters as a flat
 * record of simple values, sort, columns and page size.
 */
const simple = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
export const genericViewStateSchema = z
  .object({
    tab: z.string().max(20).optional(),
    filters: z
      .record(
        z.string().max(40),
        z.union([simple, z.array(z.union([simple, z.array(simple).max(10)])).max(200)]),
      )
      .default({}),
    sort: z
      .object({ field: z.string().max(40), order: z.enum(['asc', 'desc']) })
      .strict()
      .optional(),
    columns: z.array(z.string().max(40)).max(50).optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
  })
  .strict();

/**
 * The lists that have saved views, each with the schema its state must pass on the server. A new
 * list adds its key and schema here (the customer list may replace the generic schema with its own).
 */
export const SAVED_VIEW_STATE_SCHEMAS = {
  clue: clueViewStateSchema,
  customer: genericViewStateSchema,
} as const satisfies Record<string, z.ZodType>;

export const SAVED_VIEW_LIST_KEYS = Object.keys(SAVED_VIEW_STATE_SCHEMAS) as [
  SavedViewListKey,
  ...SavedViewListKey[],
];
export type SavedViewListKey = keyof typeof SAVED_VIEW_STATE_SCHEMAS;

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * The state of a view of `listKey` as stored: parsed by the list's schema (defaults filled in) and
 * at most SAVED_VIEW_STATE_MAX_BYTES as JSON. Returns a Chinese message when it does not pass.
 */
export function parseViewState(
  listKey: SavedViewListKey,
  state: unknown,
): { ok: true; state: unknown } | { ok: false; message: string } {
  let raw: string;
  try {
    raw = JSON.stringify(state) ?? '';
  } catch {
    return { ok: false, message: SAVED_VIEW_MESSAGES.stateInvalid };
  }
  if (utf8Length(raw) > SAVED_VIEW_STATE_MAX_BYTES)
    return { ok: false, message: SAVED_VIEW_MESSAGES.stateTooLarge };
  const parsed = SAVED_VIEW_STATE_SCHEMAS[listKey].safeParse(state);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `（${issue.path.join('.')}）` : '';
    return { ok: false, message: `${SAVED_VIEW_MESSAGES.stateInvalid}${where}` };
  }
  return { ok: true, state: parsed.data };
}
