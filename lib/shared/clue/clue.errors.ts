import { ERRORS } from '@/lib/shared/api/error-codes';

/**
 * Business failures of leads, by their short names. The codes and texts live in the one catalogue
 * (lib/shared/api/error-codes.ts, keys CLUE_*); this map keeps the names the lead code uses.
 */
export const CLUE_ERRORS = {
  ENTERPRISE_EXISTS: ERRORS.CLUE_ENTERPRISE_EXISTS,
  RESTORE_CONFLICT: ERRORS.CLUE_RESTORE_CONFLICT,
  FOLLOW_USER_INVALID: ERRORS.CLUE_FOLLOW_USER_INVALID,
  STATUS_TRANSITION: ERRORS.CLUE_STATUS_TRANSITION,
  NOT_DELETED: ERRORS.CLUE_NOT_DELETED,
} as const;
export type ClueErrorKey = keyof typeof CLUE_ERRORS;
