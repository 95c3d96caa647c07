'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { loadSession, logout } from '@/lib/client/session';
import { getSztkProfile } from '@/lib/shared/user/user.endpoints';

export const PROFILE_QUERY_KEY = contractKey(getSztkProfile);

/** The signed-in user's account-centre data; `signedOut` when the BFF answers 401. */
export function useAccountProfile() {
  const query = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    // Silent: the account centre shows what failed in place.
    queryFn: () => call(getSztkProfile, undefined, { silent: true }),
    retry: 0,
  });
  const signedOut = query.error instanceof ApiClientError && query.error.code === 401;
  return { ...query, signedOut };
}

/** After a change: reload the account centre and the session the header shows (spec 4.7). */
export function useReloadProfile(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    await loadSession().catch(() => undefined);
  };
}

/** Ends the session (BFF drops the cookie) and leaves with a full load, so no stale state stays. */
export async function logoutAndGo(path: string, delayMs = 0): Promise<void> {
  await logout();
  // A delay lets the success message be read before the page changes.
  window.setTimeout(() => window.location.assign(path), delayMs);
}

/** The message a failed call should show, or `fallback` for transport-level failures. */
export { errorText } from '@/components/employee/errors';
