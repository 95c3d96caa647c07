import 'server-only';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
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
import { Params, commonFilters, excerpt, industryNames, validId, whereOf } from './content-sql';
import { searchContent } from './content-search';

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

const NEWS_TABLE = { table: 'content_news', alias: 'n', columns: SUMMARY_COLUMNS } as const;

/** Industry news (/industryInsights/industryInformation and the health topics). */
export async function searchNews(
  q: NewsSearchQuery,
  db: pg.Pool = getReadPool(),
): Promise<NewsSearchResult & { facetsEstimated: boolean }> {
  const where = (p: Params, norm: string) =>
    whereOf([
      ...commonFilters(p, 'n', norm, q),
      q.category ? `n.category = ${p.add(q.category)}` : null,
      q.topic ? `n.topics @> ARRAY[${p.add(q.topic)}]::text[]` : null,
    ]);
  const category = {
    sql: 'n.category',
    label: (v: string) => labelOf(NEWS_CATEGORIES, v),
    order: NEWS_CATEGORIES.map((c) => c.value),
  };
  return searchContent(db, { ...NEWS_TABLE, where, facets: { category } }, q, toNewsSummary);
}

/** One news item; null if unknown. */
export async function getNewsItem(
  id: unknown,
  db: pg.Pool = getReadPool(),
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
