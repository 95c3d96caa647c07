import 'server-only';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
import { getIndustryChain } from '@/lib/shared/industry';
import type {
  ContentAttachment,
  ReportChart,
  ReportDetail,
  ReportSearchQuery,
  ReportSearchResult,
  ReportSummary,
} from '@/lib/shared/content/content.contract';
import type { ReportKind } from '@/lib/shared/content/content.constants';
import { Params, commonFilters, excerpt, industryNames, validId, whereOf } from './content-sql';
import { rowsByIds, searchContent } from './content-search';

const SUMMARY_COLUMNS = `r.id::int as id, r.kind, r.title, r.institution, r.chain_code, r.industries,
  r.publish_date::text as publish_date, r.pages, r.summary, r.cover_url, r.demo`;

type SummaryRow = {
  id: number;
  kind: ReportKind;
  title: string;
  institution: string;
  chain_code: string | null;
  industries: string[];
  publish_date: string;
  pages: number | null;
  summary: string;
  cover_url: string | null;
  demo: boolean;
};

function toSummary(r: SummaryRow): ReportSummary {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    institution: r.institution,
    chainCode: r.chain_code,
    chainName: r.chain_code ? (getIndustryChain(r.chain_code)?.name ?? '') : '',
    industries: r.industries,
    industryNames: industryNames(r.industries),
    publishDate: r.publish_date,
    pages: r.pages,
    summary: excerpt(r.summary, 200),
    coverUrl: r.cover_url,
    demo: r.demo,
  };
}

const REPORT_TABLE = { table: 'content_reports', alias: 'r', columns: SUMMARY_COLUMNS } as const;

/**
 * Research reports (kind yjbg) or industry briefings (cyzx): keyword, industry, chain, date range;
 * facets by chain and industry section. Spec 7.3's page endpoint answers with this.
 */
export async function searchReports(
  q: ReportSearchQuery,
  db: pg.Pool = getReadPool(),
): Promise<ReportSearchResult & { facetsEstimated: boolean }> {
  const where = (p: Params, norm: string) =>
    whereOf([
      `r.kind = ${p.add(q.kind)}`,
      ...commonFilters(p, 'r', norm, q),
      q.chain ? `r.chain_code = ${p.add(q.chain)}` : null,
    ]);
  const chain = { sql: 'r.chain_code', label: (v: string) => getIndustryChain(v)?.name ?? v };
  return searchContent(db, { ...REPORT_TABLE, where, facets: { chain } }, q, toSummary);
}

/** One report or briefing with body, charts and attachments; null if unknown. */
export async function getReport(
  id: unknown,
  db: pg.Pool = getReadPool(),
): Promise<ReportDetail | null> {
  const reportId = validId(id);
  if (reportId === null) return null;
  const { rows } = await db.query<
    SummaryRow & {
      body_html: string;
      charts: ReportChart[];
      attachments: ContentAttachment[];
      source_url: string | null;
    }
  >(
    `select ${SUMMARY_COLUMNS}, r.body_html, r.charts, r.attachments, r.source_url
       from content_reports r where r.id = $1`,
    [reportId],
  );
  const r = rows[0];
  if (!r) return null;
  const related = await db.query<{ id: number; title: string; publish_date: string }>(
    `select r.id::int as id, r.title, r.publish_date::text as publish_date from content_reports r
      where r.kind = $1 and r.chain_code is not distinct from $2 and r.id <> $3
      order by r.publish_date desc, r.id desc limit 6`,
    [r.kind, r.chain_code, reportId],
  );
  return {
    ...toSummary(r),
    bodyHtml: r.body_html,
    charts: r.charts ?? [],
    attachments: r.attachments ?? [],
    sourceUrl: r.source_url,
    related: related.rows.map((x) => ({ id: x.id, title: x.title, publishDate: x.publish_date })),
  };
}

/** Reports by id (comparison list), in the order asked; unknown ids left out. */
export async function compareReports(
  ids: readonly number[],
  db: pg.Pool = getReadPool(),
): Promise<ReportSummary[]> {
  return (await rowsByIds<SummaryRow>(db, REPORT_TABLE, ids)).map(toSummary);
}

/** Newest reports tagged with a topic (health topic pages). */
export async function latestReportsForTopic(
  slug: string,
  limit: number,
  db: pg.Pool = getReadPool(),
): Promise<ReportSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from content_reports r where r.topics @> ARRAY[$1]::text[]
      order by r.publish_date desc, r.id desc limit ${Math.floor(limit)}`,
    [slug],
  );
  return rows.map(toSummary);
}
