import 'server-only';
import {
  assignRoleDataScope,
  assignRoleMenu,
  createRole,
  deleteRole,
  getRole,
  getRoleDataScope,
  getRolePage,
  listAllSimpleMenus,
  listAllSimpleRoles,
  listRoleMenus,
  updateRole,
} from '@/lib/shared/role/role.contract';
import { defineRoute } from '@/lib/server/platform';
import * as roleService from './role.service';

export const roleRoutes = [
  defineRoute(getRolePage, ({ auth, query }) => roleService.rolePage(auth, query)),
  defineRoute(listAllSimpleRoles, ({ auth }) => roleService.listSimpleRoles(auth)),
  defineRoute(getRole, ({ auth, query }) => roleService.getRoleView(auth, query.id)),
  defineRoute(createRole, ({ auth, body, client }) => roleService.createRole(auth, body, client)),
  defineRoute(updateRole, ({ auth, body, client }) => roleService.updateRole(auth, body, client)),
  defineRoute(deleteRole, ({ auth, query, client }) =>
    roleService.deleteRole(auth, query.id, client),
  ),
  defineRoute(listRoleMenus, ({ auth, query }) => roleService.listRoleMenuIds(auth, query.roleId)),
  defineRoute(assignRoleMenu, ({ auth, body, client }) =>
    roleService.assignRoleMenus(auth, body, client),
  ),
  defineRoute(assignRoleDataScope, ({ auth, body }) => roleService.assignRoleDataScope(auth, body)),
  defineRoute(getRoleDataScope, ({ auth }) => roleService.roleDataScope(auth)),
  defineRoute(listAllSimpleMenus, ({ auth }) => roleService.listAssignableMenus(auth)),
];
