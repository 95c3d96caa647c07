import 'server-only';
import { and, gt, isNull, lte, sql } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import { getEdition } from '@/lib/shared/vip/editions';
import type { UnlockCredit } from '@/lib/shared/vip/vip.contract';
import { getDb, type Database, type Periodic, startPeriodic } from '@/lib/server/platform';
import { NOTIFY_KINDS, notify } from '@/lib/server/identity';
import { NOTIFY_TARGETS } from '@/lib/shared/notify/notify-links';
import { formatChinaDate } from '../trade/fulfil.service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Quota running low: at most this share of the edition's monthly unlock quota left. */
export const QUOTA_LOW_SHARE = 0.1;
/** Editions expiring within this many days are reminded. */
export const EXPIRY_NOTICE_DAYS = 7;

/** Left after one more unlock crosses into "running low" (≤ 10 % of the monthly quota). */
export function crossesQuotaLow(remainingBefore: number, monthlyQuota: number): boolean {
  if (monthlyQuota <= 0) return false;
  const low = (left: number) => left <= monthlyQuota * QUOTA_LOW_SHARE;
  return !low(remainingBefore) && low(remainingBefore - 1);
}

/**
 * Producer: the unlock about to be charged (inside its transaction, the tenant row locked) takes
 * the tenant's credit to ≤ 10 % of its edition's monthly quota. The tenant lock serialises
 * unlocks, so exactly one unlock makes each crossing; the message commits with it.
 */
export async function noticeQuotaLow(
  tx: Tx,
  tenantId: number,
  credit: UnlockCredit,
): Promise<void> {
  if (!crossesQuotaLow(credit.remaining, credit.monthlyQuota)) return;
  const left = credit.remaining - 1;
  await notify(
    {
      kind: NOTIFY_KINDS.quotaLow,
      tenantId,
      tenantAdminsOf: tenantId,
      title: '解锁额度即将用完',
      link: NOTIFY_TARGETS.memberCenter,
      content: `本企业剩余解锁额度 ${left} 条（${getEdition(credit.edition).name}每月 ${credit.monthlyQuota} 条），用完后将无法解锁联系方式，可在会员中心升级版本。`,
    },
    { tx },
  );
}

/**
 * Producer for a scheduler (daily is enough): tenants whose paid edition ends within 7 days get
 * one reminder per expiry date (a renewal moves the date, so the next expiry is reminded again).
 * Returns how many tenants were reminded now.
 */
export async function notifyExpiringEditions(now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const due = await getDb()
    .select({ id: tenants.id, edition: tenants.edition, expiresAt: tenants.editionExpiresAt })
    .from(tenants)
    .where(
      and(
        gt(tenants.edition, 0),
        isNull(tenants.deletedAt),
        gt(tenants.editionExpiresAt, now),
        lte(tenants.editionExpiresAt, until),
        sql`${tenants.status} = 0`,
      ),
    );
  let reminded = 0;
  for (const t of due) {
    if (!t.expiresAt) continue;
    const ids = await notify({
      kind: NOTIFY_KINDS.vipExpiring,
      tenantId: t.id,
      tenantAdminsOf: t.id,
      title: '会员即将到期',
      link: NOTIFY_TARGETS.memberCenter,
      content: `本企业的${getEdition(t.edition).name}将于 ${formatChinaDate(t.expiresAt)} 到期，到期后恢复为免费版，请及时续费。`,
      onceKey: `vip_expiring:${t.id}:${t.expiresAt.getTime()}`,
    });
    if (ids.length > 0) reminded += 1;
  }
  return reminded;
}

/**
 * For the custom server (server.ts): runs the expiry reminder shortly after start and then every
 * 6 hours. Several app instances may all run it: the once-keys make the messages go out once.
 */
export function startVipReminderSchedule(
  opts: { firstDelayMs?: number; everyMs?: number } = {},
): Periodic {
  return startPeriodic({
    part: 'vip',
    what: 'expiry reminders',
    run: notifyExpiringEditions,
    firstAfterMs: opts.firstDelayMs ?? 30_000,
    everyMs: opts.everyMs ?? 6 * 3600_000,
  });
}
