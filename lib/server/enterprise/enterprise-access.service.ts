import 'server-only';
import type { DetailRef, KeywordRef } from '@/lib/shared/enterprise/enterprise.contract';
import type { EnterpriseRef } from '@/lib/shared/enterprise/types';
import { type AuthContext, type ClientInfo } from '@/lib/server/platform';
import { limitCaller } from '@/lib/server/identity';
import { requireEnterpriseRow, type EnterpriseRow, type Viewer } from './enterprise.service';

/** Who calls a public company endpoint: maybe signed in, always from somewhere. */
export type PublicCaller = { auth: AuthContext | null; client: ClientInfo };

/**
 * Counts one read of company data against the budget the company page shares (RATE_POLICIES
 * .companyDetail): per user by edition when signed in, per IP otherwise.
 */
export function limitCompanyReads(auth: AuthContext | null, client: ClientInfo): Promise<void> {
  return limitCaller('companyDetail', auth, client);
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
 * The company a public endpoint answers for: the caller is rate-limited first, then the company
 * must exist (ENTERPRISE_NOT_EXISTS otherwise).
 */
export async function openEnterprise(
  caller: PublicCaller,
  ref: EnterpriseRef & { keyword?: string | null },
): Promise<EnterpriseRow> {
  await limitCompanyReads(caller.auth, caller.client);
  return requireEnterpriseRow(ref);
}
