import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, getReadDb, apiError } from '@/lib/server/platform';
import { enterpriseContacts, enterpriseUnlocks, enterprises } from '@/db/schema';
import { getRegion, regionFullName } from '@/lib/shared/geo';
import { getIndustry } from '@/lib/shared/industry';
import { UNCID_PATTERN } from '@/lib/shared/enterprise/uncid';
import { maskContact, type ContactType } from '@/lib/shared/enterprise/mask';
import { formatCapital } from '@/lib/shared/enterprise/format';
import type {
  CodeName,
  ContactItem,
  ContactSummary,
  EnterpriseDetail,
  EnterpriseHeader,
  EnterpriseRef,
  EnterpriseRegistration,
  EnterpriseTabCounts,
} from '@/lib/shared/enterprise/types';

export type EnterpriseRow = typeof enterprises.$inferSelect;

import { ANONYMOUS, type Viewer } from '@/lib/server/identity';

export { ANONYMOUS, type Viewer };

function normaliseUncid(uncid: string): string {
  return uncid.trim().toUpperCase();
}

/** True when the keyword is shaped like a unified social credit code. */
export function looksLikeUncid(keyword: string): boolean {
  return UNCID_PATTERN.test(normaliseUncid(keyword));
}

export async function findEnterpriseRowById(id: number): Promise<EnterpriseRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await getReadDb().select().from(enterprises).where(eq(enterprises.id, id)).limit(1);
  return row ?? null;
}

export async function findEnterpriseRowByUncid(uncid: string): Promise<EnterpriseRow | null> {
  const code = normaliseUncid(uncid);
  if (!code) return null;
  const [row] = await getReadDb()
    .select()
    .from(enterprises)
    .where(eq(enterprises.uncid, code))
    .limit(1);
  return row ?? null;
}

/** Exact current name; if several companies share it, the most prominent one. */
export async function findEnterpriseRowByName(name: string): Promise<EnterpriseRow | null> {
  const n = name.trim();
  if (!n) return null;
  const [row] = await getReadDb()
    .select()
    .from(enterprises)
    .where(eq(enterprises.name, n))
    .orderBy(desc(enterprises.weight), asc(enterprises.id))
    .limit(1);
  return row ?? null;
}

/** The page's query (pid, uncid, company_name): id wins, then uncid, then name. */
export async function findEnterpriseRow(ref: EnterpriseRef): Promise<EnterpriseRow | null> {
  if (ref.id) return findEnterpriseRowById(ref.id);
  if (ref.uncid) return findEnterpriseRowByUncid(ref.uncid);
  if (ref.name) return findEnterpriseRowByName(ref.name);
  return null;
}

/** A keyword from the graph endpoints: a credit code or an exact name. */
export async function findEnterpriseRowByKeyword(keyword: string): Promise<EnterpriseRow | null> {
  if (looksLikeUncid(keyword)) {
    const row = await findEnterpriseRowByUncid(keyword);
    if (row) return row;
  }
  return findEnterpriseRowByName(keyword);
}

/** Throws ENTERPRISE_NOT_EXISTS (1004010000) for an unknown company. */
export async function requireEnterpriseRow(
  ref: EnterpriseRef & { keyword?: string | null },
): Promise<EnterpriseRow> {
  const row =
    ref.id || ref.uncid || ref.name
      ? await findEnterpriseRow(ref)
      : ref.keyword
        ? await findEnterpriseRowByKeyword(ref.keyword)
        : null;
  if (!row) throw apiError('ENTERPRISE_NOT_EXISTS');
  return row;
}

function codeName(code: string | null, name: string): CodeName | null {
  return code && name ? { code, name } : null;
}

function region(code: string | null): CodeName | null {
  const r = code ? getRegion(code) : undefined;
  return r ? { code: r.code, name: r.name } : null;
}

function industry(code: string | null): CodeName | null {
  const i = getIndustry(code);
  return i ? codeName(i.code, i.name) : null;
}

export function toHeader(row: EnterpriseRow): EnterpriseHeader {
  const levels = {
    section: industry(row.industrySection),
    division: industry(row.industryDivision),
    group: industry(row.industryGroup),
    class: industry(row.industryClass),
  };
  const deepest = levels.class ?? levels.group ?? levels.division ?? levels.section;
  return {
    id: row.id,
    name: row.name,
    uncid: row.uncid,
    regNo: row.regNo,
    orgType: row.orgType,
    status: row.status,
    tags: row.tags,
    legalPerson: row.legalPerson,
    regCapital: row.regCapital,
    regCapitalCurrency: row.regCapitalCurrency,
    regCapitalText: formatCapital(row.regCapital, row.regCapitalCurrency),
    establishDate: row.establishDate,
    address: row.address,
    province: region(row.provinceCode),
    city: region(row.cityCode),
    district: region(row.districtCode),
    regionName: regionFullName(row.districtCode ?? row.cityCode ?? row.provinceCode),
    industry: levels,
    industryName: deepest?.name ?? '',
    staffSize: row.staffSize,
    insuredCount: row.insuredCount,
    website: row.website,
    listed: row.listed,
    listingInfo: (row.listingInfo as Record<string, unknown> | null) ?? null,
    formerNames: row.formerNames,
    brandWords: row.brandWords,
    lng: row.lng,
    lat: row.lat,
    phoneCount: row.phoneCount,
    emailCount: row.emailCount,
    updateTime: row.updatedAt.toISOString(),
  };
}

export function toRegistration(row: EnterpriseRow): EnterpriseRegistration {
  return {
    ...toHeader(row),
    paidCapital: row.paidCapital,
    paidCapitalText: formatCapital(row.paidCapital, row.regCapitalCurrency),
    approvalDate: row.approvalDate,
    termStart: row.termStart,
    termEnd: row.termEnd,
    regAuthority: row.regAuthority,
    businessScope: row.businessScope,
  };
}

