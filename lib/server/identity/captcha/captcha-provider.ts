import { TENCENT_CAPTCHA_SCRIPT_DEFAULT, type CaptchaWidget } from '@/lib/shared/captcha/protocol';
import { createTencentCaptchaProvider, type TencentCaptchaConfig } from './tencent-captcha.adapter';

/**
 * Who checks a captcha pass (issue 28 item 2). A self-hosted image puzzle only raises the cost of
 * a script; a maintained commercial service (risk scoring, device signals, puzzles that change)
 * raises it further. The built-in slider (lib/server/identity/captcha, AJ-Captcha protocol) is the default;
 * CAPTCHA_PROVIDER=tencent with the TENCENT_CAPTCHA_* keys puts Tencent Cloud 天御 captcha behind
 * the same gate (lib/server/identity/auth/captcha-gate.ts).
 */
export type CaptchaTicket = { ticket: string; randstr: string };

export type CaptchaProvider = {
  readonly kind: 'tencent';
  /** What the browser loads to get a ticket (GET /system/captcha/provider). */
  readonly widget: Extract<CaptchaWidget, { provider: 'tencent' }>;
  /** Asks the provider whether this ticket is a fresh pass of a person at `userIp`. */
  verify: (ticket: CaptchaTicket, userIp: string) => Promise<boolean>;
};

/**
 * What a browser sends as captchaVerification when a provider is on: the provider's ticket and
 * randstr as JSON, {"ticket": "...", "randstr": "..."}. Null when it is not that.
 */
export function parseProviderTicket(captchaVerification: string): CaptchaTicket | null {
  if (captchaVerification.length > 4000 || !captchaVerification.startsWith('{')) return null;
  try {
    const v = JSON.parse(captchaVerification) as Partial<CaptchaTicket>;
    if (typeof v.ticket === 'string' && typeof v.randstr === 'string' && v.ticket && v.randstr)
      return { ticket: v.ticket, randstr: v.randstr };
  } catch {
    // not JSON
  }
  return null;
}

export function tencentCaptchaConfigFromEnv(
  env: Partial<Record<string, string>> = process.env,
): TencentCaptchaConfig | null {
  if ((env.CAPTCHA_PROVIDER ?? '').toLowerCase() !== 'tencent') return null;
  const { TENCENT_CAPTCHA_SECRET_ID, TENCENT_CAPTCHA_SECRET_KEY } = env;
  const appId = Number(env.TENCENT_CAPTCHA_APP_ID);
  const appSecretKey = env.TENCENT_CAPTCHA_APP_SECRET_KEY;
  if (!TENCENT_CAPTCHA_SECRET_ID || !TENCENT_CAPTCHA_SECRET_KEY || !appSecretKey || !appId) {
    throw new Error(
      'CAPTCHA_PROVIDER=tencent 需要 TENCENT_CAPTCHA_SECRET_ID、TENCENT_CAPTCHA_SECRET_KEY、TENCENT_CAPTCHA_APP_ID 和 TENCENT_CAPTCHA_APP_SECRET_KEY',
    );
  }
  const scriptUrl = env.TENCENT_CAPTCHA_SCRIPT_URL || TENCENT_CAPTCHA_SCRIPT_DEFAULT;
  // The page's CSP admits only an https origin (platform/http/external-sources.ts).
  if (!/^https:\/\/[^/@]+\//.test(scriptUrl))
    throw new Error('TENCENT_CAPTCHA_SCRIPT_URL 必须是 https:// 开头的脚本地址');
  return {
    secretId: TENCENT_CAPTCHA_SECRET_ID,
    secretKey: TENCENT_CAPTCHA_SECRET_KEY,
    captchaAppId: appId,
    appSecretKey,
    endpoint: env.TENCENT_CAPTCHA_ENDPOINT || undefined,
    scriptUrl,
  };
}

const overrideKey = Symbol.for('leadradar.captcha.provider');
type G = typeof globalThis & { [overrideKey]?: CaptchaProvider | null };

/** The configured commercial provider, or null for the built-in slider (the default). */
export function getCaptchaProvider(): CaptchaProvider | null {
  const override = (globalThis as G)[overrideKey];
  if (override !== undefined) return override;
  const tencent = tencentCaptchaConfigFromEnv();
  return tencent ? createTencentCaptchaProvider(tencent) : null;
}

/** Tests swap in a provider (null: the built-in slider; undefined: back to the environment). */
export function setCaptchaProviderForTests(provider: CaptchaProvider | null | undefined): void {
  (globalThis as G)[overrideKey] = provider;
}

/** The captcha the browser shows: the configured provider's widget, or the built-in slider. */
export function captchaWidget(): CaptchaWidget {
  return getCaptchaProvider()?.widget ?? { provider: 'builtin' };
}
