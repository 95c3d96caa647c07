import type { ContactSummary, UnlockResult } from '@/lib/shared/enterprise/enterprise.contract';
import { runUnlock, unlockNotice, type UnlockCalls } from '../unlock-flow';

const masked = { entId: 7, unlocked: false } as unknown as ContactSummary;
const real = { entId: 7, unlocked: true } as unknown as ContactSummary;

function fakeCalls(result: Partial<UnlockResult>) {
  const made: string[] = [];
  const calls: UnlockCalls = {
    unlock: async (entId) => {
      made.push(`unlock ${entId}`);
      return { contacts: real, charged: true, credit: { remaining: 9 }, ...result } as UnlockResult;
    },
    contacts: async (entId) => {
      made.push(`contacts ${entId}`);
      return real;
    },
  };
  return { calls, made };
}

describe('runUnlock', () => {
  it('unlocks a locked company and announces the remaining quota', async () => {
    const { calls, made } = fakeCalls({ charged: true });
    const outcome = await runUnlock(7, false, calls);
    expect(made).toEqual(['unlock 7']);
    expect(outcome.contacts).toBe(real);
    expect(outcome.notice).toBe('解锁成功，剩余解锁额度 9');
  });

  it('says nothing was charged when a teammate had unlocked it', async () => {
    const { calls } = fakeCalls({ charged: false });
    expect((await runUnlock(7, false, calls)).notice).toBe('该企业已解锁，未重复扣除额度');
  });

  it('only fetches the values of an unlocked company, without a notice or a charge', async () => {
    const { calls, made } = fakeCalls({});
    const outcome = await runUnlock(7, true, calls);
    expect(made).toEqual(['contacts 7']);
    expect(outcome).toEqual({ contacts: real, notice: null });
  });

  it('lets a failed unlock reach the caller (quota dialog, sign-in)', async () => {
    const calls: UnlockCalls = {
      unlock: () => Promise.reject(new Error('1004011000')),
      contacts: async () => masked,
    };
    await expect(runUnlock(7, false, calls)).rejects.toThrow('1004011000');
  });
});

describe('unlockNotice', () => {
  it('shows the remaining credit after a charge', () => {
    expect(
      unlockNotice({ charged: true, credit: { remaining: 0 } as UnlockResult['credit'] }),
    ).toBe('解锁成功，剩余解锁额度 0');
  });
});
