import type pg from 'pg';
import { getPool } from '@/lib/server/db';
import { industryName } from '@/lib/shared/industry';
import type {
  NewsDetail,
  NewsSearchQuery,
  NewsSearchResult,
  NewsSummary,
} from '@/lib/shared/content/content.contract';
import {
  NEWS_CATEGORIES,
  labelOf,
  type NewsCategory,
} from '@/lib/shared/content/content.constants';
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

const SUMMARY_COLUMNS = `n.id::int as id, n.title, n.source, n.category, n.industries, n.topics,
  n.publish_date::text as publish_date, n.summary, n.demo`;

type SummaryRow = {
  id: number;
  title: string;
  source: string;
  category: NewsCategory;
  industries: string[];
  topics: string[];
  publish_date: string;
  summary: string;
  demo: boolean;
};

export function toNewsSummary(r: SummaryRow): NewsSummary {
  return {
    id: r.id,
    title: r.title,
    source: r.source,
    category: r.category,
    categoryLabel: labelOf(NEWS_CATEGORIES, r.category),
    industries: r.industries,
    industryNames: industryNames(r.industries),
    topics: r.topics,
    publishDate: r.publish_date,
    summary: excerpt(r.summary),
    demo: r.demo,
  };
}

function newsWhere(p: Params, q: NewsSearchQuery, norm: string): string {
  return whereOf([
    keywordPredicate(p, 'n', norm),
    industryPredicate(p, 'n', q.industry),
    q.category ? `n.category = ${p.add(q.category)}` : null,
    q.topic ? `n.topics @> ARRAY[${p.add(q.topic)}]::text[]` : null,
    ...dateRange(p, 'n.publish_date', q.dateFrom, q.dateTo),
  ]);
}

/** Industry news (/industryInsights/industryInformation and the health topics). */
export async function searchNews(
  q: NewsSearchQuery,
  db: pg.Pool = getPool(),
): Promise<NewsSearchResult> {
  const started = Date.now();
  const norm = normaliseKeyword(q.q);
  const fp = new Params();
  const facetSql = `select grouping(n.category) as g, n.category, count(*)::int as c
    from content_news n where ${newsWhere(fp, q, norm)} group by grouping sets ((), (n.category))`;
  const ip = new Params();
  const industrySql = `select i as value, count(*)::int as count
    from content_news n, unnest(n.industries) i
    where ${newsWhere(ip, q, norm)} and length(i) = 1 group by i`;
  const runPage = async (pageNo: number) => {
    const pp = new Params();
    const w = newsWhere(pp, q, norm);
    const order =
      q.sort === 'date' ? 'n.publish_date desc, n.id desc' : relevanceOrder(pp, 'n', norm);
    const { rows } = await searchQuery<SummaryRow>(
      db,
      usesGrams(norm),
      `select ${SUMMARY_COLUMNS} from content_news n where ${w} order by ${order}
        limit ${q.pageSize} offset ${(pageNo - 1) * q.pageSize}`,
      pp.values,
    );
    return rows;
  };
  const firstGuess = clampPage(q.pageNo, q.pageSize, Number.MAX_SAFE_INTEGER);
  const [[facets, industries], guessed] = await Promise.all([
    cachedFacets(`news:${facetSql}:${JSON.stringify([fp.values, ip.values])}`, () =>
      Promise.all([
        searchQuery<{ g: number; category: string | null; c: number }>(
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
  const total = facets.rows.find((r) => r.g === 1)?.c ?? 0;
  const pageNo = clampPage(q.pageNo, q.pageSize, total);
  const rows = pageNo === firstGuess ? guessed : await runPage(pageNo);
  return {
    list: rows.map(toNewsSummary),
    total,
    pageNo,
    pageSize: q.pageSize,
    facets: {
      category: buckets(
        facets.rows.filter((r) => r.g === 0).map((r) => ({ value: r.category, count: r.c })),
        (v) => labelOf(NEWS_CATEGORIES, v),
        NEWS_CATEGORIES.map((c) => c.value),
      ),
      industry: buckets(industries.rows, industryName),
    },
    tookMs: Date.now() - started,
  };
}

/** One news item; null if unknown. */
export async function getNewsItem(
  id: unknown,
  db: pg.Pool = getPool(),
): Promise<NewsDetail | null> {
  const newsId = validId(id);
  if (newsId === null) return null;
  const { rows } = await db.query<SummaryRow & { body_html: string; source_url: string | null }>(
    `select ${SUMMARY_COLUMNS}, n.body_html, n.source_url from content_news n where n.id = $1`,
    [newsId],
  );
  const r = rows[0];
  if (!r) return null;
  const related = await db.query<{ id: number; title: string; publish_date: string }>(
    `select n.id::int as id, n.title, n.publish_date::text as publish_date from content_news n
      where n.category = $1 and n.id <> $2 order by n.publish_date desc, n.id desc limit 6`,
    [r.category, newsId],
  );
  return {
    ...toNewsSummary(r),
    bodyHtml: r.body_html,
    sourceUrl: r.source_url,
    related: related.rows.map((x) => ({ id: x.id, title: x.title, publishDate: x.publish_date })),
  };
}
