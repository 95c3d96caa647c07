import 'server-only';
import type pg from 'pg';
import { getPool } from '@/lib/server/platform';
import type {
  NewsSummary,
  PolicySummary,
  ReportSummary,
} from '@/lib/shared/content/content.contract';
import {
  newsSearchQuerySchema,
  policySearchQuerySchema,
  reportSearchQuerySchema,
} from '@/lib/shared/content/content.contract';
import type { IndustryMapStats, IndustryMapSubject } from '@/lib/shared/industry/industry-map';
import { searchNews } from '../news.service';
import { searchPolicies } from '../policy.service';
import { searchReports } from '../report.service';
import { getIndustryMapStats } from './industry-map.service';

/** Items of each kind of related content on a profile. */
export const PROFILE_RELATED = 5;

export type IndustryProfile = {
  stats: IndustryMapStats;
  /** New companies in the last full year and the one before, and the change. */
  growth: { year: number; count: number; previous: number; rate: number | null };
  policies: PolicySummary[];
  reports: ReportSummary[];
  news: NewsSummary[];
};

/**
 * What the knowledge pages file an industry under: a section letter or a division (a group is
 * filed under its division); a chain's reports carry the chain, its policies and news its name.
 */
function contentFilter(subject: IndustryMapSubject): {
  industry?: string;
  chain?: string;
  q?: string;
} {
  if (subject.kind === 'chain') return { chain: subject.key, q: subject.chain.name };
  const code = subject.industry.code;
  return { industry: subject.industry.level === 3 ? code.slice(0, 2) : code };
}

/**
 * 行业洞察 (/market-research/industry-details, issue 31 item 3): one industry's size and growth,
 * regional ranking and leaders (the industry map's stored statistics, national), and the
 * policies, research reports and news filed under it, newest first.
 */
export async function getIndustryProfile(
  subject: IndustryMapSubject,
  db: pg.Pool = getPool(),
): Promise<IndustryProfile> {
  const filter = contentFilter(subject);
  const page = { pageNo: 1, pageSize: PROFILE_RELATED, sort: 'date' };
  const [stats, policies, reports, news] = await Promise.all([
    getIndustryMapStats({ subject, region: '' }, db),
    searchPolicies(
      policySearchQuerySchema.parse({ ...page, industry: filter.industry, q: filter.q }),
      db,
    ),
    searchReports(
      reportSearchQuerySchema.parse({ ...page, industry: filter.industry, chain: filter.chain }),
      db,
    ),
    searchNews(
      newsSearchQuerySchema.parse({ ...page, industry: filter.industry, q: filter.q }),
      db,
    ),
  ]);
  // The last full year: the current one is still filling.
  const year = new Date().getFullYear() - 1;
  const count = stats.years.find((y) => y.year === year)?.count ?? 0;
  const previous = stats.years.find((y) => y.year === year - 1)?.count ?? 0;
  return {
    stats,
    growth: {
      year,
      count,
      previous,
      rate: previous > 0 ? Math.round(((count - previous) / previous) * 1000) / 10 : null,
    },
    policies: policies.list,
    reports: reports.list,
    news: news.list,
  };
}
