import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { users } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { FORWARDED_MARK_HEADER } from '@/lib/server/platform/http/client-info';
import { hashPassword } from '@/lib/server/identity/auth/password';
import { setSmsSenderForTests } from '@/lib/server/platform/sms/sms.config';
import type { SmsMessage } from '@/lib/server/platform/sms/sms.adapter';
import { demoExposureWarning } from '@/lib/server/platform/sms/demo-exposure-warning';
import {
  backdateSmsCodes,
  freshMobile,
  passCaptcha,
} from '@/lib/server/identity/auth/__tests__/support';

/**
 * Issue 28 item 3 (outside probe, medium): in the default demo mode send-sms-code answered the
 * code for every seeded account's number — the platform super admin's included — to any client,
 * and kept doing so after the operator changed the account's password: with a solved captcha a
 * one-request takeover. Now: never for a platform account; only to a loopback client unless
 * DEMO_SMS_CODE_IN_RESPONSE=1; not once the password changed; a warning at start.
 */

const SUPER_ADMIN_MOBILE = '13800000000'; // admin, platform tenant (README)
const DEMO_ADMIN_MOBILE = '13800000003'; // personal_admin
const DEMO_STAFF_MOBILE = '13800000004'; // personal_staff
const OTHER_DEMO_ADMIN_MOBILE = '13800000005'; // standard_admin
const LOOPBACK = '127.0.0.1';
const OUTSIDE = '203.0.113.7';

async function send(mobile: string, ip: string, scene = 21) {
  await backdateSmsCodes(mobile, 61);
  return callApi<string | null>('POST', '/system/auth/send-sms-code', {
    body: { mobile, scene, captchaVerification: await passCaptcha() },
    ip,
  });
}

const saved: Record<string, string | undefined> = {};
const sent: SmsMessage[] = [];

beforeEach(() => {
  for (const k of ['DEMO_MODE', 'DEMO_SMS_CODE_IN_RESPONSE', 'TRUST_PROXY'])
    saved[k] = process.env[k];
  process.env.DEMO_MODE = '1';
  delete process.env.DEMO_SMS_CODE_IN_RESPONSE;
  delete process.env.TRUST_PROXY;
  sent.length = 0;
  setSmsSenderForTests({ kind: 'demo', send: async (m) => void sent.push(m) });
});

afterEach(() => {
  setSmsSenderForTests(null);
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('issue 28 item 3: demo SMS codes are not open to anyone', () => {
  it('never answers the code of the platform super admin, not even to loopback', async () => {
    process.env.DEMO_SMS_CODE_IN_RESPONSE = '1';
    for (const ip of [LOOPBACK, OUTSIDE]) {
      const r = await send(SUPER_ADMIN_MOBILE, ip);
      expect([r.code, r.data]).toEqual([200, null]);
    }
    // The code still goes out (to the log in demo mode): the owner can sign in with it.
    expect(sent.map((m) => m.mobile)).toEqual([SUPER_ADMIN_MOBILE, SUPER_ADMIN_MOBILE]);
  });

  it('answers a demo account’s code to a loopback client only, unless the setting says so', async () => {
    const outside = await send(DEMO_ADMIN_MOBILE, OUTSIDE);
    expect([outside.code, outside.data]).toEqual([200, null]);
    const fresh = await send(freshMobile(), OUTSIDE);
    expect([fresh.code, fresh.data]).toEqual([200, null]);

    const local = await send(DEMO_ADMIN_MOBILE, LOOPBACK);
    expect(local.data).toMatch(/^\d{6}$/);
    expect((await send(DEMO_ADMIN_MOBILE, '::1')).data).toMatch(/^\d{6}$/);

    process.env.DEMO_SMS_CODE_IN_RESPONSE = '1';
    expect((await send(DEMO_ADMIN_MOBILE, OUTSIDE)).data).toMatch(/^\d{6}$/);
  });

  it('behind TRUST_PROXY a claimed loopback address is not enough', async () => {
    process.env.TRUST_PROXY = '1';
    await backdateSmsCodes(DEMO_ADMIN_MOBILE, 61);
    const r = await callApi<string | null>('POST', '/system/auth/send-sms-code', {
      body: { mobile: DEMO_ADMIN_MOBILE, scene: 21, captchaVerification: await passCaptcha() },
      ip: LOOPBACK,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect([r.code, r.data]).toEqual([200, null]);
  });

  it('a proxy on this host (forwarding headers, no TRUST_PROXY) does not make visitors loopback', async () => {
    await backdateSmsCodes(OTHER_DEMO_ADMIN_MOBILE, 61);
    const r = await callApi<string | null>('POST', '/system/auth/send-sms-code', {
      body: {
        mobile: OTHER_DEMO_ADMIN_MOBILE,
        scene: 21,
        captchaVerification: await passCaptcha(),
      },
      ip: LOOPBACK,
      headers: { [FORWARDED_MARK_HEADER]: '1' },
    });
    expect([r.code, r.data]).toEqual([200, null]);
  });

  it('stops treating an account as a demo account once its password changed', async () => {
    const before = await send(DEMO_STAFF_MOBILE, LOOPBACK);
    expect(before.data).toMatch(/^\d{6}$/);
    await getDb()
      .update(users)
      .set({ passwordHash: await hashPassword('Changed2026x'), passwordChangedAt: new Date() })
      .where(eq(users.mobile, DEMO_STAFF_MOBILE));

    // A code answered before the change does not open the account after it.
    const late = await callApi('POST', '/system/auth/sms-login', {
      body: { mobile: DEMO_STAFF_MOBILE, code: before.data },
      ip: LOOPBACK,
    });
    expect(late.code).toBe(1002014000);

    const after = await send(DEMO_STAFF_MOBILE, LOOPBACK);
    expect([after.code, after.data]).toEqual([200, null]);
  });

  it('warns at start when demo mode listens beyond loopback', () => {
    const warn = (host: string, demoMode = true) =>
      demoExposureWarning({ demoMode, host, codeInResponse: false });
    expect(warn('0.0.0.0')).toContain('演示模式');
    expect(warn('::')).toContain('DEMO_MODE=0');
    expect(warn('192.168.1.20')).not.toBeNull();
    expect(warn('127.0.0.1')).toBeNull();
    expect(warn('localhost')).toBeNull();
    expect(warn('::1')).toBeNull();
    expect(warn('0.0.0.0', false)).toBeNull();
    expect(
      demoExposureWarning({ demoMode: true, host: '0.0.0.0', codeInResponse: true }),
    ).toContain('DEMO_SMS_CODE_IN_RESPONSE=1');
  });
});
