'use client';

// zod runs jitless under the CSP (app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { call, download } from '@/lib/client/request';
import {
  addEnterprisesToCrm,
  addFavorite,
  exportEnterprises,
  getContactGeneralInfo,
  removeFavorite,
  unlockEnterprise,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import type { UnlockCalls } from '@/components/enterprise/actions/unlock-flow';

/**
 * The search page's API calls after a click (解锁, 收藏, 加入线索, bulk 加入线索 and 导出). Loaded on
 * demand by the row and bulk islands, so the contracts and zod stay out of the page's first
 * load. Errors are left to the caller (silent), which hands them to the runtime's reactions
 * (quota dialog, sign-in, message).
 */
const silent = { silent: true } as const;

/** Lead source recorded for companies added from this page. */
const SOURCE = '企业查询';

export const unlockCalls: UnlockCalls = {
  unlock: (entId) => call(unlockEnterprise, { body: { entId } }, silent),
  contacts: (entId) => call(getContactGeneralInfo, { body: { entId } }, silent),
};

export function setFavorite(entId: number, on: boolean) {
  return on
    ? call(addFavorite, { body: { entId } }, silent)
    : call(removeFavorite, { body: { entId } }, silent);
}

export function addToCrm(entIds: number[]) {
  return call(addEnterprisesToCrm, { body: { entIds, source: SOURCE } }, silent);
}

/** Saves the selected companies as 导出.xlsx (the server names the file). */
export function exportSelected(entIds: number[]) {
  return download(exportEnterprises, { body: { entIds } }, silent);
}
