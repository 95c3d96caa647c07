import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getReadDb } from '@/lib/server/platform';
import {
  enterpriseAnnualReports,
  enterpriseBranches,
  enterpriseChainCodes,
  enterpriseChanges,
  enterpriseFinancing,
  enterpriseHonors,
  enterpriseInvestments,
  enterprisePeople,
  enterpriseShareholders,
  enterprises,
} from '@/db/schema';
import type { PageResult } from '@/lib/shared/api/envelope';
import { getIndustryChain } from '@/lib/shared/industry';
import { regionFullName } from '@/lib/shared/geo';
import { maskContact, maskContactsDeep, maskContactsInText } from '@/lib/shared/enterprise/mask';
import type {
  AnnualReportRow,
  AnnualReportsResult,
  BranchRow,
  ChainRow,
  ChangeRow,
  FinancingRow,
  HonorRow,
  InvestmentRow,
  ManageInfo,
  PersonRow,
  RecentEvent,
  ShareholderRow,
} from '@/lib/shared/enterprise/types';
import { getUnlockTime, type EnterpriseRow, type Viewer } from './enterprise.service';
import { pageWindow, type PageParams } from './paging';
import { countPersonCompanies } from './person.service';

/**
 * Per-tab loaders of the company page. Each takes the enterprise id (already resolved) and paging;
 * the page renders the first page on the server and pages further through the API.
 */

type ChildTable =
  | typeof enterpriseShareholders
  | typeof enterprisePeople
  | typeof enterpriseChanges
  | typeof enterpriseInvestments
  | typeof enterpriseBranches
  | typeof enterpriseFinancing;

async function total(table: ChildTable, entId: number): Promise<number> {
  const [r] = await getReadDb()
    .select({ n: count() })
    .from(table)
    .where(eq(table.enterpriseId, entId));
  return Number(r?.n ?? 0);
}

const holder = alias(enterprises, 'holder');

export async function listShareholders(
  entId: number,
  page: PageParams = {},
): Promise<PageResult<ShareholderRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select({ s: enterpriseShareholders, holderUncid: holder.uncid })
      .from(enterpriseShareholders)
      .leftJoin(holder, eq(holder.id, enterpriseShareholders.holderEnterpriseId))
      .where(eq(enterpriseShareholders.enterpriseId, entId))
      .orderBy(sql`${enterpriseShareholders.ratio} desc nulls last`, asc(enterpriseShareholders.id))
      .limit(limit)
      .offset(offset),
    total(enterpriseShareholders, entId),
  ]);
  return {
    total: n,
    list: rows.map(({ s, holderUncid }) => ({
      id: s.id,
      holderType: s.holderType === 'company' ? 'company' : 'person',
      holderName: s.holderName,
      holderEnterpriseId: s.holderEnterpriseId,
      holderUncid: holderUncid ?? null,
      ratio: s.ratio,
      subscribedAmount: s.subscribedAmount,
      subscribedDate: s.subscribedDate,
    })),
  };
}

export async function listPeople(
  anchor: Pick<EnterpriseRow, 'id' | 'cityCode' | 'provinceCode'>,
  page: PageParams = {},
): Promise<PageResult<PersonRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select()
      .from(enterprisePeople)
      .where(eq(enterprisePeople.enterpriseId, anchor.id))
      .orderBy(asc(enterprisePeople.id))
      .limit(limit)
      .offset(offset),
    total(enterprisePeople, anchor.id),
  ]);
  const related = await countPersonCompanies(
    rows.map((r) => r.name),
    anchor,
  );
  return {
    total: n,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      roles: r.roles,
      relatedCount: related.get(r.name) ?? 0,
    })),
  };
}

export async function listChanges(
  entId: number,
  page: PageParams = {},
): Promise<PageResult<ChangeRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select()
      .from(enterpriseChanges)
      .where(eq(enterpriseChanges.enterpriseId, entId))
      .orderBy(desc(enterpriseChanges.changeDate), desc(enterpriseChanges.id))
      .limit(limit)
      .offset(offset),
    total(enterpriseChanges, entId),
  ]);
  // A change of 联系电话 / 邮箱 would quote contacts: masked like everywhere else.
  return {
    total: n,
    list: rows.map((r) => ({
      id: r.id,
      changeDate: r.changeDate,
      item: r.item,
      before: r.before === null ? null : maskContactsInText(r.before),
      after: r.after === null ? null : maskContactsInText(r.after),
    })),
  };
}

const investee = alias(enterprises, 'investee');

