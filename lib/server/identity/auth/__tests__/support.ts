import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { captchaChallenges, smsCodes } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { setSmsSenderForTests } from '@/lib/server/platform/sms/sms.config';
import type { SmsMessage } from '@/lib/server/platform/sms/sms.adapter';

/**
 * Test support for identity flows. A passed captcha is represented exactly as the captcha service
 * stores one after a successful check (a challenge row with a verification valid 180 s), so the
 * login and SMS endpoints consume it through their real code path.
 */
export async function passCaptcha(): Promise<string> {
  const token = randomBytes(16).toString('hex');
  const verification = randomBytes(24).toString('base64');
  await getDb()
    .insert(captchaChallenges)
    .values({
      token,
      captchaType: 'blockPuzzle',
      secretKey: randomBytes(8).toString('hex'),
      answer: { x: 100, y: 5 },
      expiresAt: new Date(Date.now() + 120_000),
      checkedAt: new Date(),
      passed: true,
      verification,
      verificationExpiresAt: new Date(Date.now() + 180_000),
    });
  return verification;
}

let mobileCounter = 0;
/** A fresh, valid mainland number per call (unique within a test file). */
export function freshMobile(): string {
  mobileCounter += 1;
  return `15${String(process.pid % 10)}${String(Date.now() % 100000).padStart(5, '0')}${String(mobileCounter).padStart(3, '0')}`.slice(
    0,
    11,
  );
}

let ipCounter = 0;
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Sends a code through the API and returns it as the SMS adapter received it: demo mode answers
 * the code only for demo accounts and new numbers, tests need it for any account.
 */
export async function sendCode(
  mobile: string,
  scene: number,
  opts: { token?: string; ip?: string } = {},
): Promise<string> {
  const sent: SmsMessage[] = [];
  setSmsSenderForTests({ kind: 'demo', send: async (m) => void sent.push(m) });
  try {
    const r = await callApi<string | null>('POST', '/system/auth/send-sms-code', {
      body: { mobile, scene, captchaVerification: await passCaptcha() },
      token: opts.token,
      ip: opts.ip ?? freshIp(),
    });
    if (r.code !== 200) throw new Error(`send-sms-code failed: ${r.code} ${r.msg}`);
  } finally {
    setSmsSenderForTests(null);
  }
  return sent[0].code;
}

/**
 * Makes a phone's earlier sends at least `seconds` old (to pass the 60 s resend rule in tests).
 * Not cumulative: ten calls leave ten sends about a minute old, not spread over ten minutes, so a
 * daily count stays within one day.
 */
export async function backdateSmsCodes(mobile: string, seconds: number): Promise<void> {
  await getDb()
    .update(smsCodes)
    .set({
      createdAt: sql`least(${smsCodes.createdAt}, now() - make_interval(secs => ${seconds}))`,
    })
    .where(eq(smsCodes.mobile, mobile));
}

/**
 * Daily SMS limits count per China day (midnight Beijing time). A test that counts a day's sends
 * and backdates them a minute must not start in the first minutes of that day: it waits them out
 * (at most 90 s, only in that window).
 */
export async function awayFromChinaMidnight(): Promise<void> {
  const r = await getDb().execute<{ s: number }>(sql`
    select extract(epoch from (now() at time zone 'Asia/Shanghai')
      - date_trunc('day', now() at time zone 'Asia/Shanghai'))::float8 as s`);
  const intoDay = Number(r.rows[0].s);
  if (intoDay < 90) await new Promise((resolve) => setTimeout(resolve, (90 - intoDay) * 1000));
}

export type LoginData = {
  userId: number;
  accessToken: string;
  refreshToken: string;
  expiresTime: number;
  tenantId: number;
};

export async function passwordLogin(
  username: string,
  password: string,
  opts: { ip?: string; rememberMe?: boolean } = {},
) {
  return callApi<LoginData>('POST', '/system/auth/login', {
    body: {
      username,
      password,
      rememberMe: opts.rememberMe ?? true,
      captchaVerification: await passCaptcha(),
    },
    ip: opts.ip,
  });
}

/** POST /system/auth/send-sms-code with a passed captcha (or `captcha`), from a fresh address. */
export async function sendSmsCodeRequest(
  mobile: string,
  scene = 21,
  opts: { ip?: string; token?: string; captcha?: string | null } = {},
) {
  const captchaVerification =
    opts.captcha === null ? undefined : (opts.captcha ?? (await passCaptcha()));
  return callApi<string | null>('POST', '/system/auth/send-sms-code', {
    body: { mobile, scene, captchaVerification },
    ip: opts.ip ?? freshIp(),
    token: opts.token,
  });
}
