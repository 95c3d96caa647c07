import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { getEdition } from '@/lib/shared/vip/editions';
import { isTenantAdmin } from '../user/user.repository';
import { claimRewards, rewardInfo } from '../invitation/invitation.service';
import { getActiveTenant } from '../tenant/tenant.service';
import { getUnlockCredit } from './quota.service';
import { audit } from '../track/audit.service';

const tags = ['会员'];

const creditSchema = z.object({
  edition: z.number(),
  monthlyQuota: z.number(),
  usedThisMonth: z.number(),
  monthlyRemaining: z.number(),
  grantTotal: z.number(),
  grantRemaining: z.number(),
  remaining: z.number(),
});

export const vipRoutes = [
  defineRoute({
    method: 'GET',
    path: '/sztk/vip/company-vip-info',
    summary: '企业会员信息：版本、到期时间、解锁额度',
    tags,
    access: 'tenant',
    response: z.object({
      tenantId: z.number(),
      edition: z.number(),
      editionName: z.string(),
      purchasedEdition: z.number(),
      expireTime: z.number().nullable(),
      expired: z.boolean(),
      isVip: z.boolean(),
      credit: creditSchema,
    }),
    handler: async ({ auth }) => {
      const tenant = await getActiveTenant(auth.tenantId);
      const credit = await getUnlockCredit(auth.tenantId);
      const expired =
        tenant.edition > 0 &&
        !!tenant.editionExpiresAt &&
        tenant.editionExpiresAt.getTime() <= Date.now();
      return {
        tenantId: tenant.id,
        edition: credit.edition,
        editionName: getEdition(credit.edition).name,
        purchasedEdition: tenant.edition,
        expireTime: tenant.editionExpiresAt?.getTime() ?? null,
        expired,
        isVip: credit.edition > 0,
        credit,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/szjk/user/get-my-unlock-credit',
    summary: '本企业剩余解锁额度',
    tags,
    access: 'tenant',
    response: creditSchema,
    handler: async ({ auth }) => getUnlockCredit(auth.tenantId),
  }),
  defineRoute({
    method: 'GET',
    path: '/szjk/permission/get-pay-vip-permission',
    summary: '当前用户能否为企业开通会员（管理员）',
    tags,
    access: 'tenant',
    response: z.boolean(),
    handler: async ({ auth }) => isTenantAdmin(auth.roles),
  }),
  defineRoute({
    method: 'GET',
    path: '/sztk/vip/company-reward-info',
    summary: '邀请奖励：每邀请一人加入奖励的解锁额度、已邀请人数、待领取与已领取额度',
    tags,
    access: 'tenant',
    response: z.object({
      rewardPerInvite: z.number(),
      invitedCount: z.number(),
      pendingReward: z.number(),
      claimedReward: z.number(),
    }),
    handler: async ({ auth }) => rewardInfo(auth.tenantId),
  }),
  defineRoute({
    method: 'POST',
    path: '/sztk/vip/claim-reward',
    summary: '领取邀请奖励（每位受邀用户只计一次），data 为本次获得的额度',
    tags,
    access: 'tenant',
    response: z.object({ granted: z.number() }),
    handler: async ({ auth, client }) => {
      const result = await claimRewards(auth.tenantId);
      await audit('reward_claimed', {
        tenantId: auth.tenantId,
        userId: auth.userId,
        detail: result,
        client,
      });
      return result;
    },
  }),
];
