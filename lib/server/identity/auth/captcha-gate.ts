import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, apiError, type ClientInfo } from '@/lib/server/platform';
import { captchaChallenges } from '@/db/schema';
import {
  getCaptchaProvider,
  parseProviderTicket,
  type CaptchaProvider,
} from '../captcha/captcha-provider';

/**
 * Consumes a captchaVerification once (API-NOTES: remembered 180 s after a pass, checked once and
 * deleted). Same contract as the captcha service's consumeVerification.
 */
export async function consumeCaptchaVerification(captchaVerification: string): Promise<boolean> {
  if (!captchaVerification || captchaVerification.length > 1000) return false;
  const rows = await getDb()
    .update(captchaChallenges)
    .set({ verificationUsedAt: sql`now()` })
    .where(
      and(
        eq(captchaChallenges.verification, captchaVerification),
        isNull(captchaChallenges.verificationUsedAt),
        gt(captchaChallenges.verificationExpiresAt, sql`now()`),
      ),
    )
    .returning({ token: captchaChallenges.token });
  return rows.length > 0;
}

/**
 * Password login and every SMS send need a fresh captcha pass (spec section 5): of the built-in
 * slider, or of the commercial provider when one is configured (captcha-provider.ts, issue 28).
 */
export async function requireCaptcha(
  captchaVerification: string | null | undefined,
  client: Pick<ClientInfo, 'ip'>,
): Promise<void> {
  if (!captchaVerification)
    throw apiError('AUTH_LOGIN_CAPTCHA_CODE_ERROR', { reason: '请先完成安全验证' });
  const provider = getCaptchaProvider();
  const passed = provider
    ? await verifyWithProvider(provider, captchaVerification, client.ip)
    : await consumeCaptchaVerification(captchaVerification);
  if (!passed) {
    throw apiError('AUTH_LOGIN_CAPTCHA_CODE_ERROR', { reason: '验证已失效，请重新验证' });
  }
}

async function verifyWithProvider(
  provider: CaptchaProvider,
  captchaVerification: string,
  ip: string,
): Promise<boolean> {
  const ticket = parseProviderTicket(captchaVerification);
  return ticket !== null && provider.verify(ticket, ip);
}
