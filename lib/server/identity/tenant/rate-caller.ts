import 'server-only';
import {
  ApiError,
  type ClientInfo,
  enforceRateLimit,
  type RatePolicyName,
  type RateUser,
} from '@/lib/server/platform/proxy-door';
import { effectiveEdition, getActiveTenant } from './tenant.service';

/** A signed-in caller (API auth or page session): the user and their tenant. */
export type RateIdentity = { userId: number; tenantId: number | null };

/** The limiter's view of a signed-in caller: the user and the edition their tenant is on now. */
export async function rateUserOf(identity: RateIdentity | null): Promise<RateUser | null> {
  if (!identity) return null;
  const tenant = identity.tenantId
    ? await getActiveTenant(identity.tenantId).catch((err: unknown) => {
        // A deleted tenant is on no edition: the free allowance applies.
        if (err instanceof ApiError) return null;
        throw err;
      })
    : null;
  return { userId: identity.userId, edition: tenant ? effectiveEdition(tenant) : 0 };
}

/**
 * Counts one API request under the policy `name`: per user when signed in, else per address.
 * Over the allowance → RateLimitedError (HTTP 429 with Retry-After).
 */
export async function limitCaller(
  name: RatePolicyName,
  auth: RateIdentity | null,
  client: ClientInfo,
): Promise<void> {
  await enforceRateLimit(name, client.ip, await rateUserOf(auth));
}
