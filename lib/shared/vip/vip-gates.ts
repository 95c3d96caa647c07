import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { getEdition } from './editions';

/** Roles that may buy an edition for the tenant (the server's getPayVipPermission says the same). */
const BUYER_ROLE_CODES: readonly string[] = [
  BUILT_IN_ROLES.admin.code,
  BUILT_IN_ROLES.tenantAdmin.code,
  BUILT_IN_ROLES.superAdmin.code,
];

export function mayBuyEdition(roleCodes: readonly string[]): boolean {
  return roleCodes.some((c) => BUYER_ROLE_CODES.includes(c));
}

/** Actions an edition may not include. */
export type VipAction = 'export';

/**
 * Why an action is for members only in this edition, shown on the button before the click
 * (issue 28 item 7); null when the edition includes it or the edition is not known yet.
 */
export function vipOnlyReason(
  action: VipAction,
  edition: number | null | undefined,
): string | null {
  if (edition === null || edition === undefined) return null;
  const e = getEdition(edition);
  switch (action) {
    case 'export':
      return e.maxExportRows > 0 ? null : `会员专享：${e.name}不含导出，开通会员后可导出 Excel`;
  }
}

/** What the quota dialog and the member centre offer a member who may not buy. */
export function upgradeOffer(roleCodes: readonly string[]): 'buy' | 'askAdmin' {
  return mayBuyEdition(roleCodes) ? 'buy' : 'askAdmin';
}
