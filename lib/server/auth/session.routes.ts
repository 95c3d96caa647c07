import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { refreshAccessToken, revokeSession } from './token.service';
import { loadMenuTree } from '../menu/menu.service';
import { findActiveUserById } from '../user/user.repository';

const tags = ['认证'];

const tokenResponse = z.object({
  userId: z.number(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresTime: z.number(),
  tenantId: z.number().nullable(),
});

export const sessionRoutes = [
  legacyRoute({
    method: 'POST',
    path: '/system/auth/refresh-token',
    summary: '刷新访问令牌',
    tags,
    access: 'public',
    write: false,
    query: z.object({ refreshToken: z.string().min(1, '缺少 refreshToken') }),
    response: tokenResponse,
    handler: async ({ query }) => {
      const issued = await refreshAccessToken(query.refreshToken);
      if (!issued) throw apiError('UNAUTHORIZED');
      return {
        userId: issued.userId,
        tenantId: issued.tenantId,
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresTime: issued.expiresTime,
      };
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/auth/logout',
    summary: '退出登录（吊销令牌）',
    tags,
    access: 'public',
    write: false,
    handler: async ({ auth }) => {
      if (auth) await revokeSession(auth.refreshTokenId, 'logout');
      return true;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/auth/get-permission-info',
    summary: '当前用户的角色与权限',
    tags,
    access: 'user',
    handler: async ({ auth }) => {
      const user = await findActiveUserById(auth.userId);
      return {
        roles: auth.roles,
        permissions: [...auth.permissions],
        // Spec 3 "user info response": roles, permissions, user (id, avatar, userName, nickname).
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
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/auth/list-menus',
    summary: '当前用户的菜单树',
    tags,
    access: 'user',
    handler: async ({ auth }) => loadMenuTree(auth.roles, [...auth.permissions], auth.tenantId),
  }),
];
