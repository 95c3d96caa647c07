'use client';

import { api } from '@/lib/client/request';
import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  InvitationInfo,
  InvitationRecordView,
  RewardInfo,
} from '@/lib/server/invitation/invitation.service';
import type { JoinRequestView } from '@/lib/server/invitation/join-request.service';
import { INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';

/** Share links are type 0 (spec 3); type 1 (direct join) is an administrator's tool. */
export const SHARE_LINK_TYPE = 0;

export type JoinDecision = 1 | 2;

/** Typed calls of the invitation programme and join approval (spec 7.2), through the BFF. */
export const invitationApi = {
  code: () =>
    api.get<InvitationInfo>('/system/sztk_user/join/get-invitation-code', {
      query: { type: SHARE_LINK_TYPE },
      silent: true,
    }),
  reset: () =>
    api.put<InvitationInfo>(
      '/system/sztk_user/join/reset-invitation-code',
      { type: SHARE_LINK_TYPE, day: INVITATION_VALID_DAYS },
      { silent: true },
    ),
  records: (pageNo: number, pageSize: number) =>
    api.get<PageResult<InvitationRecordView>>('/system/sztk_user/join/invitation-record-page', {
      query: { pageNo, pageSize },
      silent: true,
    }),
  rewardInfo: () => api.get<RewardInfo>('/sztk/vip/company-reward-info', { silent: true }),
  claimReward: () =>
    api.post<{ granted: number }>('/sztk/vip/claim-reward', undefined, { silent: true }),
  joinRequests: (pageNo: number, pageSize: number, status?: number) =>
    api.get<PageResult<JoinRequestView>>('/system/sztk_user/join/join-request-page', {
      query: { pageNo, pageSize, status },
      silent: true,
    }),
  decide: (id: number, status: JoinDecision) =>
    api.put<boolean>(
      '/system/sztk_user/join/update-join-request',
      { id, status },
      { silent: true },
    ),
  decideAll: (status: JoinDecision) =>
    api.put<number>('/system/sztk_user/join/update-all-join-request', { status }, { silent: true }),
};
