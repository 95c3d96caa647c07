import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { apiError } from '../api/api-error';
import { hasPermission } from '@/lib/shared/auth/permission';
import { INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';
import { readOneTimeCode } from '../auth/one-time-code.service';
import {
  getOrCreateInvitation,
  getInvitationInfoByCode,
  pageInvitationRecords,
  resetInvitation,
} from './invitation.service';
import {
  cancelJoinRequests,
  handleAllJoinRequests,
  handleJoinRequest,
  pageJoinRequests,
} from './join-request.service';
import { bindEnterprise } from '../tenant/membership.service';
import { findActiveUserById } from '../user/user.repository';
import { audit } from '../track/audit.service';

const tags = ['邀请与加入'];

/** Type 1 codes put people straight into the tenant: only administrators may hand them out. */
const DIRECT_INVITE_PERMISSION = 'system:invitation:create';
const JOIN_QUERY = 'system:join-request:query';
const JOIN_UPDATE = 'system:join-request:update';

const invitationInfo = z.object({
  code: z.string(),
  type: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  inviterName: z.string(),
  expireTimestamp: z.number(),
  link: z.string(),
});

const page = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

const typeSchema = z.coerce.number().int().min(0).max(1);

export const invitationRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/system/sztk_user/join/get-invitation-code',
    summary: '我的邀请码（没有则创建：默认 type 0 分享链接，365 天）',
    tags,
    access: 'tenant',
    query: z.object({ type: typeSchema.default(0) }),
    response: invitationInfo,
    handler: async ({ auth, query }) => {
      if (query.type === 1 && !hasPermission(auth.permissions, DIRECT_INVITE_PERMISSION))
        throw apiError('FORBIDDEN');
      return getOrCreateInvitation(auth.tenantId, auth.userId, query.type);
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk_user/join/reset-invitation-code',
    summary: '重置邀请链接（旧码作废）{type, day: 365}',
    tags,
    access: 'tenant',
    body: z.object({
      type: typeSchema.default(0),
      day: z.coerce.number().int().min(1).max(INVITATION_VALID_DAYS).default(INVITATION_VALID_DAYS),
    }),
    response: invitationInfo,
    handler: async ({ auth, body }) => {
      if (body.type === 1 && !hasPermission(auth.permissions, DIRECT_INVITE_PERMISSION))
        throw apiError('FORBIDDEN');
      return resetInvitation(auth.tenantId, auth.userId, body.type, body.day);
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/sztk_user/join/get-invitation-by-code',
    summary: '按邀请码查邀请信息（公开；过期 1002029002 邀请码已过期，不存在 1002029004）',
    tags,
    access: 'public',
    query: z.object({ code: z.string().trim().min(1).max(32) }),
    response: invitationInfo,
    handler: async ({ query }) => getInvitationInfoByCode(query.code),
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/sztk_user/join/invitation-record-page',
    summary: '邀请记录（成员看自己的，管理员看全企业）',
    tags,
    access: 'tenant',
    query: z.object({ ...page }),
    handler: async ({ auth, query }) =>
      pageInvitationRecords(auth.tenantId, {
        ...query,
        inviterUserId: hasPermission(auth.permissions, JOIN_QUERY) ? undefined : auth.userId,
      }),
  }),
  legacyRoute({
    method: 'POST',
    path: '/system/sztk_user/join/join-by-invitation',
    summary: '已登录用户通过邀请码加入企业（已是成员 1002029000）',
    tags,
    access: 'user',
    body: z.object({ invitationCode: z.string().trim().min(1).max(32) }),
    response: z.object({ outcome: z.string(), tenantId: z.number() }),
    handler: async ({ auth, body }) =>
      bindEnterprise(auth.userId, { invitationCode: body.invitationCode }),
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk_user/join/cancel-join',
    summary: '撤回加入申请（用 1002000013 返回的 bindTicket），data 为撤回条数',
    tags,
    access: 'public',
    body: z.object({ bindTicket: z.string().min(1).max(200) }),
    response: z.number(),
    handler: async ({ body, client }) => {
      const ticket = await readOneTimeCode('bind_enterprise', body.bindTicket);
      if (!ticket?.userId) throw apiError('AUTH_TICKET_INVALID');
      const n = await cancelJoinRequests(ticket.userId);
      const user = await findActiveUserById(ticket.userId);
      await audit('join_cancelled', {
        userId: ticket.userId,
        tenantId: user?.tenantId ?? null,
        client,
      });
      return n;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/system/sztk_user/join/join-request-page',
    summary: '加入申请分页（管理员）status 0 待审 1 通过 2 拒绝 3 撤回',
    tags,
    access: 'tenant',
    permission: JOIN_QUERY,
    query: z.object({ ...page, status: z.coerce.number().int().min(0).max(3).optional() }),
    handler: async ({ auth, query }) => pageJoinRequests(auth.tenantId, query),
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk_user/join/update-join-request',
    summary: '审批一条加入申请 {id, status: 1 通过 | 2 拒绝}',
    tags,
    access: 'tenant',
    permission: JOIN_UPDATE,
    body: z.object({
      id: z.coerce.number().int().positive(),
      status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
    }),
    response: z.boolean(),
    handler: async ({ auth, body, client }) => {
      await handleJoinRequest(auth.tenantId, body.id, body.status, auth.userId);
      await audit('join_request_handled', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        target: String(body.id),
        detail: { status: body.status },
        client,
      });
      return true;
    },
  }),
  legacyRoute({
    method: 'PUT',
    path: '/system/sztk_user/join/update-all-join-request',
    summary: '一键处理全部待审申请 {status}，data 为处理条数',
    tags,
    access: 'tenant',
    permission: JOIN_UPDATE,
    body: z.object({ status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }),
    response: z.number(),
    handler: async ({ auth, body, client }) => {
      const n = await handleAllJoinRequests(auth.tenantId, body.status, auth.userId);
      await audit('join_request_handled_all', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        detail: { status: body.status, n },
        client,
      });
      return n;
    },
  }),
];
