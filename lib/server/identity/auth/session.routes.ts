import 'server-only';
import {
  getPermissionInfo,
  listMenus,
  logout,
  refreshToken,
} from '@/lib/shared/auth/auth.contract';
import { defineRoute, ApiError } from '@/lib/server/platform';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { loadMenuTree } from '../menu/menu.service';
import * as session from './session.service';

export const sessionRoutes = [
  defineRoute(refreshToken, ({ query, body }) => {
    const token = body.refreshToken ?? query.refreshToken;
    if (!token) throw new ApiError(ERRORS.BAD_REQUEST.code, '缺少 refreshToken');
    return session.refreshSession(token);
  }),
  defineRoute(logout, ({ auth, query }) => session.logout(auth, query.refreshToken)),
  defineRoute(getPermissionInfo, ({ auth }) => session.permissionInfo(auth)),
  defineRoute(listMenus, ({ auth }) =>
    loadMenuTree(auth.roles, [...auth.permissions], auth.tenantId),
  ),
];
