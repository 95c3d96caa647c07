import { ERRORS, formatMessage, type ErrorKey } from '@/lib/shared/api/error-codes';

/** A failure the client should see as {code, msg}; thrown anywhere below a route handler. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Builds the catalogue error `key`, filling {placeholders} from params. */
export function apiError(
  key: ErrorKey,
  params?: Record<string, string | number>,
  data: unknown = null,
): ApiError {
  const def = ERRORS[key];
  return new ApiError(def.code, formatMessage(def.msg, params), data);
}
