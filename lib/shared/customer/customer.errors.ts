import { ERRORS } from '@/lib/shared/api/error-codes';

/**
 * Business failures of customers, by their short names. The codes and texts live in the one
 * catalogue (lib/shared/api/error-codes.ts, keys CUSTOMER_*).
 */
export const CUSTOMER_ERRORS = {
  ENTERPRISE_EXISTS: ERRORS.CUSTOMER_ENTERPRISE_EXISTS,
  RESTORE_CONFLICT: ERRORS.CUSTOMER_RESTORE_CONFLICT,
  OWNER_INVALID: ERRORS.CUSTOMER_OWNER_INVALID,
  NOT_DELETED: ERRORS.CUSTOMER_NOT_DELETED,
  CLUE_INVALID: ERRORS.CUSTOMER_CLUE_INVALID,
  CONVERTED_DELETED: ERRORS.CUSTOMER_CONVERTED_DELETED,
  HAS_OPPORTUNITIES: ERRORS.CUSTOMER_HAS_OPPORTUNITIES,
} as const;
export type CustomerErrorKey = keyof typeof CUSTOMER_ERRORS;
