import 'server-only';
import { beyondLimitNotice } from '@/lib/shared/search/result-limit';
import type pg from 'pg';
import { apiError, getReadPool } from '@/lib/server/platform';
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { searchForm } from '@/lib/shared/search/query';
import type {
  EnterpriseSearchQuery,
  EnterpriseSearchResult,
  EnterpriseSuggestion,
} from '@/lib/shared/search/types';
import { getTermStats } from './term-stats';
import { formatTotal, type Page } from './search-count';
import { facetBuckets } from './search-facets';
import { loadHits } from './search-hits';
import { filterPlan } from './search-plan-filter';
import { keywordPlan, measureProbes, type KeywordPlanChoice } from './search-plan-keyword';
import { fetchSource, rankByTiers } from './search-rank';
import {
  keywordSources,
  looksLikeCode,
  looksLikePhone,
  parkAddressSource,
  TIER,
} from './search-sources';

/*
 * The entry of enterprise search: searchEnterprises (results page, proxy) and suggestEnterprises
 * (search box, login screen). The plans and their parts live beside it:
 *   search-sql.ts           parameters, filter conditions, sort orders
 *   search-sources.ts       how a keyword matches each field (match sources and tiers)
 *   search-rank.ts          walk or index per source, relevance across tiers
 *   search-plan-keyword.ts  small plan (every match) and big plan (ranked page, estimates)
 *   search-plan-filter.ts   filter-only listing
 *   search-count.ts         totals and facet counts, exact or sampled; formatTotal
 *   search-facets.ts        facet buckets and counts of gathered rows
 *   search-hits.ts          the result rows with highlights
 */

export { filterConditions, SqlParams } from './search-sql';
export { formatTotal, loadHits };

export type SearchOptions = {
  /** Deepest result the caller may see (edition limit). */
  maxResults: number;
  db?: pg.Pool;
  /** Force a plan (tests compare both): 'small' gathers every match, 'big' ranks by tiers. */
  plan?: KeywordPlanChoice;
};

/**
 * Enterprise search (spec 2.1 companySearch), see docs/adr/0021-chinese-bigram-search.md. The plan
 * is chosen per query from bigram statistics: rare keywords gather every match from the indexes
 * (exact totals and facets), frequent ones rank by tiers on weight-ordered indexes and estimate
 * totals and facets from a sample; filter-only queries walk the sort's index.
 */
export async function searchEnterprises(
  query: EnterpriseSearchQuery,
  options: SearchOptions,
): Promise<EnterpriseSearchResult> {
  const started = Date.now();
  const db = options.db ?? getReadPool();
  const { keyword, pageNo, pageSize } = query;
  const form = searchForm(keyword);
  const offset = (pageNo - 1) * pageSize;
  const end = Math.min(offset + pageSize, options.maxResults);
  let notice: string | null = null;
  if (keyword && !form) notice = '关键词中没有可搜索的文字，已显示全部企业';
  else if (form && Array.from(form).length < 2)
    notice = '关键词只有 1 个字，仅匹配以它开头的企业名称；输入 2 个字以上可搜索更多字段';
  const beyondLimit = offset >= options.maxResults;

  try {
    const stats = await getTermStats(db);
    const page: Page = form
      ? await keywordPlan(db, query, form, offset, end, stats, options.plan)
      : await filterPlan(db, query, offset, end, stats);
    if (page.total === 0 && form && UNCID_LIKE.test(keyword.toUpperCase()))
      if (!validateUncid(keyword.toUpperCase()))
        notice = '统一社会信用代码格式或校验位不正确，请核对后重新输入';
    const list = await loadHits(db, page.ids, keyword);
    const byCode = list.some((h) => h.matched?.field === '统一社会信用代码');
    notice = codePrefixNotice(keyword, form, page.total, byCode) ?? notice;
    return {
      list,
      total: page.total,
      totalCapped: page.approx,
      totalText: formatTotal(page.total, page.approx),
      pageNo,
      pageSize,
      maxResults: options.maxResults,
      facets: facetBuckets(page.facets),
      notice: beyondLimit ? beyondLimitNotice(options.maxResults) : notice,
      tookMs: Date.now() - started,
    };
  } catch (err) {
    if ((err as { code?: string }).code === '57014')
      throw apiError('SEARCH_KEYWORD_INVALID', {
        reason: '搜索超时，请输入更完整的企业名称或增加筛选条件后重试',
      });
    throw err;
  }
}

/**
 * What a credit-code prefix (4-17 characters, see looksLikeCode) was searched as: the code's
 * start, so the answer lists every company sharing it (4 characters: a province's companies of
 * that kind) or says that none does. Full codes, and phone numbers, speak for themselves.
 */
function codePrefixNotice(
  keyword: string,
  form: string,
  total: number,
  byCode: boolean,
): string | null {
  if (!looksLikeCode(form) || form.length >= 18) return null;
  // A run of 7-12 digits may be a phone number: only speak when codes answered it.
  if (looksLikePhone(keyword, form) && !byCode) return null;
  const prefix = form.toUpperCase();
  return total === 0
    ? `没有统一社会信用代码以 ${prefix} 开头的企业，请核对后重新输入`
    : `已按统一社会信用代码前 ${form.length} 位查找，列出代码以 ${prefix} 开头的企业；输入完整的 18 位代码可精确查找`;
}

/** 18 characters in the credit-code alphabet: checked, so a typo gets a clear message. */
const UNCID_LIKE = /^[0-9A-Z]{18}$/;

export type SuggestOptions = { limit?: number; type?: 'enterprise' | 'park'; db?: pg.Pool };

/**
 * Name suggestions (spec 2.4 / 3): name prefix first, then names (former names, brands)
 * containing the keyword, each by company weight; at most 10. The park option matches the park
 * name in addresses instead.
 */
export async function suggestEnterprises(
  rawKeyword: string,
  options: SuggestOptions = {},
): Promise<EnterpriseSuggestion[]> {
  const db = options.db ?? getReadPool();
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 10);
  const keyword = rawKeyword.trim();
  const form = searchForm(keyword);
  if (!form) return [];
  const stats = await getTermStats(db);
  const toSuggestion = async (ids: number[]) => {
    if (!ids.length) return [];
    const { rows } = await db.query<EnterpriseSuggestion>(
      `select e.id::int as ent_id, e.name as entname, e.uncid from enterprises e where e.id = any($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.ent_id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
  if (options.type === 'park') {
    if (Array.from(form).length < 2) return [];
    const source = parkAddressSource(form, stats);
    const rows = await fetchSource(db, source, limit, {}, stats);
    return toSuggestion(rows.map((r) => r.id));
  }
  const sources = keywordSources(keyword, form, stats).filter(
    (s) => s.tier === TIER.prefix || s.tier === TIER.name,
  );
  await measureProbes(db, sources, Math.max(stats.enterprises, 1));
  const ids = await rankByTiers(db, sources, limit, {}, stats);
  return toSuggestion(ids);
}
