import 'server-only';
import type { PermissionInfo, RefreshedToken } from '@/lib/shared/auth/auth.contract';
import { apiError } from '@/lib/server/platform';
import { findActiveUserById } from '../user/user.repository';
import { endSessions, reloginNotice } from './session-end';
import { rotateRefreshToken, sessionOfRefreshToken, type SessionRef } from './token.service';

export type { PermissionInfo, RefreshedToken };

/**
 * A new access token and a new refresh token for a live refresh token; 401 when it is unknown,
 * expired or revoked. A refresh token that was already used means a copy exists: the session it
 * belonged to ends, for whoever holds either copy.
 */
export async function refreshSession(refreshToken: string): Promise<RefreshedToken> {
  const outcome = await rotateRefreshToken(refreshToken);
  if (outcome.status === 'reused') {
    await endSessions(outcome.session.userId, 'reuse', {
      only: outcome.session.refreshTokenId,
      notice: reloginNotice('登录状态已失效，请重新登录'),
    });
  }
  if (outcome.status !== 'rotated') throw apiError('UNAUTHORIZED');
  const issued = outcome.tokens;
  return {
    userId: issued.userId,
    tenantId: issued.tenantId,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresTime: issued.expiresTime,
  };
}

/**
 * Ends the caller's session: the one its access token belongs to or, when that has expired (a tab
 * left idle), the one its refresh token names. Logging out without either still succeeds.
 */
export async function logout(auth: SessionRef | null, refreshToken?: string): Promise<boolean> {
  const session = auth ?? (refreshToken ? await sessionOfRefreshToken(refreshToken) : null);
  if (session) await endSessions(session.userId, 'logout', { only: session.refreshTokenId });
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
