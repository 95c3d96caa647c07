import 'server-only';
import {
  cancelJoin,
  getInvitationByCode,
  getInvitationCode,
  getInvitationRecordPage,
  getJoinRequestPage,
  joinByInvitation,
  resetInvitationCode,
  updateAllJoinRequests,
  updateJoinRequest,
} from '@/lib/shared/invitation/invitation.contract';
import { defineRoute } from '@/lib/server/platform';
import { bindEnterprise } from '../tenant/membership.service';
import {
  getInvitationInfoByCode,
  invitationRecordsVisibleTo,
  myInvitation,
  renewMyInvitation,
} from './invitation.service';
import {
  cancelJoinByTicket,
  decideAllJoinRequests,
  decideJoinRequest,
  pageJoinRequests,
} from './join-request.service';

export const invitationRoutes = [
  defineRoute(getInvitationCode, ({ auth, query }) => myInvitation(auth, query.type)),
  defineRoute(resetInvitationCode, ({ auth, body }) =>
    renewMyInvitation(auth, body.type, body.day),
  ),
  defineRoute(getInvitationByCode, ({ query }) => getInvitationInfoByCode(query.code)),
  defineRoute(getInvitationRecordPage, ({ auth, query }) =>
    invitationRecordsVisibleTo(auth, query),
  ),
  defineRoute(joinByInvitation, ({ auth, body }) =>
    bindEnterprise(auth.userId, { invitationCode: body.invitationCode }),
  ),
  defineRoute(cancelJoin, ({ body, client }) => cancelJoinByTicket(body.bindTicket, client)),
  defineRoute(getJoinRequestPage, ({ auth, query }) => pageJoinRequests(auth.tenantId, query)),
  defineRoute(updateJoinRequest, ({ auth, body, client }) =>
    decideJoinRequest({ ...auth, client }, body.id, body.status),
  ),
  defineRoute(updateAllJoinRequests, ({ auth, body, client }) =>
    decideAllJoinRequests({ ...auth, client }, body.status),
  ),
];
