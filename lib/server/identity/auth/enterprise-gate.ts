import { type AuthContext, type TenantAuthContext, apiError } from '@/lib/server/platform';

/**
 * Spec 6 and 8: company VIP info, paid-VIP permission, the super-admin lookup and the remind
 * status run only for an enterprise-type token (a session bound to a tenant). Any other caller
 * gets the permission failure (403 当前操作没有权限), not 1002000010: these calls are made by
 * the shell on every page, and must not send a user without an enterprise into the bind flow.
 * Their contracts are `access: 'user'` so this gate, not the dispatcher's tenant check, answers.
 */
export function requireEnterpriseToken(auth: AuthContext): TenantAuthContext {
  if (auth.tenantId === null) throw apiError('FORBIDDEN');
  return auth as TenantAuthContext;
}
