'use client';

import { useQuery } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { listSavedViews } from '@/lib/shared/saved-view/saved-view.endpoints';
import type { SavedViewListKey } from '@/lib/shared/saved-view/saved-view.constants';

export const savedViewsKey = (listKey: SavedViewListKey) =>
  contractKey(listSavedViews, { query: { listKey } });

/** The member's views of a list and the colleagues' shared ones (/szjk/list-view/list). */
export function useSavedViews(listKey: SavedViewListKey, enabled = true) {
  return useQuery({
    queryKey: savedViewsKey(listKey),
    queryFn: () => call(listSavedViews, { query: { listKey } }, { silent: true }),
    staleTime: 30_000,
    retry: 0,
    enabled,
  });
}
