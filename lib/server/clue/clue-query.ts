import { and, asc, desc, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { clues } from '@/db/schema';
import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import { chinaTomorrowStart } from '@/lib/shared/clue/china-day';
import { scopePredicate, type OwnerScope } from '../data-scope/data-scope.service';

/**
 * Live (not deleted), not converted or invalid, next follow-up due by the end of today in China
 * time. "Today" is computed here (chinaTomorrowStart), not from the database's or the browser's
 * time zone, so the list, the counts and each lead's `due` mark agree at China midnight.
 */
export function dueTodayPredicate(now: number = Date.now()): SQL {
  const tomorrow = new Date(chinaTomorrowStart(now)).toISOString();
  return sql`${clues.status} in (${CLUE_STATUS.new}, ${CLUE_STATUS.following}) and ${clues.nextFollowAt} < ${tomorrow}::timestamptz`;
}

/**
 * What the keyword compares on both sides, as lr_search_norm does in SQL: lower case, without
 * whitespace and punctuation. Only its length is used here (1 character: no bigram to look up).
 */
export function normalisedLength(keyword: string): number {
  return keyword.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '').length;
}

/** Keyword over name | credit code | contact name | mobile | landline (search_doc). */
export function keywordPredicate(keyword: string, live: boolean): SQL | undefined {
  const n = normalisedLength(keyword);
  if (n === 0) return undefined;
  const contains = sql`strpos(${clues.searchDoc}, public.lr_search_norm(${keyword})) > 0`;
  // The bigram GIN index is partial (live leads): the recycle bin only rechecks.
  if (n < 2 || !live) return contains;
  return sql`(public.lr_doc_bigrams(${clues.searchDoc}) @> public.lr_bigrams(${keyword}) and ${contains})`;
}

function range(column: AnyColumn, r: (number | null)[] | undefined): SQL[] {
  if (!r) return [];
  const out: SQL[] = [];
  if (r[0] != null) out.push(sql`${column} >= ${new Date(r[0]).toISOString()}`);
  if (r[1] != null) out.push(sql`${column} <= ${new Date(r[1]).toISOString()}`);
  return out;
}

/**
 * The WHERE of a lead page or count: tenant, live or deleted, the caller's data scope (owner = 跟进人),
 * then each filter that was given. Empty lists and blank texts mean "no filter".
 */
export function clueWhere(
  tenantId: number,
  scope: OwnerScope,
  q: Partial<CluePageQuery>,
): SQL | undefined {
  const live = !q.deleted;
  const parts: (SQL | undefined)[] = [
    eq(clues.tenantId, tenantId),
    live ? isNull(clues.deletedAt) : isNotNull(clues.deletedAt),
    scopePredicate(clues.ownerUserId, scope),
  ];
  if (q.status?.length)
    parts.push(sql`${clues.status} = any(${sql.param([...new Set(q.status)])}::smallint[])`);
  if (q.source?.length)
    parts.push(sql`${clues.source} = any(${sql.param([...new Set(q.source)])}::text[])`);
  if (q.followUserIds?.length)
    parts.push(
      sql`${clues.ownerUserId} = any(${sql.param([...new Set(q.followUserIds)])}::bigint[])`,
    );
  if (q.provinceCode) parts.push(eq(clues.provinceCode, q.provinceCode));
  if (q.cityCode) parts.push(eq(clues.cityCode, q.cityCode));
  if (q.districtCode) parts.push(eq(clues.districtCode, q.districtCode));
  if (q.industry) {
    parts.push(
      /^[A-Z]$/.test(q.industry)
        ? eq(clues.industrySection, q.industry)
        : sql`${clues.industryCode} like ${`${q.industry.replace(/[\\%_]/g, '')}%`}`,
    );
  }
  parts.push(...range(clues.createdAt, q.createTime));
  parts.push(...range(clues.nextFollowAt, q.nextFollowTime));
  if (q.dueToday) parts.push(dueTodayPredicate());
  if (q.keyword) parts.push(keywordPredicate(q.keyword, live));
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/**
 * ORDER BY of a page: the field, then id in the same direction (a stable order for paging).
 * Follow-up times put leads without one last in both directions; each direction has its index.
 */
export function clueOrder(q: Pick<CluePageQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const dir = q.sortOrder === 'asc' ? asc : desc;
  switch (q.sortField) {
    case 'name':
      return [dir(clues.name), dir(clues.id)];
    case 'nextFollowTime':
      return [
        q.sortOrder === 'asc'
          ? sql`${clues.nextFollowAt} asc nulls last`
          : sql`${clues.nextFollowAt} desc nulls last`,
        dir(clues.id),
      ];
    case 'lastFollowTime':
      return [
        q.sortOrder === 'asc'
          ? sql`${clues.lastFollowAt} asc nulls last`
          : sql`${clues.lastFollowAt} desc nulls last`,
        dir(clues.id),
      ];
    default:
      return q.sortOrder === 'asc'
        ? [asc(clues.createdAt), asc(clues.id)]
        : [desc(clues.createdAt), desc(clues.id)];
  }
}
