import 'server-only';

/**
 * Front door of the commerce module (ADR 0170): editions, quota, orders and payments.
 * Other modules import only what is exported here; commerce itself may import platform, identity.
 */

export { consumeUnlockCredit, getUnlockCredit, type UnlockCredit } from './vip/quota.service';
export { startVipReminderSchedule } from './vip/vip-notices';
export { vipRoutes } from './vip/vip.routes';
export { consoleRoutes } from './console/console.routes';
export {
  addCredits,
  creditBalance,
  creditPacks,
  CreditShortError,
  reserveCredits,
  type CreditPack,
} from './outreach-credit/outreach-credit.service';
