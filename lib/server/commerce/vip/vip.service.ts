import 'server-only';
import { getEdition } from '@/lib/shared/vip/editions';
import type { CompanyVipInfo } from '@/lib/shared/vip/vip.contract';
import { type ClientInfo, audit } from '@/lib/server/platform';
import { claimRewards, getActiveTenant } from '@/lib/server/identity';
import { getUnlockCredit } from './quota.service';

/** The tenant's edition, its expiry and what it can still unlock (会员信息). */
export async function companyVipInfo(tenantId: number): Promise<CompanyVipInfo> {
  const tenant = await getActiveTenant(tenantId);
  const credit = await getUnlockCredit(tenantId);
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
}

/** Claims every pending invitation reward of the tenant and records who did. */
export async function claimInvitationRewards(actor: {
  tenantId: number;
  userId: number;
  client: ClientInfo;
}): Promise<{ granted: number }> {
  const result = await claimRewards(actor.tenantId);
  await audit('reward_claimed', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    detail: result,
    client: actor.client,
  });
  return result;
}
