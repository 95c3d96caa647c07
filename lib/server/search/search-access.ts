import 'server-only';
import { type ClientInfo } from '@/lib/server/platform';
import {
  limitCaller,
  type RateIdentity,
  effectiveEdition,
  getActiveTenant,
} from '@/lib/server/identity';
import { getEdition } from '@/lib/shared/vip/editions';
import { ANONYMOUS_MAX_RESULTS } from '@/lib/shared/search/filters';

/**
 * Counts one search against RATE_POLICIES.search: keyword search, suggestions, advanced search
 * and the server-rendered results page (proxy.ts) share it. Per user by edition when signed in,
 * per IP otherwise; 429 past the allowance.
 */
export function limitSearch(auth: RateIdentity | null, client: ClientInfo): Promise<void> {
  return limitCaller('search', auth, client);
}

/** How deep the caller may page: the tenant's edition, or the free edition's depth when signed out. */
export async function maxResultsFor(auth: { tenantId: number | null } | null): Promise<number> {
  if (!auth?.tenantId) return ANONYMOUS_MAX_RESULTS;
  const tenant = await getActiveTenant(auth.tenantId).catch(() => null);
  return tenant ? getEdition(effectiveEdition(tenant)).maxSearchResults : ANONYMOUS_MAX_RESULTS;
}
