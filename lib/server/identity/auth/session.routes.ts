import {
  getPermissionInfo,
  listMenus,
  logout,
  refreshToken,
} from '@/lib/shared/auth/auth.contract';
import { defineRoute } from '@/lib/server/platform';
import { loadMenuTree } from '../menu/menu.service';
import * as session from './session.service';

export const sessionRoutes = [
  defineRoute(refreshToken, ({ query }) => session.refreshSession(query.refreshToken)),
  defineRoute(logout, ({ auth, query }) => session.logout(auth, query.refreshToken)),
  defineRoute(getPermissionInfo, ({ auth }) => session.permissionInfo(auth)),
  defineRoute(listMenus, ({ auth }) =>
    loadMenuTree(auth.roles, [...auth.permissions], auth.tenantId),
  ),
];
