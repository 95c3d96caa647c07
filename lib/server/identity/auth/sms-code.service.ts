import 'server-only';
import type { SendSmsCodeInput } from '@/lib/shared/auth/auth.contract';
import { SMS_SCENES } from '@/lib/shared/validation';
import { apiError, type ClientInfo, enforceSmsRisk } from '@/lib/server/platform';
import { sendSmsCode } from '@/lib/server/identity/auth/sms.service';
import { findActiveUserById, findActiveUserByMobile } from '../user/user.repository';
import { requireCaptcha } from './captcha-gate';

/**
 * POST /system/auth/send-sms-code: a fresh captcha pass, then the scene's rule on the phone, then
 * the risk rule per number, address and device (sms-risk.ts).
 * Changing the phone (6) and deleting the account (9) need a signed-in user; resetting the
 * password (4) needs the caller's own phone, or, signed out, a phone that has an account.
 * Answers the code itself in demo mode for a seeded demo account or a number without an account,
 * else null (the code then reaches only the phone, or the demo adapter's log).
 */
export async function sendAuthSmsCode(
  input: SendSmsCodeInput,
  userId: number | null,
  client: ClientInfo,
): Promise<string | null> {
  await requireCaptcha(input.captchaVerification, client);
  const { mobile, scene } = input;
  const me = userId !== null ? await findActiveUserById(userId) : null;
  if (scene === SMS_SCENES.changeMobile || scene === SMS_SCENES.deleteAccount) {
    if (!me) throw apiError('UNAUTHORIZED');
    if (scene === SMS_SCENES.deleteAccount && me.mobile !== mobile)
      throw apiError('SMS_MOBILE_NOT_OWN');
    if (scene === SMS_SCENES.changeMobile && me.mobile !== mobile) {
      const other = await findActiveUserByMobile(mobile);
      if (other) throw apiError('USER_MOBILE_EXISTS');
    }
  } else if (scene === SMS_SCENES.resetPassword) {
    if (me) {
      if (me.mobile !== mobile) throw apiError('SMS_MOBILE_NOT_OWN');
    } else if (!(await findActiveUserByMobile(mobile))) {
      throw apiError('USER_MOBILE_NOT_FOUND');
    }
  }
  await enforceSmsRisk(mobile, client);
  const { code } = await sendSmsCode(mobile, scene, client.ip, client.forwarded);
  return code;
}
