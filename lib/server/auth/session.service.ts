import 'server-only';
import type { PermissionInfo, RefreshedToken } from '@/lib/shared/auth/auth.contract';
import { apiError } from '../api/api-error';
import { findActiveUserById } from '../user/user.repository';
import { refreshAccessToken, revokeSession } from './token.service';

export type { PermissionInfo, RefreshedToken };

/** A new access token for a live refresh token; 401 when it is unknown, expired or revoked. */
export async function refreshSession(refreshToken: string): Promise<RefreshedToken> {
  const issued = await refreshAccessToken(refreshToken);
  if (!issued) throw apiError('UNAUTHORIZED');
  return {
    userId: issued.userId,
    tenantId: issued.tenantId,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresTime: issued.expiresTime,
  };
}

/** Ends the caller's session, if any (logging out without a valid token still succeeds). */
export async function logout(auth: { refreshTokenId: number } | null): Promise<boolean> {
  if (auth) await revokeSession(auth.refreshTokenId, 'logout');
  return true;
}

/** Roles, permissions and the user of the session (spec 3 "user info response"). */
export async function permissionInfo(auth: {
  userId: number;
  roles: string[];
  permissions: ReadonlySet<string>;
}): Promise<PermissionInfo> {
  const user = await findActiveUserById(auth.userId);
  return {
    roles: auth.roles,
    permissions: [...auth.permissions],
    user: user
      ? {
          id: user.id,
          avatar: user.avatar ?? '',
          userName: user.username,
          nickname: user.nickname,
          tenantId: user.tenantId,
        }
      : null,
  };
}
