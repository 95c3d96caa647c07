import type { Dayjs } from 'dayjs';
import type { CluePageQuery } from '@/lib/shared/clue/clue.contract';
import type { ClueSortField } from '@/lib/shared/clue/clue.constants';

export type Tab = 'all' | '0' | '1' | '2' | '3' | 'due';
export type Range = [Dayjs | null, Dayjs | null] | null;
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

/** Day ranges as the API takes them: [start of first day, end of last day] in epoch ms. */
export function toRange(r: Range): [number | null, number | null] | undefined {
  if (!r || (!r[0] && !r[1])) return undefined;
  return [r[0] ? r[0].startOf('day').valueOf() : null, r[1] ? r[1].endOf('day').valueOf() : null];
}

/** The page query of the current tab, filters, sort and page. */
export function buildQuery(
  tab: Tab,
  f: Filters,
  sort: { field: ClueSortField; order: 'asc' | 'desc' },
  pageNo: number,
  pageSize: number,
  deleted: boolean,
): CluePageQuery {
  const q: CluePageQuery = { pageNo, pageSize, sortField: sort.field, sortOrder: sort.order };
  if (deleted) q.deleted = true;
  else if (tab === 'due') q.dueToday = true;
  else if (tab !== 'all') q.status = [Number(tab)];
  if (f.keyword) q.keyword = f.keyword;
  if (f.source.length) q.source = f.source;
  if (f.followUserIds.length) q.followUserIds = f.followUserIds;
  if (f.region[0]) q.provinceCode = f.region[0];
  if (f.region[1]) q.cityCode = f.region[1];
  if (f.region[2]) q.districtCode = f.region[2];
  if (f.industry.length) q.industry = f.industry[f.industry.length - 1];
  const created = toRange(f.createTime);
  if (created) q.createTime = created;
  const next = toRange(f.nextFollowTime);
  if (next) q.nextFollowTime = next;
  return q;
}

/** Any filter besides the status tab is set. */
export function isFiltered(f: Filters): boolean {
  return (
    !!f.keyword ||
    f.source.length > 0 ||
    f.followUserIds.length > 0 ||
    f.region.length > 0 ||
    f.industry.length > 0 ||
    !!toRange(f.createTime) ||
    !!toRange(f.nextFollowTime)
  );
}
