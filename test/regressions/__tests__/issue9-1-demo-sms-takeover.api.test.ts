import type { SmsMessage } from '@/lib/server/platform/sms/sms.adapter';
import { setSmsSenderForTests } from '@/lib/server/platform/sms/sms.config';
import { callApi, createTestUser } from '@/test/helpers/api';
import {
  backdateSmsCodes,
  freshMobile,
  sendSmsCodeRequest as send,
} from '@/lib/server/identity/auth/__tests__/support';

/**
 * Issue 9 finding 1: with the default DEMO_MODE=1, send-sms-code answered the code for any phone,
 * so SMS login or reset-password took any account. Demo mode answers codes only for the seeded
 * demo accounts and numbers without an account; with DEMO_MODE=0 never. (Issue 28 finding 3
 * narrowed it further: issue28-3-demo-accounts.api.test.ts.)
 */
async function inDemoMode<T>(demoMode: '0' | '1', fn: (sent: SmsMessage[]) => Promise<T>) {
  const before = process.env.DEMO_MODE;
  const sent: SmsMessage[] = [];
  process.env.DEMO_MODE = demoMode;
  setSmsSenderForTests({ kind: 'demo', send: async (m) => void sent.push(m) });
  try {
    return await fn(sent);
  } finally {
    setSmsSenderForTests(null);
    if (before === undefined) delete process.env.DEMO_MODE;
    else process.env.DEMO_MODE = before;
  }
}

// Seeded demo accounts (README): personal_admin and standard_staff.
const DEMO_ACCOUNT_MOBILE = '13800000003';
const OTHER_DEMO_ACCOUNT_MOBILE = '13800000006';
const LOOPBACK = '127.0.0.1';

describe('which numbers get the code back in demo mode', () => {
  it('DEMO_MODE=1: a seeded demo account and a new number get it', async () => {
    await inDemoMode('1', async () => {
      // To a loopback client (issue 28 item 3; test/regressions covers the other callers).
      expect((await send(DEMO_ACCOUNT_MOBILE, 21, { ip: LOOPBACK })).data).toMatch(/^\d{6}$/);
      expect((await send(freshMobile(), 21, { ip: LOOPBACK })).data).toMatch(/^\d{6}$/);
    });
  });

  it('DEMO_MODE=1: a registered account that is not a demo account does not (the adapter has it)', async () => {
    const mobile = freshMobile();
    const u = await createTestUser({ mobile });
    await inDemoMode('1', async (sent) => {
      for (const [scene, token] of [
        [21, undefined],
        [4, undefined],
        [9, u.accessToken],
      ] as const) {
        await backdateSmsCodes(mobile, 61);
        const r = await send(mobile, scene, { token });
        expect([r.code, r.data]).toEqual([200, null]);
      }
      expect(sent.map((m) => m.mobile)).toEqual([mobile, mobile, mobile]);
      expect(sent[0].code).toMatch(/^\d{6}$/);
    });
  });

  it('DEMO_MODE=1: a code answered for a new number stops working once the number has an account', async () => {
    const mobile = freshMobile();
    const code = await inDemoMode('1', async () => (await send(mobile, 21, { ip: LOOPBACK })).data);
    expect(code).toMatch(/^\d{6}$/);
    await createTestUser({ mobile });
    const r = await callApi('POST', '/system/auth/sms-login', { body: { mobile, code } });
    expect(r.code).toBe(1002014000);
  });

  it('DEMO_MODE=0: no number gets it, not even a demo account or a new number', async () => {
    const registered = freshMobile();
    await createTestUser({ mobile: registered });
    await inDemoMode('0', async (sent) => {
      for (const mobile of [OTHER_DEMO_ACCOUNT_MOBILE, freshMobile(), registered]) {
        const r = await send(mobile);
        expect([r.code, r.data]).toEqual([200, null]);
      }
      expect(sent).toHaveLength(3);
    });
  });
});
