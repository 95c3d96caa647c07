import 'server-only';
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { chinaMonthStart, getDb, sqlNow, type Database, apiError } from '@/lib/server/platform';
import { enterpriseUnlocks, quotaGrants, tenants } from '@/db/schema';
import { getEdition } from '@/lib/shared/vip/editions';
import { effectiveEdition } from '@/lib/server/identity';
import { noticeQuotaLow } from './vip-notices';
import type { UnlockCredit } from '@/lib/shared/vip/vip.contract';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Contact-unlock credit of a tenant. Model: each calendar month (China time) the edition's
 * allowance comes first; unlocks beyond it are charged one by one to unexpired grants (invitation
 * rewards, purchases), recorded in quota_grants.consumed. Grants do not renew monthly.
 */
export type { UnlockCredit };

const liveGrant = () => or(isNull(quotaGrants.expiresAt), gt(quotaGrants.expiresAt, sqlNow()));

async function creditWith(db: Database | Tx, tenantId: number): Promise<UnlockCredit> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!tenant) throw apiError('TENANT_NOT_EXISTS');
  const edition = effectiveEdition(tenant);
  const monthlyQuota = getEdition(edition).monthlyUnlockQuota;
  const [used] = await db
    .select({ n: count() })
    .from(enterpriseUnlocks)
    .where(
      and(
        eq(enterpriseUnlocks.tenantId, tenantId),
        sql`${enterpriseUnlocks.createdAt} >= ${chinaMonthStart()}`,
      ),
    );
  const [grants] = await db
    .select({
      total: sql<number>`coalesce(sum(${quotaGrants.amount}), 0)::int`,
      remaining: sql<number>`coalesce(sum(greatest(${quotaGrants.amount} - ${quotaGrants.consumed}, 0)), 0)::int`,
    })
    .from(quotaGrants)
    .where(and(eq(quotaGrants.tenantId, tenantId), liveGrant()));
  const usedThisMonth = Number(used?.n ?? 0);
  const monthlyRemaining = Math.max(0, monthlyQuota - usedThisMonth);
  const grantRemaining = Number(grants?.remaining ?? 0);
  return {
    edition,
    monthlyQuota,
    usedThisMonth,
    monthlyRemaining,
    grantTotal: Number(grants?.total ?? 0),
    grantRemaining,
    remaining: monthlyRemaining + grantRemaining,
  };
}

export async function getUnlockCredit(tenantId: number): Promise<UnlockCredit> {
  return creditWith(getDb(), tenantId);
}

/**
 * Charges one unlock. Call inside the transaction that inserts the enterprise_unlocks row, BEFORE
 * inserting it; locks the tenant row so parallel unlocks cannot overspend. Throws 1004011000 when
 * nothing is left.
 */
export async function consumeUnlockCredit(tx: Tx, tenantId: number): Promise<'monthly' | 'grant'> {
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  const credit = await creditWith(tx, tenantId);
  if (credit.remaining > 0) await noticeQuotaLow(tx, tenantId, credit);
  if (credit.monthlyRemaining > 0) return 'monthly';
  const [grant] = await tx
    .select({ id: quotaGrants.id })
    .from(quotaGrants)
    .where(
      and(
        eq(quotaGrants.tenantId, tenantId),
        liveGrant(),
        sql`${quotaGrants.consumed} < ${quotaGrants.amount}`,
      ),
    )
    // Grants that expire first are spent first.
    .orderBy(sql`${quotaGrants.expiresAt} asc nulls last`, asc(quotaGrants.id))
    .limit(1);
  if (!grant) throw apiError('UNLOCK_QUOTA_EXHAUSTED');
  await tx
    .update(quotaGrants)
    .set({ consumed: sql`${quotaGrants.consumed} + 1` })
    .where(eq(quotaGrants.id, grant.id));
  return 'grant';
}
