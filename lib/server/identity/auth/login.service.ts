import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { getDb, apiError, type ClientInfo, OFFLINE_MESSAGE, audit } from '@/lib/server/platform';
import { loginFailures, tenants, users } from '@/db/schema';
import type {
  LoginResult,
  PasswordLoginInput,
  ResetPasswordInput,
} from '@/lib/shared/auth/auth.contract';
import { SMS_SCENES } from '@/lib/shared/validation';
import { consumeSmsCode } from '@/lib/server/identity/auth/sms.service';
import { issueTokens } from './token.service';
import { endSessions, reloginNotice } from './session-end';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { requireCaptcha } from './captcha-gate';
import { mintOneTimeCode } from './one-time-code.service';
import {
  findActiveUserByLogin,
  findActiveUserByMobile,
  type UserRow,
} from '../user/user.repository';
import { JOIN_STATUS, latestJoinRequest } from '../tenant/membership.service';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Lifetime of the ticket that lets a user without an enterprise finish binding one. */
export const BIND_TICKET_TTL_MS = 30 * 60 * 1000;

export type LoginMethod = 'password' | 'sms' | 'qrcode' | 'wx_web' | 'signup' | 'bind';

export type { LoginResult };

/** data of 1002000010 and 1002000013: lets the login modal finish binding an enterprise. */
export type NoEnterpriseData = { bindTicket: string; mobile: string };

export async function mintBindTicket(user: Pick<UserRow, 'id' | 'mobile'>): Promise<string> {
  return mintOneTimeCode('bind_enterprise', {
    userId: user.id,
    payload: { mobile: user.mobile },
    ttlMs: BIND_TICKET_TTL_MS,
  });
}

/**
 * The end of every login method: a user needs an active tenant (else 1002000010 with a bind
 * ticket, or 1002000013 while a join request is pending or was rejected); then a session is
 * issued and, when the tenant allows one session per user, older sessions are forced offline.
 */
export async function completeLogin(
  user: UserRow,
  opts: { remember: boolean; client: ClientInfo; method: LoginMethod },
): Promise<LoginResult> {
  if (user.status !== 0) throw apiError('AUTH_LOGIN_USER_DISABLED');
  const db = getDb();
  let tenant: typeof tenants.$inferSelect | null = null;
  if (user.tenantId !== null) {
    const [t] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId)).limit(1);
    tenant = t && !t.deletedAt ? t : null;
  }
  if (!tenant) {
    const bindTicket = await mintBindTicket(user);
    const request = await latestJoinRequest(user.id);
    if (
      request &&
      (request.status === JOIN_STATUS.pending || request.status === JOIN_STATUS.rejected)
    ) {
      throw apiError('AUTH_JOIN_PENDING_OR_REJECTED', undefined, {
        mobile: user.mobile ?? '',
        status: request.status,
        tenantName: request.tenantName,
        bindTicket,
      });
    }
    throw apiError('AUTH_NO_ENTERPRISE', undefined, {
      bindTicket,
      mobile: user.mobile ?? '',
    } satisfies NoEnterpriseData);
  }
  if (tenant.status !== 0) throw apiError('TENANT_DISABLED');

  const issued = await issueTokens(user.id, tenant.id, {
    remember: opts.remember,
    ip: opts.client.ip,
    userAgent: opts.client.userAgent,
  });
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()`, lastLoginIp: opts.client.ip, lockedUntil: null })
    .where(eq(users.id, user.id));
  if (tenant.singleSession)
    await endSessions(user.id, 'offline', { keep: issued.refreshTokenId, notice: OFFLINE_MESSAGE });
  await audit('login', {
    tenantId: tenant.id,
    userId: user.id,
    detail: { method: opts.method },
    client: opts.client,
  });
  return {
    userId: user.id,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresTime: issued.expiresTime,
    tenantId: tenant.id,
  };
}

async function recentFailures(username: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, username),
        gt(loginFailures.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

function lockedMinutes(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
}

/**
 * Account-and-password login (captcha already consumed by the route). Five wrong passwords within
 * 15 minutes lock the account for 15 minutes; the fifth answer already says so.
 */
export async function passwordLogin(
  input: { username: string; password: string; rememberMe: boolean },
  client: ClientInfo,
): Promise<LoginResult> {
  const login = input.username.trim();
  const user = await findActiveUserByLogin(login);
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw apiError('AUTH_ACCOUNT_LOCKED', { minutes: lockedMinutes(user.lockedUntil) });
  }
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    // Failures are counted by the account name typed, so unknown names cannot be told apart.
    const key = user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
    await getDb().insert(loginFailures).values({ username: key, ip: client.ip });
    const failures = await recentFailures(key);
    await audit('login_failed', {
      tenantId: user?.tenantId ?? null,
      userId: user?.id ?? null,
      target: login.slice(0, 64),
      client,
    });
    if (user && failures >= LOGIN_FAILURE_LIMIT) {
      const until = new Date(Date.now() + LOGIN_LOCK_MS);
      await getDb().update(users).set({ lockedUntil: until }).where(eq(users.id, user.id));
      await audit('account_locked', { tenantId: user.tenantId, userId: user.id, client });
      throw apiError('AUTH_ACCOUNT_LOCKED', { minutes: lockedMinutes(until) });
    }
    throw apiError('AUTH_LOGIN_BAD_CREDENTIALS');
  }
  await getDb()
    .delete(loginFailures)
    .where(eq(loginFailures.username, `user:${user.id}`));
  return completeLogin(user, { remember: input.rememberMe, client, method: 'password' });
}

/** POST /system/auth/login: the captcha pass is consumed first, then the password is checked. */
export async function captchaPasswordLogin(
  input: PasswordLoginInput,
  client: ClientInfo,
): Promise<LoginResult> {
  await requireCaptcha(input.captchaVerification, client);
  return passwordLogin(input, client);
}

/** Password changes and resets also lift a lock-out. */
export async function clearLoginFailures(userId: number): Promise<void> {
  await getDb()
    .delete(loginFailures)
    .where(eq(loginFailures.username, `user:${userId}`));
  await getDb().update(users).set({ lockedUntil: null }).where(eq(users.id, userId));
}

/** Forgotten password: an SMS code (scene 4) sets a new one and every session ends. */
export async function resetPasswordBySms(
  input: ResetPasswordInput,
  client: ClientInfo,
): Promise<boolean> {
  const user = await findActiveUserByMobile(input.mobile);
  if (!user) throw apiError('USER_MOBILE_NOT_FOUND');
  await consumeSmsCode(input.mobile, SMS_SCENES.resetPassword, input.verificationCode);
  await getDb()
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await clearLoginFailures(user.id);
  await endSessions(user.id, 'password', { notice: reloginNotice('密码已重置，请重新登录') });
  await audit('password_reset', { tenantId: user.tenantId, userId: user.id, client });
  return true;
}
