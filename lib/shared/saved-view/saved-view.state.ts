import { z } from 'zod';
import { clueViewStateSchema } from '@/lib/shared/clue/clue-view-state';
import {
  SAVED_VIEW_MESSAGES,
  SAVED_VIEW_STATE_MAX_BYTES,
  utf8Length,
  type SavedViewListKey,
} from './saved-view.constants';

// The views' state schemas (zod), for the server; the constants beside them are zod-free, so the
// lists' pickers load no zod at first (issue 38).

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
} as const satisfies Record<SavedViewListKey, z.ZodType>;

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
