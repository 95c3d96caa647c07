import {
  assignUserRole,
  getUserPage,
  listUserRoles,
  removeMember,
  updateUserStatus,
} from '@/lib/shared/user/user.contract';
import { defineRoute } from '../api/define-route';
import * as members from './member.service';

export const userAdminRoutes = [
  defineRoute(getUserPage, ({ auth, query }) => members.memberPage(auth.tenantId, query)),
  defineRoute(listUserRoles, ({ auth, query }) =>
    members.memberRoleIds(auth.tenantId, query.userId),
  ),
  defineRoute(assignUserRole, ({ auth, body, client }) =>
    members.assignMemberRoles(auth, body, client),
  ),
  defineRoute(updateUserStatus, ({ auth, body, client }) =>
    members.setMemberStatus(auth, body, client),
  ),
  defineRoute(removeMember, ({ auth, query, client }) =>
    members.removeMember(auth, query.id, client),
  ),
];
