import 'server-only';
import type { DetailRef, KeywordRef } from '@/lib/shared/enterprise/enterprise.contract';
import type { EnterpriseRef } from '@/lib/shared/enterprise/types';
import { apiError } from '../api/api-error';
import type { AuthContext } from '../api/define-route';
import type { ClientInfo } from '../api/client-info';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { requireEnterpriseRow, type EnterpriseRow, type Viewer } from './enterprise.service';

/** Anonymous callers of the public enterprise endpoints: requests per IP per minute. */
export const ANONYMOUS_ENTERPRISE_LIMIT = 120;

/** Who calls a public company endpoint: maybe signed in, always from somewhere. */
export type PublicCaller = { auth: AuthContext | null; client: ClientInfo };

/** Signed-in callers are limited by their plan elsewhere; anonymous ones per IP here. */
export async function limitAnonymous(auth: AuthContext | null, client: ClientInfo): Promise<void> {
  if (auth) return;
  const r = await hitRateLimit(`enterprise:ip:${client.ip}`, ANONYMOUS_ENTERPRISE_LIMIT, 60_000);
  if (!r.allowed) throw apiError('TOO_MANY_REQUESTS');
}

export function viewerOf(auth: AuthContext | null): Viewer {
  return { tenantId: auth?.tenantId ?? null, userId: auth?.userId ?? null };
}

export function resolveDetailRef(q: DetailRef): Promise<EnterpriseRow> {
  return requireEnterpriseRow({
    id: q.pid ?? q.entId,
    uncid: q.uncid,
    name: q.company_name ?? q.entName,
  });
}

export function resolveKeywordRef(q: KeywordRef): Promise<EnterpriseRow> {
  const id = q.id ?? q.entId;
  return id ? requireEnterpriseRow({ id }) : requireEnterpriseRow({ keyword: q.keyword });
}

/**
 * The company a public endpoint answers for: visitors are rate-limited per IP first, then the
 * company must exist (ENTERPRISE_NOT_EXISTS otherwise).
 */
export async function openEnterprise(
  caller: PublicCaller,
  ref: EnterpriseRef & { keyword?: string | null },
): Promise<EnterpriseRow> {
  await limitAnonymous(caller.auth, caller.client);
  return requireEnterpriseRow(ref);
}
