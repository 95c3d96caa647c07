import 'server-only';
import { shortEnterpriseName } from '@/lib/shared/geo/company-name';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  getDb,
  ApiError,
  apiError,
  type ClientInfo,
  storeUpload,
  audit,
} from '@/lib/server/platform';
import {
  estateFollows,
  joinRequests,
  roles,
  socialUsers,
  tenants,
  userRoles,
  users,
} from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type {
  MobileChangeInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  SztkProfile,
  UserProfile,
} from '@/lib/shared/user/user.contract';
import { AVATAR_MAX_BYTES, SMS_SCENES, maskMobile } from '@/lib/shared/validation';
import { SOCIAL_TYPE_WECHAT_MP } from '../wechat/wechat.adapter';
import { endSessions, reloginNotice } from '../auth/session-end';
import { hashPassword, verifyPassword } from '../auth/password';
import { clearLoginFailures } from '../auth/login.service';
import {
  consumeOneTimeCode,
  mintOneTimeCode,
  readOneTimeCode,
} from '../auth/one-time-code.service';
import { consumeSmsCode } from '@/lib/server/identity/auth/sms.service';
import { findActiveUserById, findActiveUserByMobile } from './user.repository';
import { JOIN_STATUS } from '../tenant/membership.service';

/** Lifetime of the authCode that proves the current phone before it is changed. */
export const AUTH_MOBILE_CODE_TTL_MS = 10 * 60 * 1000;

/** The session the caller acts from (the one that stays or is not told). */
type Actor = { userId: number; tenantId: number | null; refreshTokenId: number };

export type { SztkProfile, UserProfile };

async function socialOf(userId: number) {
  return getDb()
    .select({ type: socialUsers.type, openid: socialUsers.openid })
    .from(socialUsers)
    .where(eq(socialUsers.userId, userId));
}

export async function getUserProfile(userId: number): Promise<UserProfile> {
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  const roleRows = await getDb()
    .select({ id: roles.id, name: roles.name, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile ?? '',
    email: '',
    sex: 0,
    avatar: user.avatar ?? '',
    loginIp: user.lastLoginIp ?? '',
    loginDate: user.lastLoginAt?.getTime() ?? null,
    createTime: user.createdAt.getTime(),
    roles: roleRows,
    dept: null,
    posts: null,
    socialUsers: await socialOf(userId),
  };
}

export async function getSztkProfile(userId: number): Promise<SztkProfile> {
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  const db = getDb();
  const [tenant] = user.tenantId
    ? await db
        .select()
        .from(tenants)
        .where(and(eq(tenants.id, user.tenantId), isNull(tenants.deletedAt)))
        .limit(1)
    : [];
  const social = (await socialOf(userId)).find((s) => s.type === SOCIAL_TYPE_WECHAT_MP);
  let reviewStatus: SztkProfile['reviewStatus'] = null;
  if (!tenant) {
    const [req] = await db
      .select({ status: joinRequests.status, mobile: joinRequests.mobile })
      .from(joinRequests)
      .where(eq(joinRequests.userId, userId))
      .orderBy(sql`${joinRequests.createdAt} desc`)
      .limit(1);
    if (req && (req.status === JOIN_STATUS.pending || req.status === JOIN_STATUS.rejected)) {
      reviewStatus = { mobile: req.mobile ?? user.mobile ?? '', status: req.status };
    }
  }
  // Buildings (and parks) the member follows on their detail page (issue 30 item 5, ADR 0201).
  const buildingList = (
    await db
      .select({ id: estateFollows.estateId })
      .from(estateFollows)
      .where(eq(estateFollows.userId, userId))
      .orderBy(estateFollows.createdAt, estateFollows.estateId)
  ).map((r) => String(r.id));
  const edition =
    tenant && (!tenant.editionExpiresAt || tenant.editionExpiresAt.getTime() > Date.now())
      ? tenant.edition
      : 0;
  return {
    id: user.id,
    name: user.nickname,
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    accountInfo: {
      id: user.id,
      mobile: user.mobile ?? '',
      username: user.username,
      sztkCompany: tenant?.name ?? '',
      sztkIndustry: user.industry ?? '',
      sztkDept: user.deptName ?? '',
      sztkIdentity: user.identity ?? '',
      buildingList,
    },
    enterpriseInfo: {
      id: tenant?.id ?? null,
      name: tenant?.name ?? '',
      // Computed here: the place and suffix lists are too large to ship to every browser.
      shortName: tenant?.name ? shortEnterpriseName(tenant.name) : '',
      logo: tenant?.logo ?? '',
      version: edition,
    },
    profileInfo: { weixinOpenId: social?.openid ?? null },
    reviewStatus,
    hasPassword: !!user.passwordHash,
  };
}

/** Soft-deletes an account (spec 4.7): frees its phone and name, drops bindings, ends sessions. */
export async function deleteAccount(
  userId: number,
  client: ClientInfo,
  actingRefreshTokenId?: number,
): Promise<void> {
  const user = await findActiveUserById(userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        deletedAt: sql`now()`,
        status: 1,
        mobile: null,
        username: `deleted_${user.id}_${user.username}`.slice(0, 120),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx.delete(socialUsers).where(eq(socialUsers.userId, userId));
    await tx
      .update(joinRequests)
      .set({ status: JOIN_STATUS.cancelled, handledAt: sql`now()` })
      .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, JOIN_STATUS.pending)));
  });
  await endSessions(userId, 'deleted', {
    notice: reloginNotice('账号已注销'),
    quiet: actingRefreshTokenId,
  });
  await audit('account_deleted', { tenantId: user.tenantId, userId, client });
}

