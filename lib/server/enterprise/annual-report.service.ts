import 'server-only';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { apiError, defineRoute, getReadDb, type RouteDefinition } from '@/lib/server/platform';
import { enterpriseAnnualReports, enterpriseChanges } from '@/db/schema';
import { maskContactsInText } from '@/lib/shared/enterprise/mask';
import {
  ANNUAL_ASSET_KEYS,
  ANNUAL_LIST_KEYS,
  ANNUAL_REPORT_LABELS,
  annualValueText,
  getAnnualReportDetail as getAnnualReportDetailContract,
  type AnnualItem,
  type AnnualWebsite,
  type AnnualReportDetail,
  type AnnualReportQuery,
} from '@/lib/shared/enterprise/annual-report.contract';
import { limitCompanyReads } from './enterprise-access.service';
import { findEnterpriseRowByUncid } from './enterprise.service';
import { annualReportData, listInvestments, listShareholders } from './enterprise-tabs.service';

/** Rows per list section (a report page is one page, not a table to page through). */
const SECTION_ROWS = 50;

function items(data: Record<string, unknown>, keys: string[]): AnnualItem[] {
  return keys.map((key) => ({
    key,
    label: ANNUAL_REPORT_LABELS[key] ?? key,
    value: annualValueText(key, data[key]),
  }));
}

function websitesOf(data: Record<string, unknown>, companyName: string): AnnualWebsite[] {
  const listed = data.websites;
  if (Array.isArray(listed))
    return listed
      .filter((w): w is Record<string, unknown> => Boolean(w) && typeof w === 'object')
      .map((w) => ({
        kind: String(w.kind ?? '网站'),
        name: String(w.name ?? companyName),
        url: String(w.url ?? ''),
      }))
      .filter((w) => w.url);
  return typeof data.website === 'string' && data.website
    ? [{ kind: '网站', name: companyName, url: data.website }]
    : [];
}

/**
 * One published annual report (issue 32 item 1) of the company with this credit code, `year` or
 * the newest. null: unknown company, or a year the company did not publish (the page answers
 * 404). A company that published none gets its years empty and `report` null (an empty state).
 * Contacts are masked: the page is the same for every visitor (the company page's viewer call
 * gives an unlocked tenant the real ones).
 */
export async function getAnnualReportDetail(
  q: AnnualReportQuery,
): Promise<AnnualReportDetail | null> {
  const ent = await findEnterpriseRowByUncid(q.uncid);
  if (!ent) return null;
  const db = getReadDb();
  // Every published year with its figures in one read (a company has a handful).
  const reports = await db
    .select()
    .from(enterpriseAnnualReports)
    .where(eq(enterpriseAnnualReports.enterpriseId, ent.id))
    .orderBy(desc(enterpriseAnnualReports.year));
  const years = reports.map((r) => r.year);
  const company = {
    id: ent.id,
    name: ent.name,
    uncid: ent.uncid,
    legalPerson: ent.legalPerson ?? '',
    status: ent.status ?? '',
  };
  if (q.year !== undefined && !years.includes(q.year)) return null;
  const row = q.year === undefined ? reports[0] : reports.find((r) => r.year === q.year);
  if (!row) return { company, years, report: null };
  const year = row.year;

  const yearEnd = `${year}-12-31`;
  const [shareholders, investments, changes] = await Promise.all([
    listShareholders(ent.id, { pageNo: 1, pageSize: SECTION_ROWS }),
    listInvestments(ent.id, { pageNo: 1, pageSize: SECTION_ROWS }),
    db
      .select()
      .from(enterpriseChanges)
      .where(
        and(
          eq(enterpriseChanges.enterpriseId, ent.id),
          gte(enterpriseChanges.changeDate, `${year}-01-01`),
          lt(enterpriseChanges.changeDate, `${year + 1}-01-01`),
        ),
      )
      .orderBy(asc(enterpriseChanges.changeDate), asc(enterpriseChanges.id))
      .limit(SECTION_ROWS),
  ]);
  const data = annualReportData(row.data, false);
  const basicKeys = [
    ...Object.keys(ANNUAL_REPORT_LABELS).filter(
      (k) => k in data && !ANNUAL_ASSET_KEYS.includes(k) && k !== 'website',
    ),
    ...Object.keys(data).filter(
      (k) => !(k in ANNUAL_REPORT_LABELS) && !ANNUAL_LIST_KEYS.includes(k),
    ),
  ];
  return {
    company,
    years,
    report: {
      year,
      publishedAt: row.publishedAt,
      basics: items(data, basicKeys),
      assets: items(
        data,
        ANNUAL_ASSET_KEYS.filter((k) => k in data),
      ),
      // As of the report's year: contributions subscribed by its end.
      shareholders: shareholders.list.filter(
        (s) => !s.subscribedDate || s.subscribedDate <= yearEnd,
      ),
      websites: websitesOf(data, ent.name),
      investments: investments.list.filter((i) => !i.investDate || i.investDate <= yearEnd),
      changes: changes.map((c) => ({
        date: c.changeDate,
        item: c.item,
        before: c.before === null ? null : maskContactsInText(c.before),
        after: c.after === null ? null : maskContactsInText(c.after),
      })),
    },
  };
}

/** GET /shuzhituoke/enterprise-info/annual-report-detail: a company read (its rate budget). */
export const annualReportRoutes: RouteDefinition[] = [
  defineRoute(getAnnualReportDetailContract, async ({ query, auth, client }) => {
    await limitCompanyReads(auth, client);
    const detail = await getAnnualReportDetail(query);
    if (!detail) throw apiError('NOT_FOUND');
    return detail;
  }),
];
