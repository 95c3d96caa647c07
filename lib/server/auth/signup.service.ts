import { eq } from 'drizzle-orm';
import { getDb } from '../db';
import { users } from '@/db/schema';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { ClientInfo } from '../api/client-info';
import { bindEnterprise, type BindEnterpriseInput } from '../tenant/membership.service';
import { findActiveUserById, findActiveUserByMobile, type UserRow } from '../user/user.repository';
import { findValidInvitation } from '../invitation/invitation.service';
import { completeLogin, type LoginMethod, type LoginResult } from './login.service';
import { mintOneTimeCode } from './one-time-code.service';
import { audit } from '../track/audit.service';

export const REGISTER_TICKET_TTL_MS = 30 * 60 * 1000;

/** data of 1002003003: proves the phone was verified, so sign-up needs no second code. */
export type RegisterTicketData = { registerTicket: string; mobile: string };

export async function mintRegisterTicket(mobile: string): Promise<string> {
  return mintOneTimeCode('register', { payload: { mobile }, ttlMs: REGISTER_TICKET_TTL_MS });
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
