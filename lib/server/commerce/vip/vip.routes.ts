import 'server-only';
import {
  claimReward,
  getCompanyRewardInfo,
  getCompanyVipInfo,
  getMyUnlockCredit,
  getPayVipPermission,
  requestUpgrade,
} from '@/lib/shared/vip/vip.contract';
import { defineRoute } from '@/lib/server/platform';
import { rewardInfo, isTenantAdmin, requireEnterpriseToken } from '@/lib/server/identity';
import { tradeRoutes } from '../trade/trade.routes';
import { getUnlockCredit } from './quota.service';
import { claimInvitationRewards, companyVipInfo } from './vip.service';
import { requestUpgrade as requestUpgradeService } from './upgrade-request.service';

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
  defineRoute(requestUpgrade, ({ auth, body, client }) =>
    requestUpgradeService({ tenantId: auth.tenantId, userId: auth.userId, ...body, client }),
  ),
  // Editions for sale and their orders (/product/vip/*, /trade/*) are registered with the VIP
  // routes: lib/server/edge/api/routes.ts lists one array per domain.
  ...tradeRoutes,
];
