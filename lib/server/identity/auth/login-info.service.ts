import 'server-only';
import { type ClientInfo, enforceRateLimit } from '@/lib/server/platform';
import { findActiveUserByMobile } from '../user/user.repository';
import type { LoginInfo } from '@/lib/shared/auth/auth.contract';

/**
 * What the login screen needs to tailor its step for a phone number: whether an account uses it
 * and whether that account has a password. Open to anyone, so it tells which numbers have
 * accounts: throttled per IP (RATE_POLICIES.loginInfoByMobile) and nothing more is revealed.
 */
export async function loginInfoByMobile(mobile: string, client: ClientInfo): Promise<LoginInfo> {
  await enforceRateLimit('loginInfoByMobile', client.ip);
  const user = await findActiveUserByMobile(mobile);
  return { registered: user !== null, hasPassword: !!user?.passwordHash };
}