/** Nickname and the optional department, identity and industry of the account centre. */
export async function updateProfile(userId: number, input: ProfileUpdateInput): Promise<boolean> {
  const set: Partial<typeof users.$inferInsert> = { nickname: input.nickname };
  if (input.sztkDept !== undefined) set.deptName = input.sztkDept;
  if (input.sztkIdentity !== undefined) set.identity = input.sztkIdentity;
  if (input.sztkIndustry !== undefined) set.industry = input.sztkIndustry;
  await getDb()
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return true;
}

/** Stores the `avatarFile` of a multipart form (.jpg/.png by content, ≤2MB); returns its url. */
export async function updateAvatar(
  actor: { userId: number; tenantId: number | null },
  form: FormData | undefined,
): Promise<string> {
  const file = form?.get('avatarFile');
  if (!(file instanceof File))
    throw new ApiError(ERRORS.BAD_REQUEST.code, 'avatarFile: 请选择图片');
  const stored = await storeUpload(file, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    maxBytes: AVATAR_MAX_BYTES,
    allowed: ['png', 'jpg'],
    typeError: () => apiError('USER_AVATAR_INVALID'),
  });
  await getDb()
    .update(users)
    .set({ avatar: stored.url, updatedAt: sql`now()` })
    .where(eq(users.id, actor.userId));
  return stored.url;
}

/**
 * Password change by the old password or an SMS code (scene 4). The session that changed the
 * password stays; every other one must sign in again.
 */
export async function changePassword(
  actor: Actor,
  input: PasswordChangeInput,
  client: ClientInfo,
): Promise<boolean> {
  const user = await findActiveUserById(actor.userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  if (input.verificationCode) {
    if (!user.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
    await consumeSmsCode(user.mobile, SMS_SCENES.resetPassword, input.verificationCode);
  } else {
    if (!user.passwordHash) throw apiError('USER_PASSWORD_NOT_SET');
    if (!(await verifyPassword(input.oldPassword ?? '', user.passwordHash)))
      throw apiError('USER_PASSWORD_FAILED');
  }
  await getDb()
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await clearLoginFailures(user.id);
  await endSessions(user.id, 'password', {
    notice: reloginNotice('密码已修改，请重新登录'),
    keep: actor.refreshTokenId,
  });
  await audit('password_changed', { tenantId: actor.tenantId, userId: user.id, client });
  return true;
}

/** Step 1 of a phone change: proves the current phone (scene 6) and mints the authCode. */
export async function verifyCurrentMobile(
  userId: number,
  input: { mobile: string; verificationCode: string },
): Promise<string> {
  const user = await findActiveUserById(userId);
  if (!user?.mobile || user.mobile !== input.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
  await consumeSmsCode(input.mobile, SMS_SCENES.changeMobile, input.verificationCode);
  return mintOneTimeCode('auth_mobile', {
    userId,
    payload: { mobile: input.mobile },
    ttlMs: AUTH_MOBILE_CODE_TTL_MS,
  });
}

/** Step 2 of a phone change: the new phone (scene 6) and the authCode; every session ends. */
export async function changeMobile(
  actor: Actor,
  input: MobileChangeInput,
  client: ClientInfo,
): Promise<boolean> {
  const grant = await readOneTimeCode('auth_mobile', input.authCode);
  if (!grant || grant.userId !== actor.userId) throw apiError('USER_MOBILE_AUTH_CODE_INVALID');
  const user = await findActiveUserById(actor.userId);
  if (!user) throw apiError('USER_NOT_EXISTS');
  if (user.mobile === input.mobile) throw apiError('USER_MOBILE_SAME');
  const other = await findActiveUserByMobile(input.mobile);
  if (other) throw apiError('USER_MOBILE_EXISTS');
  await consumeSmsCode(input.mobile, SMS_SCENES.changeMobile, input.verificationCode);
  if (!(await consumeOneTimeCode('auth_mobile', input.authCode)))
    throw apiError('USER_MOBILE_AUTH_CODE_INVALID');
  // Accounts named after their phone number follow the new number.
  const rename = user.username === user.mobile;
  await getDb()
    .update(users)
    .set({
      mobile: input.mobile,
      ...(rename ? { username: input.mobile } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await endSessions(user.id, 'mobile', {
    notice: reloginNotice('手机号已修改，请重新登录'),
    quiet: actor.refreshTokenId,
  });
  await audit('mobile_changed', {
    tenantId: actor.tenantId,
    userId: user.id,
    client,
    detail: { to: maskMobile(input.mobile) },
  });
  return true;
}

/** Account deletion by the owner: own phone + SMS code (scene 9), then deleteAccount. */
export async function deleteOwnAccount(
  actor: Actor,
  input: { mobile: string; verificationCode: string },
  client: ClientInfo,
): Promise<boolean> {
  const user = await findActiveUserById(actor.userId);
  if (!user?.mobile || user.mobile !== input.mobile) throw apiError('SMS_MOBILE_NOT_OWN');
  await consumeSmsCode(input.mobile, SMS_SCENES.deleteAccount, input.verificationCode);
  await deleteAccount(actor.userId, client, actor.refreshTokenId);
  return true;
}
