/**
 * One refresh per refresh token at a time: concurrent requests that hit 401 wait for the same
 * refresh and are replayed with its result. A result is reused briefly for stragglers that still
 * carry the old tokens: refresh tokens rotate, and sending a used one again would end the session
 * as a stolen copy.
 */
export type RefreshResult = {
  accessToken: string;
  refreshToken: string;
  expiresTime: number;
  tenantId: number | null;
  userId: number;
} | null;

const REUSE_MS = 60_000;
const inflight = new Map<string, { promise: Promise<RefreshResult>; settledAt?: number }>();

export function singleFlightRefresh(
  refreshToken: string,
  run: () => Promise<RefreshResult>,
): Promise<RefreshResult> {
  const now = Date.now();
  for (const [key, entry] of inflight) {
    if (entry.settledAt && now - entry.settledAt > REUSE_MS) inflight.delete(key);
  }
  const existing = inflight.get(refreshToken);
  if (existing) return existing.promise;
  const entry: { promise: Promise<RefreshResult>; settledAt?: number } = {
    promise: run()
      .catch(() => null)
      .then((result) => {
        entry.settledAt = Date.now();
        // A failed refresh is not cached: the session is ended anyway.
        if (!result) inflight.delete(refreshToken);
        return result;
      }),
  };
  inflight.set(refreshToken, entry);
  return entry.promise;
}