export async function getEnterpriseById(id: number): Promise<EnterpriseHeader | null> {
  const row = await findEnterpriseRowById(id);
  return row ? toHeader(row) : null;
}

export async function getEnterpriseByUncid(uncid: string): Promise<EnterpriseHeader | null> {
  const row = await findEnterpriseRowByUncid(uncid);
  return row ? toHeader(row) : null;
}

export async function getEnterpriseByName(name: string): Promise<EnterpriseHeader | null> {
  const row = await findEnterpriseRowByName(name);
  return row ? toHeader(row) : null;
}

/** When the tenant unlocked the company, or null. */
export async function getUnlockTime(tenantId: number | null, entId: number): Promise<Date | null> {
  if (!tenantId) return null;
  const [row] = await getDb()
    .select({ createdAt: enterpriseUnlocks.createdAt })
    .from(enterpriseUnlocks)
    .where(and(eq(enterpriseUnlocks.tenantId, tenantId), eq(enterpriseUnlocks.enterpriseId, entId)))
    .limit(1);
  return row?.createdAt ?? null;
}

type ContactDbRow = typeof enterpriseContacts.$inferSelect;

const CONTACT_ORDER = sql`case ${enterpriseContacts.type} when 'mobile' then 0 when 'phone' then 1 else 2 end`;

/** The one place a contact is turned into API output: masked unless `unlocked`. */
export function toContactItem(c: ContactDbRow, unlocked: boolean): ContactItem {
  const type = (['phone', 'mobile', 'email'].includes(c.type) ? c.type : 'phone') as ContactType;
  return unlocked
    ? {
        id: c.id,
        type,
        value: c.value,
        masked: false,
        personName: c.personName,
        position: c.position,
        source: c.source,
      }
    : {
        id: c.id,
        type,
        value: maskContact(type, c.value),
        masked: true,
        personName: null,
        position: null,
        source: c.source,
      };
}

export async function loadContactRows(entIds: number[]): Promise<Map<number, ContactDbRow[]>> {
  const out = new Map<number, ContactDbRow[]>();
  if (entIds.length === 0) return out;
  const rows = await getDb()
    .select()
    .from(enterpriseContacts)
    .where(sql`${enterpriseContacts.enterpriseId} = any(${sql.param(entIds)}::bigint[])`)
    .orderBy(CONTACT_ORDER, asc(enterpriseContacts.id));
  for (const r of rows) {
    const list = out.get(r.enterpriseId);
    if (list) list.push(r);
    else out.set(r.enterpriseId, [r]);
  }
  return out;
}

export function summariseContacts(
  entId: number,
  rows: ContactDbRow[],
  unlockTime: Date | null,
): ContactSummary {
  const unlocked = unlockTime !== null;
  return {
    entId,
    unlocked,
    unlockTime: unlockTime?.toISOString() ?? null,
    total: rows.length,
    phoneCount: rows.filter((r) => r.type === 'phone').length,
    mobileCount: rows.filter((r) => r.type === 'mobile').length,
    emailCount: rows.filter((r) => r.type === 'email').length,
    list: rows.map((r) => toContactItem(r, unlocked)),
  };
}

/** Counts plus masked values; real values with source when the viewer's tenant unlocked it. */
export async function getContactSummary(entId: number, viewer: Viewer): Promise<ContactSummary> {
  const [unlockTime, rows] = await Promise.all([
    getUnlockTime(viewer.tenantId, entId),
    loadContactRows([entId]),
  ]);
  return summariseContacts(entId, rows.get(entId) ?? [], unlockTime);
}

export async function getTabCounts(entId: number): Promise<EnterpriseTabCounts> {
  const result = await getReadDb().execute<Record<keyof EnterpriseTabCounts, number>>(sql`
    select
      (select count(*) from enterprise_shareholders where enterprise_id = ${entId})::int as "shareholders",
      (select count(*) from enterprise_people where enterprise_id = ${entId})::int as "people",
      (select count(*) from enterprise_changes where enterprise_id = ${entId})::int as "changes",
      (select count(*) from enterprise_investments where enterprise_id = ${entId})::int as "investments",
      (select count(*) from enterprise_branches where enterprise_id = ${entId})::int as "branches",
      (select count(*) from enterprise_financing where enterprise_id = ${entId})::int as "financing",
      (select count(*) from enterprise_honors where enterprise_id = ${entId})::int as "honors",
      (select count(*) from enterprise_chain_codes where enterprise_id = ${entId})::int as "chains",
      (select count(*) from enterprise_annual_reports where enterprise_id = ${entId})::int as "annualReports"`);
  const r = result.rows[0];
  return {
    shareholders: Number(r.shareholders),
    people: Number(r.people),
    changes: Number(r.changes),
    investments: Number(r.investments),
    branches: Number(r.branches),
    financing: Number(r.financing),
    honors: Number(r.honors),
    chains: Number(r.chains),
    annualReports: Number(r.annualReports),
  };
}

/**
 * Everything the top of the company page needs, by the page's query parameters; null for an
 * unknown company (the page answers 404).
 */
export async function getEnterpriseDetail(
  ref: EnterpriseRef,
  viewer: Viewer = ANONYMOUS,
): Promise<EnterpriseDetail | null> {
  const row = await findEnterpriseRow(ref);
  if (!row) return null;
  const [contacts, counts] = await Promise.all([
    getContactSummary(row.id, viewer),
    getTabCounts(row.id),
  ]);
  return { header: toHeader(row), contacts, counts };
}
