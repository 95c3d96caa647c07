import 'server-only';
import type pg from 'pg';
import { getReadPool } from '@/lib/server/platform';
import type { HealthTopicDetail, HealthTopicSummary } from '@/lib/shared/content/content.contract';
import { searchNews } from './news.service';
import { latestReportsForTopic } from './report.service';
import { latestPoliciesForIndustries } from './policy.service';

type TopicRow = {
  slug: string;
  name: string;
  description: string;
  tags: string[];
  industries: string[];
  news_count: number;
  report_count: number;
};

const TOPIC_COLUMNS = `t.slug, t.name, t.description, t.tags, t.industries,
  (select count(*)::int from content_news n where n.topics @> ARRAY[t.slug]) as news_count,
  (select count(*)::int from content_reports r where r.topics @> ARRAY[t.slug]) as report_count`;

function toSummary(r: TopicRow): HealthTopicSummary {
  return {
    slug: r.slug,
    name: r.name,
    description: r.description,
    tags: r.tags,
    newsCount: r.news_count,
    reportCount: r.report_count,
  };
}

/** The health-sector topics in their display order, with how many items each has. */
export async function listHealthTopics(db: pg.Pool = getReadPool()): Promise<HealthTopicSummary[]> {
  const { rows } = await db.query<TopicRow>(
    `select ${TOPIC_COLUMNS} from content_health_topics t order by t.sort, t.slug`,
  );
  return rows.map(toSummary);
}

/** One topic with its newest news, reports and policies; null for an unknown slug. */
export async function getHealthTopic(
  slug: string,
  db: pg.Pool = getReadPool(),
): Promise<HealthTopicDetail | null> {
  if (!/^[a-z][a-z0-9-]{1,30}$/.test(slug)) return null;
  const { rows } = await db.query<TopicRow>(
    `select ${TOPIC_COLUMNS} from content_health_topics t where t.slug = $1`,
    [slug],
  );
  const t = rows[0];
  if (!t) return null;
  const [news, reports, policies] = await Promise.all([
    searchNews(
      {
        q: '',
        topic: slug,
        industry: undefined,
        category: undefined,
        dateFrom: undefined,
        dateTo: undefined,
        sort: 'date',
        pageNo: 1,
        pageSize: 20,
      },
      db,
    ),
    latestReportsForTopic(slug, 10, db),
    latestPoliciesForIndustries(t.industries, 10, db),
  ]);
  return { ...toSummary(t), news: news.list, reports, policies };
}
