'use client';

import { useQuery } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { getCustomerSourceList } from '@/lib/shared/clue/clue.endpoints';
import { customerPage, getCustomerTagList } from '@/lib/shared/customer/customer.endpoints';
import { CUSTOMER_LEVEL_NAMES, type CustomerLevel } from '@/lib/shared/customer/customer.constants';

export { dateTime, useMembers } from '@/components/clue/shared';

export const CUSTOMER_PAGE_KEY = contractKey(customerPage);

export const LEVEL_COLOR: Record<CustomerLevel, string> = { A: 'red', B: 'blue', C: 'default' };

export function levelName(level: string): string {
  return CUSTOMER_LEVEL_NAMES[level as CustomerLevel] ?? level;
}

/** The detail page of a customer. */
export function customerDetailPath(id: number): string {
  return `/customerManagement/customerDetail?id=${id}`;
}

/** 客户来源 choices, from the spec's GET /szjk/customer/get-source-list. */
export function useCustomerSources() {
  return useQuery({
    queryKey: contractKey(getCustomerSourceList),
    queryFn: () => call(getCustomerSourceList, undefined, { silent: true }),
    staleTime: 10 * 60_000,
    retry: 0,
  });
}

/** Tags the enterprise's customers carry (the tag filter and the form's suggestions). */
export function useCustomerTags(enabled = true) {
  return useQuery({
    queryKey: contractKey(getCustomerTagList),
    queryFn: () => call(getCustomerTagList, undefined, { silent: true }),
    staleTime: 60_000,
    retry: 0,
    enabled,
  });
}