export async function listInvestments(
  entId: number,
  page: PageParams = {},
): Promise<PageResult<InvestmentRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select({
        i: enterpriseInvestments,
        uncid: investee.uncid,
        status: investee.status,
        legalPerson: investee.legalPerson,
        establishDate: investee.establishDate,
      })
      .from(enterpriseInvestments)
      .leftJoin(investee, eq(investee.id, enterpriseInvestments.investeeEnterpriseId))
      .where(eq(enterpriseInvestments.enterpriseId, entId))
      .orderBy(sql`${enterpriseInvestments.ratio} desc nulls last`, asc(enterpriseInvestments.id))
      .limit(limit)
      .offset(offset),
    total(enterpriseInvestments, entId),
  ]);
  return {
    total: n,
    list: rows.map(({ i, uncid, status, legalPerson, establishDate }) => ({
      id: i.id,
      investeeEnterpriseId: i.investeeEnterpriseId,
      investeeName: i.investeeName,
      investeeUncid: uncid ?? null,
      investeeStatus: status ?? null,
      investeeLegalPerson: legalPerson ?? null,
      investeeEstablishDate: establishDate ?? null,
      ratio: i.ratio,
      amount: i.amount,
      investDate: i.investDate,
    })),
  };
}

const branchEnt = alias(enterprises, 'branch_ent');

export async function listBranches(
  entId: number,
  page: PageParams = {},
): Promise<PageResult<BranchRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select({ b: enterpriseBranches, uncid: branchEnt.uncid })
      .from(enterpriseBranches)
      .leftJoin(branchEnt, eq(branchEnt.id, enterpriseBranches.branchEnterpriseId))
      .where(eq(enterpriseBranches.enterpriseId, entId))
      .orderBy(sql`${enterpriseBranches.establishDate} desc nulls last`, asc(enterpriseBranches.id))
      .limit(limit)
      .offset(offset),
    total(enterpriseBranches, entId),
  ]);
  return {
    total: n,
    list: rows.map(({ b, uncid }) => ({
      id: b.id,
      branchEnterpriseId: b.branchEnterpriseId,
      name: b.name,
      uncid: uncid ?? null,
      principal: b.principal,
      regionCode: b.regionCode,
      regionName: regionFullName(b.regionCode),
      establishDate: b.establishDate,
      status: b.status,
    })),
  };
}

function toFinancing(r: typeof enterpriseFinancing.$inferSelect): FinancingRow {
  return {
    id: r.id,
    round: r.round,
    financingDate: r.financingDate,
    amount: r.amount,
    investors: r.investors,
  };
}

export async function listFinancing(
  entId: number,
  page: PageParams = {},
): Promise<PageResult<FinancingRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, n] = await Promise.all([
    getReadDb()
      .select()
      .from(enterpriseFinancing)
      .where(eq(enterpriseFinancing.enterpriseId, entId))
      .orderBy(desc(enterpriseFinancing.financingDate), desc(enterpriseFinancing.id))
      .limit(limit)
      .offset(offset),
    total(enterpriseFinancing, entId),
  ]);
  return { total: n, list: rows.map(toFinancing) };
}

export async function listHonors(
  entId: number,
  page: PageParams = {},
  filter: { level?: string | null } = {},
): Promise<PageResult<HonorRow>> {
  const { limit, offset } = pageWindow(page);
  const where = filter.level
    ? and(eq(enterpriseHonors.enterpriseId, entId), eq(enterpriseHonors.level, filter.level))
    : eq(enterpriseHonors.enterpriseId, entId);
  const [rows, [n]] = await Promise.all([
    getReadDb()
      .select()
      .from(enterpriseHonors)
      .where(where)
      .orderBy(desc(enterpriseHonors.year), asc(enterpriseHonors.id))
      .limit(limit)
      .offset(offset),
    getReadDb().select({ n: count() }).from(enterpriseHonors).where(where),
  ]);
  return {
    total: Number(n?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      level: r.level,
      year: r.year,
      issuer: r.issuer,
    })),
  };
}

export async function listChains(entId: number): Promise<ChainRow[]> {
  const rows = await getReadDb()
    .select()
    .from(enterpriseChainCodes)
    .where(eq(enterpriseChainCodes.enterpriseId, entId))
    .orderBy(asc(enterpriseChainCodes.chainCode), asc(enterpriseChainCodes.nodeName));
  return rows.map((r) => ({
    chainCode: r.chainCode,
    chainName: r.chainName,
    nodeName: r.nodeName,
    stage: getIndustryChain(r.chainCode)?.nodes.find((n) => n.name === r.nodeName)?.stage ?? null,
  }));
}

