import 'server-only';
import { DEMO_ACCOUNTS } from '@/db/seed/platform-data';
import { config, type SmsSender } from '@/lib/server/platform';
import { findActiveUserByMobile } from '../user/user.repository';

/**
 * A number is open in the demo when it has no account yet (sign-up) or belongs to a seeded demo
 * account (README: their passwords are public anyway). Any other number's code must reach only
 * its phone: whoever holds the code can sign in as the account or reset its password.
 */
export async function isOpenDemoNumber(mobile: string): Promise<boolean> {
  const owner = await findActiveUserByMobile(mobile);
  return (
    !owner || DEMO_ACCOUNTS.some((a) => a.username === owner.username && a.mobile === owner.mobile)
  );
}

/**
 * Demo mode answers the code to the caller, so the demo works without a phone: only with the demo
 * adapter and only for an open number; for every other number the demo adapter just logs it.
 */
export async function mayRevealCode(mobile: string, sender: SmsSender): Promise<boolean> {
  return config.demoMode && sender.kind === 'demo' && (await isOpenDemoNumber(mobile));
}
