import 'server-only';
import { eq } from 'drizzle-orm';
import {
  getDb,
  ApiError,
  apiError,
  type ClientInfo,
  audit,
  deviceFingerprint,
} from '@/lib/server/platform';
import { users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type {
  BindEnterpriseByTicketInput,
  SignUpByMobileInput,
  SmsLoginInput,
} from '@/lib/shared/auth/auth.contract';
import { SMS_SCENES } from '@/lib/shared/validation';
import { consumeSmsCode } from '@/lib/server/identity/auth/sms.service';
import { bindEnterprise, type BindEnterpriseInput } from '../tenant/membership.service';
import { findActiveUserById, findActiveUserByMobile, type UserRow } from '../user/user.repository';
import { findValidInvitation } from '../invitation/invitation.service';
import { completeLogin, type LoginMethod, type LoginResult } from './login.service';
import { consumeOneTimeCode, mintOneTimeCode, readOneTimeCode } from './one-time-code.service';
import { attachUserToOneTimeCode, type OneTimeCodeRow } from './one-time-code.service';

export const REGISTER_TICKET_TTL_MS = 30 * 60 * 1000;

/** data of 1002003003: proves the phone was verified, so sign-up needs no second code. */
export type RegisterTicketData = { registerTicket: string; mobile: string };

/**
 * A register ticket proves one thing: this phone was verified, by this browser, while it had no
 * account (issue 28 item 5: a ticket minted before someone else registered the number used to sign
 * into their account). It records both, and works only while they still hold: the same device, and
 * no account for the number except the one created with this very ticket (a sign-up retried after
 * a join request or a failed bind).
 */
type RegisterTicketPayload = { mobile: string; noAccount: true; device: string | null };

export async function mintRegisterTicket(mobile: string, client: ClientInfo): Promise<string> {
  const payload: RegisterTicketPayload = {
    mobile,
    noAccount: true,
    device: deviceFingerprint(client.device),
  };
  return mintOneTimeCode('register', { payload, ttlMs: REGISTER_TICKET_TTL_MS });
}

/** The live register ticket for `mobile` presented from `client`, or AUTH_TICKET_INVALID. */
async function readRegisterTicket(
  code: string,
  mobile: string,
  client: ClientInfo,
): Promise<OneTimeCodeRow> {
  const ticket = await readOneTimeCode('register', code);
  const payload = ticket?.payload as Partial<RegisterTicketPayload> | undefined;
  if (
    !ticket ||
    payload?.mobile !== mobile ||
    payload.noAccount !== true ||
    payload.device !== deviceFingerprint(client.device)
  )
    throw apiError('AUTH_TICKET_INVALID');
  return ticket;
}

/** A new account for a verified phone: the account name is the phone number. */
export async function createMobileUser(mobile: string, client: ClientInfo): Promise<UserRow> {
  const existing = await findActiveUserByMobile(mobile);
  if (existing) return existing;
  // A deleted account keeps its row; its name may still hold the number.
  const [free] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, mobile))
    .limit(1);
  const username = free ? `${mobile}_${Date.now().toString(36)}` : mobile;
  const [row] = await getDb()
    .insert(users)
    .values({ username, mobile, nickname: `用户${mobile.slice(-4)}` })
    .returning();
  await audit('register', {
    userId: row.id,
    client,
    detail: { mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}` },
  });
  return row;
}

/**
 * Binds an enterprise for a user without a tenant and logs in. Join requests end here with
 * 1002029003 (thrown by bindEnterprise).
 */
export async function bindAndLogin(
  userId: number,
  input: BindEnterpriseInput,
  opts: { remember: boolean; client: ClientInfo; method: LoginMethod },
): Promise<LoginResult> {
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  if (user.status !== 0) throw apiError('AUTH_LOGIN_USER_DISABLED');
  if (user.tenantId === null) await bindEnterprise(userId, input);
  const fresh = await findActiveUserById(userId);
  return completeLogin(fresh!, opts);
}

/** Validates what sign-up will need before anything is created (bad invitation → no orphan user). */
export async function precheckBindInput(input: BindEnterpriseInput): Promise<void> {
  if (input.invitationCode) await findValidInvitation(input.invitationCode);
  else if (!input.companyId && !input.companyName?.trim()) {
    throw new ApiError(ERRORS.BAD_REQUEST.code, '请输入企业名称');
  }
}

/**
 * SMS code login (scene 21). A phone without an account answers 1002003003 with a register
 * ticket; an invitation code binds the enterprise of a user who has none on the way in (spec 4.2).
 */
export async function smsLogin(
  input: SmsLoginInput,
  queryInvitationCode: string | null | undefined,
  client: ClientInfo,
): Promise<LoginResult> {
  await consumeSmsCode(input.mobile, SMS_SCENES.login, input.code);
  const user = await findActiveUserByMobile(input.mobile);
  if (!user) {
    const registerTicket = await mintRegisterTicket(input.mobile, client);
    throw apiError('USER_MOBILE_NOT_REGISTERED', undefined, {
      registerTicket,
      mobile: input.mobile,
    } satisfies RegisterTicketData);
  }
  const invitationCode = input.invitationCode || queryInvitationCode;
  const opts = { remember: input.rememberMe, client, method: 'sms' as const };
  if (user.tenantId === null && invitationCode)
    return bindAndLogin(user.id, { invitationCode }, opts);
  return completeLogin(user, opts);
}

/** Sign-up by phone (SMS code or register ticket) that binds an enterprise and logs in. */
export async function signUpByMobile(
  input: SignUpByMobileInput,
  client: ClientInfo,
): Promise<LoginResult> {
  const bind = {
    companyId: input.companyId,
    companyName: input.companyName,
    invitationCode: input.invitationCode,
  };
  await precheckBindInput(bind);
  const existing = await findActiveUserByMobile(input.mobile);
  if (existing && existing.tenantId !== null) throw apiError('USER_MOBILE_EXISTS');
  if (input.registerTicket) {
    const ticket = await readRegisterTicket(input.registerTicket, input.mobile, client);
    // The ticket proved "no account": only the account this ticket itself created may exist now.
    if (existing && existing.id !== ticket.userId) throw apiError('USER_MOBILE_EXISTS');
  } else if (input.smsCode) {
    await consumeSmsCode(input.mobile, SMS_SCENES.login, input.smsCode);
  } else {
    throw new ApiError(ERRORS.BAD_REQUEST.code, 'smsCode: 请输入正确的验证码');
  }
  const user = existing ?? (await createMobileUser(input.mobile, client));
  if (input.registerTicket && !existing)
    await attachUserToOneTimeCode('register', input.registerTicket, user.id);
  const result = await bindAndLogin(user.id, bind, {
    remember: input.rememberMe,
    client,
    method: 'signup',
  });
  if (input.registerTicket) await consumeOneTimeCode('register', input.registerTicket);
  return result;
}

/** Finishes a login that ended in 1002000010/1002000013: binds or joins an enterprise. */
export async function bindEnterpriseByTicket(
  input: BindEnterpriseByTicketInput,
  client: ClientInfo,
): Promise<LoginResult> {
  const ticket = await readOneTimeCode('bind_enterprise', input.bindTicket);
  if (!ticket?.userId) throw apiError('AUTH_TICKET_INVALID');
  const bind = {
    companyId: input.companyId,
    companyName: input.companyName,
    invitationCode: input.invitationCode,
  };
  await precheckBindInput(bind);
  const result = await bindAndLogin(ticket.userId, bind, {
    remember: input.rememberMe,
    client,
    method: 'bind',
  });
  await consumeOneTimeCode('bind_enterprise', input.bindTicket);
  return result;
}
