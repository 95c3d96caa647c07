import { api } from '@/lib/client/request';
import { INTELLIGENT_SEARCH_PREFIX } from '@/lib/shared/search/paths';
import type { SearchHistoryKind } from '@/lib/server/search/search-history.service';

/** A recorded search as the API returns it (the condition's shape depends on the kind). */
export type SearchHistoryItem<C> = {
  id: number;
  kind: SearchHistoryKind;
  keyword: string;
  condition: C | null;
  createTime: string;
};

/** The signed-in member's search history (search box, advanced search). */
export const searchHistoryApi = {
  list: <C>(kind: SearchHistoryKind) =>
    api.get<SearchHistoryItem<C>[]>(`${INTELLIGENT_SEARCH_PREFIX}/get-search-condition-history`, {
      query: { kind },
      silent: true,
    }),
  record: (keyword: string, condition?: Record<string, unknown>) =>
    api.post<boolean>(
      `${INTELLIGENT_SEARCH_PREFIX}/record-search-history`,
      { keyword, condition },
      { silent: true },
    ),
  clear: () =>
    api.del<boolean>(`${INTELLIGENT_SEARCH_PREFIX}/clear-search-history`, { silent: true }),
};
