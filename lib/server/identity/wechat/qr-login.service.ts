import 'server-only';
import type { LoginResult } from '@/lib/shared/auth/auth.contract';
import { SMS_SCENES } from '@/lib/shared/validation';
import type {
  QrScene,
  QrTicketInfo,
  WxBindMobileLoginBody,
} from '@/lib/shared/wechat/wechat.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  ApiError,
  type AuthContext,
  apiError,
  type ClientInfo,
  audit,
} from '@/lib/server/platform';
import { completeLogin } from '../auth/login.service';
import { bindAndLogin, createMobileUser } from '../auth/signup.service';
import { consumeSmsCode } from '@/lib/server/identity/auth/sms.service';
import { findActiveUserById, findActiveUserByMobile } from '../user/user.repository';
import {
  bindSocial,
  bindTicketStatus,
  consumeTicket,
  createQrTicket,
  findBoundUserId,
  findTicket,
  isLive,
  QR_STATUS,
  requireScannedLoginTicket,
} from './qr.service';
import { getWechatAdapter } from './wechat.config';

/** A login ticket for anyone; a bind ticket only for a signed-in caller (401 otherwise). */
export async function createTicketFor(
  scene: QrScene,
  auth: AuthContext | null,
): Promise<QrTicketInfo> {
  if (scene === 'bind' && !auth) throw apiError('UNAUTHORIZED');
  return createQrTicket(scene, scene === 'bind' ? auth!.userId : null);
}

/**
 * The poll. Bind tickets answer their status (0-3) to the requesting user; login tickets answer 2
 * once scanned by a bound WeChat, or throw 1002000009 / 1002000011 / 1002000005 (data = status).
 */
export async function qrTicketStatus(ticket: string, auth: AuthContext | null): Promise<number> {
  const row = await findTicket(ticket);
  if (row?.scene === 'bind') {
    if (!auth) throw apiError('UNAUTHORIZED');
    return bindTicketStatus(ticket, auth.userId);
  }
  const scanned = await requireScannedLoginTicket(ticket);
  const userId = await findBoundUserId({ openid: scanned.openid });
  if (userId === null) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND', undefined, QR_STATUS.done);
  return QR_STATUS.done;
}

/** Exchanges a scanned login ticket for a session; the ticket is used once. */
export async function loginByQrTicket(
  input: { ticket: string; rememberMe: boolean },
  client: ClientInfo,
): Promise<LoginResult> {
  const scanned = await requireScannedLoginTicket(input.ticket);
  const userId = await findBoundUserId({ openid: scanned.openid });
  if (userId === null) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND');
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('AUTH_THIRD_LOGIN_NOT_BIND');
  const result = await completeLogin(user, {
    remember: input.rememberMe,
    client,
    method: 'qrcode',
  });
  if (!(await consumeTicket(input.ticket))) throw apiError('AUTH_QR_TICKET_EXPIRED');
  return result;
}

/** SMS code failures: missing, wrong, expired or used. */
const SMS_CODE_FAILURES = new Set<number>([
  ERRORS.SMS_CODE_NOT_FOUND.code,
  ERRORS.SMS_CODE_EXPIRED.code,
  ERRORS.SMS_CODE_USED.code,
]);

/**
 * The SMS code of the bind-phone step. Binding an existing account answers a bad code with the SMS
 * codes (spec 4.2: 1002014000, nothing more); registering a new phone there answers 1002000008
 * (spec 8: captcha wrong at register, fed to the QR-login flow), and creates nothing.
 */
async function proveMobile(
  mobile: string,
  smsCode: string | null | undefined,
  registering: boolean,
): Promise<void> {
  try {
    if (!smsCode) throw apiError('SMS_CODE_NOT_FOUND');
    await consumeSmsCode(mobile, SMS_SCENES.login, smsCode);
  } catch (err) {
    if (registering && err instanceof ApiError && SMS_CODE_FAILURES.has(err.code))
      throw apiError('AUTH_REGISTER_CAPTCHA_CODE_ERROR');
    throw err;
  }
}

/**
 * After a scan by a WeChat without an account: binds it to the phone's account (registering a new
 * phone), optionally binds an enterprise, and logs in.
 */
export async function bindMobileAndLogin(
  body: WxBindMobileLoginBody,
  client: ClientInfo,
): Promise<LoginResult> {
  const row = await findTicket(body.ticket);
  if (!row || row.scene !== 'login' || !isLive(row)) throw apiError('AUTH_QR_TICKET_EXPIRED');
  if (!row.openid) throw apiError('AUTH_QR_WAITING');
  const openid = row.openid;
  const owner = await findBoundUserId({ openid });
  let user = await findActiveUserByMobile(body.mobile);
  // Second step of the same flow (enterprise completion after 1002000010): this ticket's
  // WeChat is already bound to this phone's account, which proved the phone a moment ago.
  const continuing = owner !== null && user !== null && owner === user.id;
  if (!continuing) {
    if (owner !== null) throw apiError('SOCIAL_ALREADY_BOUND');
    await proveMobile(body.mobile, body.smsCode, user === null);
    user ??= await createMobileUser(body.mobile, client);
    await bindSocial(user.id, { openid });
    await audit('social_bind', {
      tenantId: user.tenantId,
      userId: user.id,
      client,
      detail: { via: 'qr-login' },
    });
  }
  const opts = { remember: body.rememberMe, client, method: 'qrcode' as const };
  const input = {
    companyId: body.companyId,
    companyName: body.companyName,
    invitationCode: body.invitationCode,
  };
  const wantsBind = !!(input.companyId || input.companyName || input.invitationCode);
  const result =
    wantsBind && user!.tenantId === null
      ? await bindAndLogin(user!.id, input, opts)
      : await completeLogin(user!, opts);
  await consumeTicket(body.ticket);
  return result;
}

/** WeChat web-authorisation code → session of the bound account. */
export async function loginByWebCode(code: string, client: ClientInfo): Promise<LoginResult> {
  const identity = await getWechatAdapter().exchangeWebCode(code);
  if (!identity) throw apiError('AUTH_WEIXIN_CODE_INVALID');
  const userId = await findBoundUserId(identity);
  const user = userId !== null ? await findActiveUserById(userId) : null;
  if (!user) throw apiError('AUTH_WEIXIN_NOT_BOUND');
  return completeLogin(user, { remember: true, client, method: 'wx_web' });
}
