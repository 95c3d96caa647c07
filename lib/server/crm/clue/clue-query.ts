import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { clues } from '@/db/schema';
import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import { chinaTomorrowStart } from '@/lib/shared/clue/china-day';
import { type OwnerScope } from '@/lib/server/identity';
import {
  anyOf,
  normalisedLength,
  nullsLast,
  searchDocPredicate,
  timeRangePredicates as range,
} from '../crm-query';
import { recordWhere } from '../kit/crm-entity';

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

/** The lead page's own filters (the kit adds tenant, recycle bin and data scope). */
export function clueFilters(q: Partial<CluePageQuery>, live: boolean): (SQL | undefined)[] {
  const parts: (SQL | undefined)[] = [];
  if (q.status?.length) parts.push(anyOf(clues.status, q.status, 'smallint'));
  if (q.source?.length) parts.push(anyOf(clues.source, q.source, 'text'));
  if (q.followUserIds?.length) parts.push(anyOf(clues.ownerUserId, q.followUserIds, 'bigint'));
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
  return parts;
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
  return recordWhere(clues, tenantId, scope, q.deleted, clueFilters(q, !q.deleted));
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
