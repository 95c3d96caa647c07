import type { Dayjs } from 'dayjs';
import type { CustomerPageQuery } from '@/lib/shared/customer/customer.contract';
import type {
  CustomerLevel,
  CustomerSortField,
  CustomerSource,
} from '@/lib/shared/customer/customer.constants';

export type Range = [Dayjs | null, Dayjs | null] | null;
export type CustomerFilters = {
  keyword: string;
  source: CustomerSource[];
  level: CustomerLevel[];
  ownerUserIds: number[];
  tag: string | null;
  createTime: Range;
};
export const NO_CUSTOMER_FILTERS: CustomerFilters = {
  keyword: '',
  source: [],
  level: [],
  ownerUserIds: [],
  tag: null,
  createTime: null,
};

/** Day ranges as the API takes them: [start of first day, end of last day] in epoch ms. */
export function toRange(r: Range): [number | null, number | null] | undefined {
  if (!r || (!r[0] && !r[1])) return undefined;
  return [r[0] ? r[0].startOf('day').valueOf() : null, r[1] ? r[1].endOf('day').valueOf() : null];
}

/** The customer page query of the filters, sort and page; unset filters are left out. */
export function buildCustomerQuery(
  f: CustomerFilters,
  sort: { field: CustomerSortField; order: 'asc' | 'desc' },
  pageNo: number,
  pageSize: number,
  deleted = false,
): CustomerPageQuery {
  const q: CustomerPageQuery = { pageNo, pageSize, sortField: sort.field, sortOrder: sort.order };
  if (deleted) q.deleted = true;
  if (f.keyword) q.keyword = f.keyword;
  if (f.source.length) q.source = f.source;
  if (f.level.length) q.level = f.level;
  if (f.ownerUserIds.length) q.ownerUserIds = f.ownerUserIds;
  if (f.tag) q.tag = f.tag;
  const created = toRange(f.createTime);
  if (created) q.createTime = created;
  return q;
}

export function isCustomerFiltered(f: CustomerFilters): boolean {
  return (
    !!f.keyword ||
    f.source.length > 0 ||
    f.level.length > 0 ||
    f.ownerUserIds.length > 0 ||
    !!f.tag ||
    !!toRange(f.createTime)
  );
}
