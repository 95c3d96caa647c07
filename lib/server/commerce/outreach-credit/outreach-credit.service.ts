import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { outreachCreditAccounts, outreachCreditEntries, products } from '@/db/schema';
import { getDb, type JobTx } from '@/lib/server/platform';

/**
 * The add-contact balance (加微余额, ADR 0199): a ledger of its own, apart from the unlock quota.
 * Every change locks the tenant's account row, then writes an entry keyed by (reason, ref): a
 * change tried twice (a repeated payment notice, a resumed job, two stops at once) finds its
 * entry and changes nothing. The balance column is the sum of the entries, kept in the same
 * transaction, so reading it is one primary-key lookup.
 */

export type CreditTx = JobTx;
export type CreditReason = 'purchase' | 'reserve' | 'release' | 'grant';

/** Thrown by reserveCredits when the balance is short; the caller answers 1010006011. */
export class CreditShortError extends Error {
  constructor(
    readonly balance: number,
    readonly need: number,
  ) {
    super(`add-contact balance ${balance} < ${need}`);
  }
}

async function lockAccount(tx: CreditTx, tenantId: number): Promise<number> {
  await tx.insert(outreachCreditAccounts).values({ tenantId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: outreachCreditAccounts.balance })
    .from(outreachCreditAccounts)
    .where(eq(outreachCreditAccounts.tenantId, tenantId))
    .for('update');
  return row.balance;
}

async function applyEntry(
  tx: CreditTx,
  tenantId: number,
  delta: number,
  reason: CreditReason,
  ref: string,
  balance: number,
): Promise<boolean> {
  const [entry] = await tx
    .insert(outreachCreditEntries)
    .values({ tenantId, delta, balanceAfter: balance + delta, reason, ref })
    .onConflictDoNothing()
    .returning({ id: outreachCreditEntries.id });
  if (!entry) return false;
  if (delta !== 0)
    await tx
      .update(outreachCreditAccounts)
      .set({ balance: sql`${outreachCreditAccounts.balance} + ${delta}`, updatedAt: sql`now()` })
      .where(eq(outreachCreditAccounts.tenantId, tenantId));
  return true;
}

/** Adds credits (a purchase, a release, a grant) once per (reason, ref); true when applied now. */
export async function addCredits(
  tx: CreditTx,
  tenantId: number,
  amount: number,
  reason: Exclude<CreditReason, 'reserve'>,
  ref: string,
): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`bad credit amount ${amount}`);
  const balance = await lockAccount(tx, tenantId);
  return applyEntry(tx, tenantId, amount, reason, ref, balance);
}

/**
 * Takes `amount` credits for `ref` once. Throws CreditShortError when the balance is short (the
 * transaction then writes nothing); answers the balance left and whether it was taken now.
 */
export async function reserveCredits(
  tx: CreditTx,
  tenantId: number,
  amount: number,
  ref: string,
): Promise<{ balance: number; applied: boolean }> {
  const balance = await lockAccount(tx, tenantId);
  const [done] = await tx
    .select({ id: outreachCreditEntries.id })
    .from(outreachCreditEntries)
    .where(and(eq(outreachCreditEntries.reason, 'reserve'), eq(outreachCreditEntries.ref, ref)));
  if (done) return { balance, applied: false };
  if (balance < amount) throw new CreditShortError(balance, amount);
  await applyEntry(tx, tenantId, -amount, 'reserve', ref, balance);
  return { balance: balance - amount, applied: true };
}

/** The tenant's balance now (0 before its first purchase). */
export async function creditBalance(tenantId: number): Promise<number> {
  const [row] = await getDb()
    .select({ balance: outreachCreditAccounts.balance })
    .from(outreachCreditAccounts)
    .where(eq(outreachCreditAccounts.tenantId, tenantId));
  return row?.balance ?? 0;
}

export type CreditPack = { productId: number; name: string; credits: number; priceFen: number };

/** The credit packs on sale (products of kind credit_pack), cheapest first. */
export async function creditPacks(): Promise<CreditPack[]> {
  const rows = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.kind, 'credit_pack'), eq(products.enabled, true)))
    .orderBy(asc(products.sort), asc(products.priceFen));
  return rows.map((p) => ({
    productId: p.id,
    name: p.name,
    credits: p.creditAmount ?? 0,
    priceFen: p.priceFen,
  }));
}
