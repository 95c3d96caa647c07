import type { ContactSummary, UnlockResult } from '@/lib/shared/enterprise/enterprise.contract';

/** What 解锁 needs from the API; the hook passes the real calls, tests pass fakes. */
export type UnlockCalls = {
  unlock: (entId: number) => Promise<UnlockResult>;
  contacts: (entId: number) => Promise<ContactSummary>;
};

export type UnlockOutcome = {
  contacts: ContactSummary;
  /** The success message to show; null when only already-unlocked values were fetched. */
  notice: string | null;
};

/**
 * One unlock for every button that shows contacts: an unlocked company's values are fetched
 * (nothing is charged and nothing to announce); otherwise the company is unlocked, which charges
 * one unit of the tenant's quota unless a teammate already paid for it.
 */
export async function runUnlock(
  entId: number,
  alreadyUnlocked: boolean,
  calls: UnlockCalls,
): Promise<UnlockOutcome> {
  if (alreadyUnlocked) return { contacts: await calls.contacts(entId), notice: null };
  const result = await calls.unlock(entId);
  return { contacts: result.contacts, notice: unlockNotice(result) };
}

export function unlockNotice(result: Pick<UnlockResult, 'charged' | 'credit'>): string {
  return result.charged
    ? `解锁成功，剩余解锁额度 ${result.credit.remaining}`
    : '该企业已解锁，未重复扣除额度';
}
