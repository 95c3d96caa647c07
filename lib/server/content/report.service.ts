import type pg from 'pg';
import { getPool } from '@/lib/server/db';
import { getIndustryChain, industryName } from '@/lib/shared/industry';
import type {
  ContentAttachment,
  ReportChart,
  ReportDetail,
  ReportSearchQuery,
  ReportSearchResult,
  ReportSummary,
} from '@/lib/shared/content/content.contract';
import type { ReportKind } from '@/lib/shared/content/content.constants';
import {
  Params,
  searchQuery,
  usesGrams,
  buckets,
  clampPage,
  dateRange,
  excerpt,
  industryNames,
  industryPredicate,
  keywordPredicate,
  normaliseKeyword,
  relevanceOrder,
  validId,
  whereOf,
} from './content-sql';
import { cachedFacets } from './facet-cache';

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

function reportWhere(p: Params, q: ReportSearchQuery, norm: string): string {
  return whereOf([
    `r.kind = ${p.add(q.kind)}`,
    keywordPredicate(p, 'r', norm),
    industryPredicate(p, 'r', q.industry),
    q.chain ? `r.chain_code = ${p.add(q.chain)}` : null,
    ...dateRange(p, 'r.publish_date', q.dateFrom, q.dateTo),
  ]);
}

/**
 * Research reports (kind yjbg) or industry briefings (cyzx): keyword, industry, chain, date range;
 * facets by chain and industry section. Spec 7.3's page endpoint answers with this.
 */
export async function searchReports(
  q: ReportSearchQuery,
  db: pg.Pool = getPool(),
): Promise<ReportSearchResult> {
  const started = Date.now();
  const norm = normaliseKeyword(q.q);
  const fp = new Params();
  const facetSql = `select grouping(r.chain_code) as g_chain, r.chain_code, count(*)::int as n
    from content_reports r where ${reportWhere(fp, q, norm)} group by grouping sets ((), (r.chain_code))`;
  const ip = new Params();
  const industrySql = `select i as value, count(*)::int as count
    from content_reports r, unnest(r.industries) i
    where ${reportWhere(ip, q, norm)} and length(i) = 1 group by i`;
  const runPage = async (pageNo: number) => {
    const pp = new Params();
    const w = reportWhere(pp, q, norm);
    const order =
      q.sort === 'date' ? 'r.publish_date desc, r.id desc' : relevanceOrder(pp, 'r', norm);
    const { rows } = await searchQuery<SummaryRow>(
      db,
      usesGrams(norm),
      `select ${SUMMARY_COLUMNS} from content_reports r where ${w} order by ${order}
        limit ${q.pageSize} offset ${(pageNo - 1) * q.pageSize}`,
      pp.values,
    );
    return rows;
  };
  const firstGuess = clampPage(q.pageNo, q.pageSize, Number.MAX_SAFE_INTEGER);
  const [[facets, industries], guessed] = await Promise.all([
    cachedFacets(`report:${facetSql}:${JSON.stringify([fp.values, ip.values])}`, () =>
      Promise.all([
        searchQuery<{ g_chain: number; chain_code: string | null; n: number }>(
          db,
          usesGrams(norm),
          facetSql,
          fp.values,
        ),
        searchQuery<{ value: string; count: number }>(db, usesGrams(norm), industrySql, ip.values),
      ]),
    ),
    runPage(firstGuess),
  ]);
  const total = facets.rows.find((r) => r.g_chain === 1)?.n ?? 0;
  const pageNo = clampPage(q.pageNo, q.pageSize, total);
  const rows = pageNo === firstGuess ? guessed : await runPage(pageNo);
  return {
    list: rows.map(toSummary),
    total,
    pageNo,
    pageSize: q.pageSize,
    facets: {
      chain: buckets(
        facets.rows
          .filter((r) => r.g_chain === 0)
          .map((r) => ({ value: r.chain_code, count: r.n })),
        (v) => getIndustryChain(v)?.name ?? v,
      ),
      industry: buckets(industries.rows, industryName),
    },
    tookMs: Date.now() - started,
  };
}

/** One report or briefing with body, charts and attachments; null if unknown. */
export async function getReport(
  id: unknown,
  db: pg.Pool = getPool(),
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
  db: pg.Pool = getPool(),
): Promise<ReportSummary[]> {
  const wanted = ids.map(validId).filter((x): x is number => x !== null);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from content_reports r where r.id = any($1::bigint[])`,
    [wanted],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.filter((id) => byId.has(id)).map((id) => toSummary(byId.get(id)!));
}

/** Newest reports tagged with a topic (health topic pages). */
export async function latestReportsForTopic(
  slug: string,
  limit: number,
  db: pg.Pool = getPool(),
): Promise<ReportSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from content_reports r where r.topics @> ARRAY[$1]::text[]
      order by r.publish_date desc, r.id desc limit ${Math.floor(limit)}`,
    [slug],
  );
  return rows.map(toSummary);
}
