import 'server-only';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { clues } from '@/db/schema';
import type { QueryCategory, RecommendQuery } from '@/lib/shared/ai/ai.contract';
import { regionName, shortRegionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { getDb } from '@/lib/server/platform';
import type { AiOwner } from './ai-store';

/**
 * Recommended requests: fixed categories of requests the parser understands fully, completions of
 * a typed keyword, and a portrait of the member's own leads turned into requests.
 */

const CATEGORIES: { type: string; name: string; queries: string[] }[] = [
  {
    type: 'region',
    name: '按地区',
    queries: [
      '帮我找深圳南山区注册资本1000万以上、成立5年以上的专精特新企业',
      '北京市海淀区成立10年以上的高新技术企业',
      '上海市浦东新区注册资本5000万以上的企业',
      '杭州市有官网的企业',
    ],
  },
  {
    type: 'industry',
    name: '按行业',
    queries: [
      '广东省的汽车制造业企业',
      '江苏省的医药制造业企业',
      '成都市的软件和信息技术服务业企业',
      '福建省厦门市的批发业企业',
    ],
  },
  {
    type: 'scale',
    name: '按规模',
    queries: [
      '注册资本1亿以上的上市企业',
      '人员规模500-999人的制造业企业',
      '成立1年内注册资本100万以内的企业',
      '注册资本1000-5000万、成立3-5年的企业',
    ],
  },
  {
    type: 'qualification',
    name: '按资质',
    queries: [
      '深圳市的专精特新企业',
      '苏州市的高新技术企业',
      '浙江省的科技型中小企业',
      '广州市的小巨人企业',
    ],
  },
  {
    type: 'contact',
    name: '按联系方式',
    queries: [
      '有电话和邮箱的深圳科技企业',
      '有官网的上海企业',
      '有电话的存续状态的厦门企业',
      '排除个体工商户、有电话的北京企业',
    ],
  },
];

const item = (query: string, category: string): RecommendQuery => ({ query, category });

export function allCategories(): QueryCategory[] {
  return CATEGORIES.map((c) => ({
    type: c.type,
    name: c.name,
    queries: c.queries.map((q) => item(q, c.name)),
  }));
}

/** One or two of every category: what an empty thread offers. */
export function defaultQueries(): RecommendQuery[] {
  return CATEGORIES.flatMap((c) => c.queries.slice(0, 2).map((q) => item(q, c.name)));
}

export function queriesOfType(type: string | undefined): RecommendQuery[] {
  const c = CATEGORIES.find((x) => x.type === type || x.name === type);
  return c ? c.queries.map((q) => item(q, c.name)) : defaultQueries();
}

/** Only characters a request could hold; control characters and markup are dropped. */
function cleanKeyword(keyword: string): string {
  return Array.from(
    keyword
      .replace(/<[^>]*>/g, '')
      .replace(/[\p{C}<>{}\\]/gu, '')
      .trim(),
  )
    .slice(0, 20)
    .join('');
}

/** Full requests around a typed keyword (the send box's completions). */
export function queriesForKeyword(keyword: string): RecommendQuery[] {
  const kw = cleanKeyword(keyword);
  if (!kw) return defaultQueries().slice(0, 5);
  const category = '联想';
  const fromList = CATEGORIES.flatMap((c) =>
    c.queries.filter((q) => q.includes(kw)).map((q) => item(q, c.name)),
  );
  const made = [
    `${kw}相关的企业`,
    `深圳市的${kw}企业`,
    `注册资本1000万以上的${kw}企业`,
    `成立5年以上的${kw}企业`,
    `有电话的${kw}企业`,
    `${kw}相关的高新技术企业`,
  ].map((q) => item(q, category));
  const seen = new Set<string>();
  return [...fromList, ...made].filter((q) => !seen.has(q.query) && seen.add(q.query)).slice(0, 8);
}

type Bucket = { code: string; name: string; count: number };

/** What the member's leads look like (city and industry section), and requests like them. */
export async function customerPortrait(owner: AiOwner): Promise<{
  summary: string;
  regions: Bucket[];
  industries: Bucket[];
  queries: RecommendQuery[];
}> {
  const db = getDb();
  const mine = and(
    eq(clues.tenantId, owner.tenantId),
    eq(clues.ownerUserId, owner.userId),
    isNull(clues.deletedAt),
  );
  const [cities, sections] = await Promise.all([
    db
      .select({ code: clues.cityCode, n: count() })
      .from(clues)
      .where(and(mine, isNotNull(clues.cityCode)))
      .groupBy(clues.cityCode)
      .orderBy(desc(count()))
      .limit(5),
    db
      .select({ code: clues.industrySection, n: count() })
      .from(clues)
      .where(and(mine, isNotNull(clues.industrySection)))
      .groupBy(clues.industrySection)
      .orderBy(desc(count()))
      .limit(5),
  ]);
  const regions = cities
    .filter((r) => r.code)
    .map((r) => ({ code: r.code!, name: regionName(r.code), count: r.n }))
    .filter((r) => r.name);
  const industries = sections
    .filter((r) => r.code)
    .map((r) => ({ code: r.code!, name: industryName(r.code), count: r.n }))
    .filter((r) => r.name);
  const city = regions[0] ? shortRegionName(regions[0].name) : null;
  const industry = industries[0]?.name ?? null;
  const category = '客户画像';
  const queries: RecommendQuery[] = [];
  if (city && industry) {
    queries.push(item(`${city}的${industry}企业`, category));
    queries.push(item(`${city}注册资本1000万以上的${industry}企业`, category));
  }
  if (industry) queries.push(item(`成立5年以上、有电话的${industry}企业`, category));
  if (city) queries.push(item(`${city}的高新技术企业`, category));
  const summary =
    city || industry
      ? `您的线索多为${city ? ` ${regions[0].name} ` : ''}${industry ? `的 ${industry} ` : ''}企业，以下是相似的企业`
      : '';
  return {
    summary,
    regions,
    industries,
    queries: queries.length ? queries : defaultQueries().slice(0, 4),
  };
}
