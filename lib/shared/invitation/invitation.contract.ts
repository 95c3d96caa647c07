import { z } from 'zod';
import { defineContract, pageResponse } from '@/lib/shared/api/contract';
import { INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';

const tags = ['邀请与加入'];

/** Type 1 codes put people straight into the tenant: only administrators may hand them out. */
export const DIRECT_INVITE_PERMISSION = 'system:invitation:create';
export const JOIN_QUERY_PERMISSION = 'system:join-request:query';
export const JOIN_UPDATE_PERMISSION = 'system:join-request:update';
/** Share links are type 0 (spec 3); type 1 (direct join) is an administrator's tool. */
export const SHARE_LINK_TYPE = 0;

export const invitationInfoSchema = z.object({
  code: z.string(),
  /** 1 joins the tenant directly; 0 is a share link. */
  type: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  inviterName: z.string(),
  expireTimestamp: z.number(),
  /** The share link (spec 3: invitationCode, type=0, username). */
  link: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const invitationRecordSchema = z.object({
  id: z.number().int(),
  invitedMobile: z.string(),
  invitedNickname: z.string(),
  inviterName: z.string(),
  rewardGranted: z.boolean(),
  createTime: z.number(),
});
export type InvitationRecordView = z.infer<typeof invitationRecordSchema>;

export const joinRequestSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickname: z.string(),
  mobile: z.string(),
  /** 0 待审 1 通过 2 拒绝 3 撤回 */
  status: z.number().int(),
  invitationCode: z.string().nullable(),
  createTime: z.number(),
  handledTime: z.number().nullable(),
});
export type JoinRequestView = z.infer<typeof joinRequestSchema>;

/** 1 approve, 2 refuse. */
const joinDecision = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));
export type JoinDecision = z.infer<typeof joinDecision>;

export const bindOutcomeSchema = z.object({
  outcome: z.enum(['joined', 'created']),
  tenantId: z.number().int(),
});
export type BindOutcome = z.infer<typeof bindOutcomeSchema>;

const page = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const typeSchema = z.coerce.number().int().min(0).max(1);

export const getInvitationCode = defineContract({
  method: 'GET',
  path: '/system/sztk_user/join/get-invitation-code',
  summary: '我的邀请码（没有则创建：默认 type 0 分享链接，365 天）',
  tags,
  access: 'tenant',
  query: z.object({ type: typeSchema.default(0) }),
  response: invitationInfoSchema,
});

export const resetInvitationCode = defineContract({
  method: 'PUT',
  path: '/system/sztk_user/join/reset-invitation-code',
  summary: '重置邀请链接（旧码作废）{type, day: 365}',
  tags,
  access: 'tenant',
  body: z.object({
    type: typeSchema.default(0),
    day: z.coerce.number().int().min(1).max(INVITATION_VALID_DAYS).default(INVITATION_VALID_DAYS),
  }),
  response: invitationInfoSchema,
});

export const getInvitationByCode = defineContract({
  method: 'GET',
  path: '/system/sztk_user/join/get-invitation-by-code',
  summary: '按邀请码查邀请信息（公开；过期 1002029002 邀请码已过期，不存在 1002029004）',
  tags,
  access: 'public',
  query: z.object({ code: z.string().trim().min(1).max(32) }),
  response: invitationInfoSchema,
});

export const getInvitationRecordPage = defineContract({
  method: 'GET',
  path: '/system/sztk_user/join/invitation-record-page',
  summary: '邀请记录（成员看自己的，管理员看全企业）',
  tags,
  access: 'tenant',
  query: z.object({ ...page }),
  response: pageResponse(invitationRecordSchema),
});

export const joinByInvitation = defineContract({
  method: 'POST',
  path: '/system/sztk_user/join/join-by-invitation',
  summary: '已登录用户通过邀请码加入企业（已是成员 1002029000）',
  tags,
  access: 'user',
  body: z.object({ invitationCode: z.string().trim().min(1).max(32) }),
  response: bindOutcomeSchema,
});

export const cancelJoin = defineContract({
  method: 'PUT',
  path: '/system/sztk_user/join/cancel-join',
  summary: '撤回加入申请（用 1002000013 返回的 bindTicket），data 为撤回条数',
  tags,
  access: 'public',
  body: z.object({ bindTicket: z.string().min(1).max(200) }),
  response: z.number().int(),
});

export const getJoinRequestPage = defineContract({
  method: 'GET',
  path: '/system/sztk_user/join/join-request-page',
  summary: '加入申请分页（管理员）status 0 待审 1 通过 2 拒绝 3 撤回',
  tags,
  access: 'tenant',
  permission: JOIN_QUERY_PERMISSION,
  query: z.object({ ...page, status: z.coerce.number().int().min(0).max(3).optional() }),
  response: pageResponse(joinRequestSchema),
});

export const updateJoinRequest = defineContract({
  method: 'PUT',
  path: '/system/sztk_user/join/update-join-request',
  summary: '审批一条加入申请 {id, status: 1 通过 | 2 拒绝}',
  tags,
  access: 'tenant',
  permission: JOIN_UPDATE_PERMISSION,
  body: z.object({ id: z.coerce.number().int().positive(), status: joinDecision }),
  response: z.boolean(),
});

export const updateAllJoinRequests = defineContract({
  method: 'PUT',
  path: '/system/sztk_user/join/update-all-join-request',
  summary: '一键处理全部待审申请 {status}，data 为处理条数',
  tags,
  access: 'tenant',
  permission: JOIN_UPDATE_PERMISSION,
  body: z.object({ status: joinDecision }),
  response: z.number().int(),
});
