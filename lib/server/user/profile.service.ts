import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { joinRequests, roles, socialUsers, tenants, userRoles, users } from '@/db/schema';
import { apiError } from '../api/api-error';
import type { ClientInfo } from '../api/client-info';
import { SOCIAL_TYPE_WECHAT_MP } from '../wechat/wechat.adapter';
import { revokeUserSessions } from '../auth/token.service';
import { publishToUser } from '../push/push.service';
import { audit } from '../track/audit.service';
import { findActiveUserById } from './user.repository';
import { JOIN_STATUS } from '../tenant/membership.service';

/** yudao's GET /system/user/profile/get shape. */
export type UserProfile = {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  sex: number;
  avatar: string;
  loginIp: string;
  loginDate: number | null;
  createTime: number;
  roles: { id: number; name: string; code: string }[];
  dept: null;
  posts: null;
  socialUsers: { type: number; openid: string }[];
};

/** Spec 3 user session parts returned by GET /system/sztk_user/profile/get. */
export type SztkProfile = {
  id: number;
  name: string;
  nickname: string;
  avatar: string;
  accountInfo: {
    id: number;
    mobile: string;
    username: string;
    sztkCompany: string;
    sztkIndustry: string;
    sztkDept: string;
    sztkIdentity: string;
    buildingList: string[];
  };
  enterpriseInfo: { id: number | null; name: string; logo: string; version: number };
  profileInfo: { weixinOpenId: string | null };
  /** Latest join request of a user still waiting for an enterprise, else null. */
  reviewStatus: { mobile: string; status: number } | null;
  /** True when the account has a password (the account centre shows 设置 or 修改). */
  hasPassword: boolean;
};

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
      buildingList: [],
    },
    enterpriseInfo: {
      id: tenant?.id ?? null,
      name: tenant?.name ?? '',
      logo: tenant?.logo ?? '',
      version: edition,
    },
    profileInfo: { weixinOpenId: social?.openid ?? null },
    reviewStatus,
    hasPassword: !!user.passwordHash,
  };
}

/** Message for sessions ended by an account change (the client logs out and shows it). */
export const RELOGIN_MESSAGE = (content: string) => ({ type: 'relogin', content });

/**
 * Ends every session of a user (all but `keep`, when given) and tells the open tabs why. The tab
 * that made the change (`quiet`) is not told: it shows its own success message and signs out by
 * itself (spec 4.7), which a push arriving first would cut short.
 */
export async function endSessions(
  userId: number,
  reason: string,
  text: string,
  opts: { keep?: number; quiet?: number } = {},
): Promise<void> {
  const revoked = await revokeUserSessions(userId, reason, opts.keep);
  const told = revoked.filter((id) => id !== opts.quiet);
  if (told.length > 0) {
    await publishToUser(userId, RELOGIN_MESSAGE(text), { onlyRefreshTokenIds: told }).catch(
      () => undefined,
    );
  }
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
  await endSessions(userId, 'deleted', '账号已注销', { quiet: actingRefreshTokenId });
  await audit('account_deleted', { tenantId: user.tenantId, userId, client });
}