const CONTACT_KEYS = /^(phone|tel|telephone|mobile|email|mail|联系电话|电话|手机|邮箱|电子邮箱)$/i;

/** Annual-report figures with the published phone and e-mail masked unless unlocked. */
export function annualReportData(data: unknown, unlocked: boolean): Record<string, unknown> {
  const obj =
    data && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  if (unlocked) return obj;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (CONTACT_KEYS.test(k) && typeof v === 'string')
      out[k] = maskContact(/mail|邮箱/i.test(k) ? 'email' : 'phone', v);
    else out[k] = maskContactsDeep(v);
  }
  return out;
}

function toAnnualReport(
  r: typeof enterpriseAnnualReports.$inferSelect,
  unlocked: boolean,
): AnnualReportRow {
  return {
    id: r.id,
    year: r.year,
    publishedAt: r.publishedAt,
    data: annualReportData(r.data, unlocked),
  };
}

/** Years with a report, and one year's report (the newest unless `year` is given). */
export async function getAnnualReports(
  entId: number,
  viewer: Viewer,
  year?: number | null,
): Promise<AnnualReportsResult> {
  const [years, unlockTime] = await Promise.all([
    getReadDb()
      .select({ year: enterpriseAnnualReports.year })
      .from(enterpriseAnnualReports)
      .where(eq(enterpriseAnnualReports.enterpriseId, entId))
      .orderBy(desc(enterpriseAnnualReports.year)),
    getUnlockTime(viewer.tenantId, entId),
  ]);
  const wanted = year ?? years[0]?.year;
  if (wanted === undefined || !years.some((y) => y.year === wanted))
    return { years: years.map((y) => y.year), report: null };
  const [row] = await getReadDb()
    .select()
    .from(enterpriseAnnualReports)
    .where(
      and(
        eq(enterpriseAnnualReports.enterpriseId, entId),
        eq(enterpriseAnnualReports.year, wanted),
      ),
    )
    .limit(1);
  return {
    years: years.map((y) => y.year),
    report: row ? toAnnualReport(row, unlockTime !== null) : null,
  };
}

/** 企业动态: the newest changes, financing rounds and honours, merged. */
export async function getRecentEvents(entId: number, limit = 10): Promise<RecentEvent[]> {
  const n = Math.min(50, Math.max(1, limit));
  const [changes, financing, honors] = await Promise.all([
    listChanges(entId, { pageNo: 1, pageSize: n }),
    listFinancing(entId, { pageNo: 1, pageSize: n }),
    listHonors(entId, { pageNo: 1, pageSize: n }),
  ]);
  const events: RecentEvent[] = [
    ...changes.list.map((c) => ({
      kind: 'change' as const,
      date: c.changeDate,
      title: c.item,
      content: [c.before ? `变更前：${c.before}` : '', c.after ? `变更后：${c.after}` : '']
        .filter(Boolean)
        .join('；'),
    })),
    ...financing.list.map((f) => ({
      kind: 'financing' as const,
      date: f.financingDate,
      title: `获得${f.round}融资`,
      content: [
        f.amount ? `金额：${f.amount}` : '',
        f.investors.length ? `投资方：${f.investors.join('、')}` : '',
      ]
        .filter(Boolean)
        .join('；'),
    })),
    ...honors.list.map((h) => ({
      kind: 'honor' as const,
      date: String(h.year),
      title: `获评${h.name}`,
      content: [h.level, h.issuer ?? ''].filter(Boolean).join('，'),
    })),
  ];
  events.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return events.slice(0, n);
}

/** 经营信息. */
export async function getManageInfo(row: EnterpriseRow, viewer: Viewer): Promise<ManageInfo> {
  const [reports, financing, honors, chains] = await Promise.all([
    getAnnualReports(row.id, viewer),
    listFinancing(row.id, { pageNo: 1, pageSize: 1 }),
    listHonors(row.id, { pageNo: 1, pageSize: 1 }),
    listChains(row.id),
  ]);
  return {
    entId: row.id,
    entName: row.name,
    staffSize: row.staffSize,
    insuredCount: row.insuredCount,
    listed: row.listed,
    listingInfo: (row.listingInfo as Record<string, unknown> | null) ?? null,
    tags: row.tags,
    latestAnnualReport: reports.report,
    latestFinancing: financing.list[0] ?? null,
    financingCount: financing.total,
    honorCount: honors.total,
    chains,
  };
}
