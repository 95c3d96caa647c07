import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import type { ClueSortField } from '@/lib/shared/clue/clue.constants';
import { anyFilterSet, filterQuery, pageQuery, toRange } from '@/components/crm/kit/list-query';
import type { FilterFields, Range } from '@/components/crm/kit/list-query';

export { toRange, type Range };

export type Tab = 'all' | '0' | '1' | '2' | '3' | 'due';
export type Filters = {
  keyword: string;
  /** Codes of the tenant's 线索来源 group. */
  source: string[];
  followUserIds: number[];
  region: string[];
  industry: string[];
  createTime: Range;
  nextFollowTime: Range;
};
export const NO_FILTERS: Filters = {
  keyword: '',
  source: [],
  followUserIds: [],
  region: [],
  industry: [],
  createTime: null,
  nextFollowTime: null,
};

/** What each lead filter sends (CRM kit): the region path as three codes, the industry's last level. */
const FIELDS: FilterFields<Filters> = {
  keyword: 'text',
  source: 'list',
  followUserIds: 'list',
  region: (r) =>
    Object.fromEntries(
      ['provinceCode', 'cityCode', 'districtCode'].map((k, i) => [k, r[i]]).filter(([, c]) => c),
    ),
  industry: (i) => ({ industry: i[i.length - 1] }),
  createTime: 'range',
  nextFollowTime: 'range',
};

/** The page query of the current tab, filters, sort and page. */
export function buildQuery(
  tab: Tab,
  f: Filters,
  sort: { field: ClueSortField; order: 'asc' | 'desc' },
  pageNo: number,
  pageSize: number,
  deleted: boolean,
): CluePageQuery {
  const q: CluePageQuery = pageQuery(sort, pageNo, pageSize, deleted);
  if (!deleted && tab === 'due') q.dueToday = true;
  else if (!deleted && tab !== 'all') q.status = [Number(tab)];
  return Object.assign(q, filterQuery(FIELDS, f));
}

/** Any filter besides the status tab is set. */
export function isFiltered(f: Filters): boolean {
  return anyFilterSet(FIELDS, f);
}
