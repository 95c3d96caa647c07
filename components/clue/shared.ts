'use client';

import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { getClueNum, cluePage } from '@/lib/shared/clue/clue.endpoints';
import { listAllSimpleUsers } from '@/lib/shared/user/user.endpoints';
import { CLUE_STATUS_NAMES, type ClueStatus } from '@/lib/shared/clue/clue.constants';

export const PAGE_KEY = contractKey(cluePage);
export const NUM_KEY = contractKey(getClueNum);
const MEMBERS_QUERY = { includeChildren: true };

export const STATUS_COLOR: Record<ClueStatus, string> = {
  0: 'blue',
  1: 'processing',
  2: 'success',
  3: 'default',
};

export function statusName(status: number): string {
  return CLUE_STATUS_NAMES[status as ClueStatus] ?? '未知';
}

export const dateTime = (ms: number | null | undefined) =>
  ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—';

/** The enterprise's members (跟进人 choices). */
export function useMembers(enabled = true) {
  return useQuery({
    queryKey: contractKey(listAllSimpleUsers, { query: MEMBERS_QUERY }),
    queryFn: () => call(listAllSimpleUsers, { query: MEMBERS_QUERY }, { silent: true }),
    staleTime: 60_000,
    retry: 0,
    enabled,
  });
}
