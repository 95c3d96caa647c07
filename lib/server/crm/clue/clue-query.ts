import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { clues } from '@/db/schema';
import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import { chinaTomorrowStart } from '@/lib/shared/clue/china-day';
import { scopePredicate, type OwnerScope } from '@/lib/server/identity';
import {
  normalisedLength,
  nullsLast,
  searchDocPredicate,
  timeRangePredicates as range,
} from '../crm-query';

export { normalisedLength };

/**
 * Live (not deleted), not converted or invalid, next follow-up due by the end of today in China
 * time. "Today" is computed here (chinaTomorrowStart), not from the database's or the browser's
 * time zone, so the list, the counts and each lead's `due` mark agree at China midnight.
 */
export function dueTodayPredicate(now: number = Date.now()): SQL {
  const tomorrow = new Date(chinaTomorrowStart(now)).toISOString();
  return sql`${clues.status} in (${CLUE_STATUS.new}, ${CLUE_STATUS.following}) and ${clues.nextFollowAt} < ${tomorrow}::timestamptz`;
}

/** Keyword over name | credit code | contact name | mobile | landline (search_doc). */
export function keywordPredicate(keyword: string, live: boolean): SQL | undefined {
  return searchDocPredicate(clues.searchDoc, keyword, live);
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
      return [nullsLast(clues.nextFollowAt, q.sortOrder), dir(clues.id)];
    case 'lastFollowTime':
      return [nullsLast(clues.lastFollowAt, q.sortOrder), dir(clues.id)];
    default:
      return q.sortOrder === 'asc'
        ? [asc(clues.createdAt), asc(clues.id)]
        : [desc(clues.createdAt), desc(clues.id)];
  }
}
