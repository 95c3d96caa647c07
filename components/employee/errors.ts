import { ApiClientError } from '@/lib/client/request';

/** The server's Chinese reason for a refused call, or a fallback for other failures. */
export function errorText(err: unknown, fallback = '操作失败，请稍后重试'): string {
  if (err instanceof ApiClientError && err.message) return err.message;
  return fallback;
}

/** The catalogue code of a failed call (401 signed out, 403 no permission), else null. */
export function errorCode(err: unknown): number | null {
  return err instanceof ApiClientError ? err.code : null;
}
