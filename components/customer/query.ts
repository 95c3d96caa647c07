import type { CustomerPageQuery } from '@/lib/shared/customer/customer.contract';
import type {
  CustomerLevel,
  CustomerSortField,
  CustomerSource,
} from '@/lib/shared/customer/customer.constants';
import { anyFilterSet, filterQuery, pageQuery } from '@/components/crm/kit/list-query';
import type { FilterFields, Range } from '@/components/crm/kit/list-query';

export type { Range };
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

/** What each customer filter sends (CRM kit): each under its own name. */
const FIELDS: FilterFields<CustomerFilters> = {
  keyword: 'text',
  source: 'list',
  level: 'list',
  ownerUserIds: 'list',
  tag: 'value',
  createTime: 'range',
};

/** The customer page query of the filters, sort and page; unset filters are left out. */
export function buildCustomerQuery(
  f: CustomerFilters,
  sort: { field: CustomerSortField; order: 'asc' | 'desc' },
  pageNo: number,
  pageSize: number,
  deleted = false,
): CustomerPageQuery {
  return { ...pageQuery(sort, pageNo, pageSize, deleted), ...filterQuery(FIELDS, f) };
}

export function isCustomerFiltered(f: CustomerFilters): boolean {
  return anyFilterSet(FIELDS, f);
}
