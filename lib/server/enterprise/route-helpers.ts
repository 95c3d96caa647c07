import { z } from 'zod';
import { apiError } from '../api/api-error';
import type { AuthContext } from '../api/define-route';
import type { ClientInfo } from '../api/client-info';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { requireEnterpriseRow, type EnterpriseRow, type Viewer } from './enterprise.service';

/** Anonymous callers of the public enterprise endpoints: requests per IP per minute. */
export const ANONYMOUS_ENTERPRISE_LIMIT = 120;

/** Signed-in callers are limited by their plan elsewhere; anonymous ones per IP here. */
export async function limitAnonymous(auth: AuthContext | null, client: ClientInfo): Promise<void> {
  if (auth) return;
  const r = await hitRateLimit(`enterprise:ip:${client.ip}`, ANONYMOUS_ENTERPRISE_LIMIT, 60_000);
  if (!r.allowed) throw apiError('TOO_MANY_REQUESTS');
}

export function viewerOf(auth: AuthContext | null): Viewer {
  return { tenantId: auth?.tenantId ?? null, userId: auth?.userId ?? null };
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A positive integer id; '' counts as absent. */
export const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().positive().optional(),
);
export const requiredId = z.coerce.number({ message: '请提供企业 id' }).int().positive();
export const optionalText = z.preprocess(
  blankToUndefined,
  z.string().trim().min(1).max(200).optional(),
);

/** The company page's own parameters plus entId. */
export const detailRefSchema = z
  .object({
    pid: optionalId,
    entId: optionalId,
    uncid: optionalText,
    company_name: optionalText,
    entName: optionalText,
  })
  .refine((q) => q.pid || q.entId || q.uncid || q.company_name || q.entName, {
    message: '请提供企业 id、统一社会信用代码或企业名称',
  });

export type DetailRef = z.output<typeof detailRefSchema>;

export function resolveDetailRef(q: DetailRef): Promise<EnterpriseRow> {
  return requireEnterpriseRow({
    id: q.pid ?? q.entId,
    uncid: q.uncid,
    name: q.company_name ?? q.entName,
  });
}

/** Graph endpoints: keyword (exact name or credit code) and/or id. */
export const keywordRefSchema = z
  .object({ keyword: optionalText, id: optionalId, entId: optionalId })
  .refine((q) => q.keyword || q.id || q.entId, {
    message: '请提供企业名称、统一社会信用代码或 id',
  });

export type KeywordRef = z.output<typeof keywordRefSchema>;

export function resolveKeywordRef(q: KeywordRef): Promise<EnterpriseRow> {
  const id = q.id ?? q.entId;
  return id ? requireEnterpriseRow({ id }) : requireEnterpriseRow({ keyword: q.keyword });
}
