import {
  claimReward,
  getCompanyRewardInfo,
  getCompanyVipInfo,
  getMyUnlockCredit,
  getPayVipPermission,
} from '@/lib/shared/vip/vip.contract';
import { defineRoute } from '../api/define-route';
import { rewardInfo } from '../invitation/invitation.service';
import { isTenantAdmin } from '../user/user.repository';
import { tradeRoutes } from '../trade/trade.routes';
import { requireEnterpriseToken } from './enterprise-gate';
import { getUnlockCredit } from './quota.service';
import { claimInvitationRewards, companyVipInfo } from './vip.service';

export const vipRoutes = [
  defineRoute(getCompanyVipInfo, ({ auth }) =>
    companyVipInfo(requireEnterpriseToken(auth).tenantId),
  ),
  defineRoute(getMyUnlockCredit, ({ auth }) => getUnlockCredit(auth.tenantId)),
  defineRoute(getPayVipPermission, ({ auth }) => isTenantAdmin(requireEnterpriseToken(auth).roles)),
  defineRoute(getCompanyRewardInfo, ({ auth }) => rewardInfo(auth.tenantId)),
  defineRoute(claimReward, ({ auth, client }) =>
    claimInvitationRewards({ tenantId: auth.tenantId, userId: auth.userId, client }),
  ),
  // Editions for sale and their orders (/product/vip/*, /trade/*) are registered with the VIP
  // routes: lib/server/api/routes.ts lists one array per domain.
  ...tradeRoutes,
];
