import 'server-only';
import { DEMO_ACCOUNTS } from '@/db/seed/platform-data';
import {
  config,
  type SmsSender,
  getDb,
  isLoopbackAddress,
  type ClientInfo,
} from '@/lib/server/platform';
import { findActiveUserByMobile } from '../user/user.repository';
import { eq } from 'drizzle-orm';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_USER_PASSWORD,
  PLATFORM_TENANT_NAME,
} from '@/db/seed/platform-data';
import { tenants } from '@/db/schema';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { verifyPassword } from './password';
import { userRoleCodes, type UserRow } from '../user/user.repository';

/**
 * A number is open in the demo when it has no account yet (sign-up) or belongs to a seeded demo
 * account that still has its public demo password (README). Any other number's code must reach
 * only its phone: whoever holds the code can sign in as the account or reset its password. Never
 * open (issue 28 item 3): a platform account (super_admin or a member of the platform tenant), and
 * a demo account whose password the operator changed — it is no longer a demo account.
 */
export async function isOpenDemoNumber(mobile: string): Promise<boolean> {
  const owner = await findActiveUserByMobile(mobile);
  if (!owner) return true;
  const seed = DEMO_ACCOUNTS.find(
    (a) => a.username === owner.username && a.mobile === owner.mobile,
  );
  if (!seed || seed.tenant === 'platform') return false;
  if (await isPlatformAccount(owner)) return false;
  return stillHasDemoPassword(owner);
}

async function isPlatformAccount(user: UserRow): Promise<boolean> {
  if ((await userRoleCodes(user.id)).includes(BUILT_IN_ROLES.superAdmin.code)) return true;
  if (user.tenantId === null) return false;
  const [tenant] = await getDb()
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, user.tenantId))
    .limit(1);
  return tenant?.name === PLATFORM_TENANT_NAME;
}

/** The password is still the one README publishes (a changed one is the operator's secret). */
async function stillHasDemoPassword(user: UserRow): Promise<boolean> {
  if (!user.passwordHash) return false;
  for (const demo of [DEMO_USER_PASSWORD, DEMO_ADMIN_PASSWORD])
    if (await verifyPassword(demo, user.passwordHash)) return true;
  return false;
}

/**
 * Whether this caller may read a demo code in the answer: a loopback client (someone trying the
 * demo on their own machine; not through a proxy — with TRUST_PROXY the address is the proxy's
 * claim, without it a proxy on this host makes everyone loopback), or any client when
 * DEMO_SMS_CODE_IN_RESPONSE=1 says the operator wants a public demo.
 */
export function demoCodeAudience(client: Pick<ClientInfo, 'ip' | 'forwarded'>): boolean {
  if (config.demoSmsCodeInResponse) return true;
  return !config.trustProxy && !client.forwarded && isLoopbackAddress(client.ip);
}

/**
 * Demo mode answers the code to the caller, so the demo works without a phone: only with the demo
 * adapter, only to a caller demoCodeAudience allows and only for an open number; otherwise the
 * demo adapter just logs it.
 */
export async function mayRevealCode(
  mobile: string,
  sender: SmsSender,
  client: Pick<ClientInfo, 'ip' | 'forwarded'>,
): Promise<boolean> {
  return (
    config.demoMode &&
    sender.kind === 'demo' &&
    demoCodeAudience(client) &&
    (await isOpenDemoNumber(mobile))
  );
}
