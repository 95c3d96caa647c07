import 'server-only';
import {
  assignUserRole,
  assignUserRoleBatch,
  getUserPage,
  listUserRoles,
  removeMember,
  removeMemberBatch,
  updateUserDept,
  updateUserStatus,
  updateUserStatusBatch,
} from '@/lib/shared/user/user.contract';
import { defineRoute } from '@/lib/server/platform';
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
  defineRoute(updateUserDept, ({ auth, body, client }) =>
    members.setMembersDept(auth, body, client),
  ),
  defineRoute(updateUserStatusBatch, ({ auth, body, client }) =>
    members.setMembersStatus(auth, body, client),
  ),
  defineRoute(removeMemberBatch, ({ auth, query, client }) =>
    members.removeMembers(auth, query.ids, client),
  ),
  defineRoute(assignUserRoleBatch, ({ auth, body, client }) =>
    members.assignRolesToMembers(auth, body, client),
  ),
];
