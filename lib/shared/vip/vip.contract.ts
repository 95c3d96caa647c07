import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['会员'];

/** Contact-unlock credit of a tenant (the month's allowance first, then unexpired grants). */
export const unlockCreditSchema = z.object({
  edition: z.number().int(),
  monthlyQuota: z.number().int(),
  usedThisMonth: z.number().int(),
  monthlyRemaining: z.number().int(),
  grantTotal: z.number().int(),
  grantRemaining: z.number().int(),
  /** What the tenant can still unlock now. */
  remaining: z.number().int(),
});
export type UnlockCredit = z.infer<typeof unlockCreditSchema>;

export const companyVipInfoSchema = z.object({
  tenantId: z.number().int(),
  edition: z.number().int(),
  editionName: z.string(),
  purchasedEdition: z.number().int(),
  expireTime: z.number().nullable(),
  expired: z.boolean(),
  isVip: z.boolean(),
  credit: unlockCreditSchema,
});
export type CompanyVipInfo = z.infer<typeof companyVipInfoSchema>;

export const rewardInfoSchema = z.object({
  rewardPerInvite: z.number().int(),
  invitedCount: z.number().int(),
  pendingReward: z.number().int(),
  claimedReward: z.number().int(),
});
export type RewardInfo = z.infer<typeof rewardInfoSchema>;

export const getCompanyVipInfo = defineContract({
  method: 'GET',
  path: '/sztk/vip/company-vip-info',
  summary: '企业会员信息：版本、到期时间、解锁额度',
  tags,
  // Enterprise-token gate in the handler: 403 instead of 1002000010 (spec 6).
  access: 'user',
  response: companyVipInfoSchema,
});

export const getMyUnlockCredit = defineContract({
  method: 'GET',
  path: '/szjk/user/get-my-unlock-credit',
  summary: '本企业剩余解锁额度',
  tags,
  access: 'tenant',
  response: unlockCreditSchema,
});

export const getPayVipPermission = defineContract({
  method: 'GET',
  path: '/szjk/permission/get-pay-vip-permission',
  summary: '当前用户能否为企业开通会员（管理员）',
  tags,
  // Enterprise-token gate in the handler: 403 instead of 1002000010 (spec 6).
  access: 'user',
  response: z.boolean(),
});

export const getCompanyRewardInfo = defineContract({
  method: 'GET',
  path: '/sztk/vip/company-reward-info',
  summary: '邀请奖励：每邀请一人加入奖励的解锁额度、已邀请人数、待领取与已领取额度',
  tags,
  access: 'tenant',
  response: rewardInfoSchema,
});

export const claimReward = defineContract({
  method: 'POST',
  path: '/sztk/vip/claim-reward',
  summary: '领取邀请奖励（每位受邀用户只计一次），data 为本次获得的额度',
  tags,
  access: 'tenant',
  response: z.object({ granted: z.number().int() }),
});

/** How often one member may ask the administrators for an upgrade (once a day, China time). */
export const UPGRADE_REQUEST_TEXT = '每位成员每天可提醒管理员一次';

export const requestUpgrade = defineContract({
  method: 'POST',
  path: '/sztk/vip/request-upgrade',
  summary:
    '成员申请升级（通知管理员）：给本企业的管理员发一条站内消息；每位成员每天一次，重复申请不再发送（alreadyRequested）',
  tags,
  access: 'tenant',
  body: z.object({
    /** The edition the member wants (1-4); omitted: any paid edition. */
    edition: z.number().int().min(1).max(4).optional(),
    /** What the member needs it for (optional, shown in the message). */
    note: z.string().trim().max(100).optional(),
  }),
  response: z.object({
    /** Administrators who got the message now (0 when already asked today). */
    notified: z.number().int(),
    alreadyRequested: z.boolean(),
  }),
});
