'use client';

// zod runs jitless under the CSP (app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { call } from '@/lib/client/request';
import type { PageResult } from '@/lib/shared/api/envelope';
import {
  addEnterprisesToCrm,
  addFavorite,
  getContactGeneralInfo,
  getEnterpriseAnnualReports,
  pageEnterpriseBranches,
  pageEnterpriseChanges,
  pageEnterpriseFinancing,
  pageEnterpriseHonors,
  pageEnterpriseInvestments,
  pageEnterprisePeople,
  pageEnterpriseShareholders,
  removeFavorite,
  unlockEnterprise,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import type { UnlockCalls } from '../actions/unlock-flow';
import type { TabKind, TabRows } from './tab-table-view';

/**
 * The company page's API calls after a click (paging, year switch, 收藏, 加入线索, 解锁). Loaded on
 * demand by the lean islands: the contracts and zod stay out of the page's first load. Errors
 * are left to the caller (silent), which hands them to the runtime's reactions.
 */
const silent = { silent: true } as const;

type TabQuery = { entId: number; pageNo: number; pageSize: number };

export const TAB_PAGES: {
  [K in TabKind]: (query: TabQuery) => Promise<PageResult<TabRows[K]>>;
} = {
  shareholders: (query) => call(pageEnterpriseShareholders, { query }, silent),
  people: (query) => call(pageEnterprisePeople, { query }, silent),
  changes: (query) => call(pageEnterpriseChanges, { query }, silent),
  investments: (query) => call(pageEnterpriseInvestments, { query }, silent),
  branches: (query) => call(pageEnterpriseBranches, { query }, silent),
  financing: (query) => call(pageEnterpriseFinancing, { query }, silent),
  honors: (query) => call(pageEnterpriseHonors, { query }, silent),
};

export function annualReports(entId: number, year: number) {
  return call(getEnterpriseAnnualReports, { query: { entId, year } }, silent);
}

export function setFavorite(entId: number, on: boolean) {
  return on
    ? call(addFavorite, { body: { entId } }, silent)
    : call(removeFavorite, { body: { entId } }, silent);
}

export function addToCrm(entId: number, source: string) {
  return call(addEnterprisesToCrm, { body: { entIds: [entId], source } }, silent);
}

export const unlockCalls: UnlockCalls = {
  unlock: (entId) => call(unlockEnterprise, { body: { entId } }, silent),
  contacts: (entId) => call(getContactGeneralInfo, { body: { entId } }, silent),
};
