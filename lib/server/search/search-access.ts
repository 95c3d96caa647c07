import 'server-only';
import { apiError } from '../api/api-error';
import type { ClientInfo } from '../api/client-info';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { effectiveEdition, getActiveTenant } from '../tenant/tenant.service';
import { getEdition } from '@/lib/shared/vip/editions';
import { ANONYMOUS_MAX_RESULTS } from '@/lib/shared/search/filters';

/** Anonymous searches per IP per minute: enough for a person, too few for a scraper. */
export const ANONYMOUS_SEARCHES_PER_MINUTE = 60;

/**
 * Counts one search by a visitor who is not signed in; false once the address has used up the
 * minute's allowance. Keyword search, advanced search and the server-rendered search page share it.
 */
export async function allowAnonymousSearch(ip: string): Promise<boolean> {
  const r = await hitRateLimit(`search:ip:${ip}`, ANONYMOUS_SEARCHES_PER_MINUTE, 60_000);
  return r.allowed;
}

/** Signed-in callers are not limited; visitors get 429 past the allowance. */
export async function limitAnonymousSearch(
  auth: { userId: number } | null,
  client: ClientInfo,
): Promise<void> {
  if (auth) return;
  if (!(await allowAnonymousSearch(client.ip))) throw apiError('TOO_MANY_REQUESTS');
}

/** How deep the caller may page: the tenant's edition, or the free edition's depth when signed out. */
export async function maxResultsFor(auth: { tenantId: number | null } | null): Promise<number> {
  if (!auth?.tenantId) return ANONYMOUS_MAX_RESULTS;
  const tenant = await getActiveTenant(auth.tenantId).catch(() => null);
  return tenant ? getEdition(effectiveEdition(tenant)).maxSearchResults : ANONYMOUS_MAX_RESULTS;
}
