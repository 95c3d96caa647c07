import { ERRORS } from '@/lib/shared/api/error-codes';

/**
 * Business failures of saved list views, by their short names. The codes and texts live in the one
 * catalogue (lib/shared/api/error-codes.ts, keys SAVED_VIEW_*).
 */
export const SAVED_VIEW_ERRORS = {
  NAME_EXISTS: ERRORS.SAVED_VIEW_NAME_EXISTS,
  LIMIT: ERRORS.SAVED_VIEW_LIMIT,
  NOT_OWNER: ERRORS.SAVED_VIEW_NOT_OWNER,
} as const;
export type SavedViewErrorKey = keyof typeof SAVED_VIEW_ERRORS;
