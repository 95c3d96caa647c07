import 'server-only';
import type {
  AnnualReportsResult,
  ChainRow,
  ContactSummary,
  DetailRef,
  EnterpriseData,
  EnterpriseDetail,
  EnterpriseRegistration,
  ManageInfo,
  RecentEvent,
} from '@/lib/shared/enterprise/enterprise.contract';
import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  BranchRow,
  ChangeRow,
  FinancingRow,
  HonorRow,
  InvestmentRow,
  PersonRow,
  ShareholderRow,
} from '@/lib/shared/enterprise/types';
import { ApiError } from '@/lib/server/platform';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  limitCompanyReads,
  openEnterprise,
  resolveDetailRef,
  viewerOf,
  type PublicCaller,
} from './enterprise-access.service';
import {
  getContactSummary,
  getTabCounts,
  requireEnterpriseRow,
  toHeader,
  toRegistration,
} from './enterprise.service';
import { getEnterpriseStates } from './enterprise-state.service';
import {
  getAnnualReports,
  getManageInfo,
  getRecentEvents,
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from './enterprise-tabs.service';
import type { PageParams } from './paging';

/**
 * The public endpoints of the company page (/shuzhituoke/enterprise-info and friends, and
 * /szjk/enterprise/get-data): callers are rate-limited (per user or IP), the company must exist,
 * contacts are masked unless the caller's tenant unlocked it.
 */

type EntInput = { entId: number };
type EntPage = EntInput & PageParams;

/** 企业详情头部: header, contact summary and tab counts, by the page's own parameters. */
export async function enterpriseDetail(
  caller: PublicCaller,
  ref: DetailRef,
): Promise<EnterpriseDetail> {
  await limitCompanyReads(caller.auth, caller.client);
  const ent = await resolveDetailRef(ref);
  const [contacts, counts] = await Promise.all([
    getContactSummary(ent.id, viewerOf(caller.auth)),
    getTabCounts(ent.id),
  ]);
  return { header: toHeader(ent), contacts, counts };
}

/** The detail plus the caller's state for the company (unlocked, favourite, in the leads). */
export async function enterpriseData(
  caller: PublicCaller,
  ref: DetailRef,
): Promise<EnterpriseData> {
  await limitCompanyReads(caller.auth, caller.client);
  const ent = await resolveDetailRef(ref);
  const viewer = viewerOf(caller.auth);
  const [contacts, counts, [state]] = await Promise.all([
    getContactSummary(ent.id, viewer),
    getTabCounts(ent.id),
    getEnterpriseStates([ent.id], viewer),
  ]);
  return { header: toHeader(ent), contacts, counts, state };
}

export async function enterpriseRegistration(
  caller: PublicCaller,
  q: EntInput,
): Promise<EnterpriseRegistration> {
  return toRegistration(await openEnterprise(caller, { id: q.entId }));
}

export async function enterpriseShareholders(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<ShareholderRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listShareholders(ent.id, q);
}

export async function enterprisePeople(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<PersonRow>> {
  return listPeople(await openEnterprise(caller, { id: q.entId }), q);
}

export async function enterpriseChanges(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<ChangeRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listChanges(ent.id, q);
}

export async function enterpriseInvestments(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<InvestmentRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listInvestments(ent.id, q);
}

export async function enterpriseBranches(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<BranchRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listBranches(ent.id, q);
}

export async function enterpriseFinancing(
  caller: PublicCaller,
  q: EntPage,
): Promise<PageResult<FinancingRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listFinancing(ent.id, q);
}

/** 荣誉资质, optionally of one level (国家级 / 省级 / 市级). */
export async function enterpriseHonors(
  caller: PublicCaller,
  q: EntPage & { level?: string | null },
): Promise<PageResult<HonorRow>> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listHonors(ent.id, q, { level: q.level });
}

export async function enterpriseChains(caller: PublicCaller, q: EntInput): Promise<ChainRow[]> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return listChains(ent.id);
}

/** 企业年报: the published years and one year's report (the newest unless `year` is given). */
export async function enterpriseAnnualReports(
  caller: PublicCaller,
  q: EntInput & { year?: number | null },
): Promise<AnnualReportsResult> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return getAnnualReports(ent.id, viewerOf(caller.auth), q.year);
}

/** 企业动态: the newest changes, financing rounds and honours, merged. */
export async function enterpriseRecentEvents(
  caller: PublicCaller,
  q: EntInput & { limit: number },
): Promise<RecentEvent[]> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return getRecentEvents(ent.id, q.limit);
}

/** 联系方式概况: counts and values, masked unless the caller's tenant unlocked the company. */
export async function enterpriseContacts(
  caller: PublicCaller,
  q: EntInput,
): Promise<ContactSummary> {
  const ent = await openEnterprise(caller, { id: q.entId });
  return getContactSummary(ent.id, viewerOf(caller.auth));
}

/** 融资信息 by `id` in the query or `entId` in the body (the query wins). */
export async function obtainingFinancing(
  caller: PublicCaller,
  queryId: number | undefined,
  body: PageParams & { entId?: number },
): Promise<PageResult<FinancingRow>> {
  await limitCompanyReads(caller.auth, caller.client);
  const id = queryId ?? body.entId;
  if (!id) throw new ApiError(ERRORS.BAD_REQUEST.code, 'id: 请提供企业 id');
  const ent = await requireEnterpriseRow({ id });
  return listFinancing(ent.id, body);
}

/** 经营信息, by entId or exact name. */
export async function enterpriseManageInfo(
  caller: PublicCaller,
  q: { entId?: number; entName?: string },
): Promise<ManageInfo> {
  const ent = await openEnterprise(caller, { id: q.entId, name: q.entName });
  return getManageInfo(ent, viewerOf(caller.auth));
}
