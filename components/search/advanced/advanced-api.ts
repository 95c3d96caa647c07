import { searchHistoryApi, type SearchHistoryItem } from '../search-history-api';
import { INTELLIGENT_SEARCH_PREFIX } from '@/lib/shared/search/paths';
import { api, apiDownload, type RequestOptions } from '@/lib/client/request';
import type { Option, SortKey } from '@/lib/shared/search/filters';
import type {
  AdvancedSearchCondition,
  AdvancedSearchRequest,
  ConditionField,
} from '@/lib/shared/search/advanced';
import type {
  AdvancedCount,
  AdvancedSearchResult,
} from '@/lib/server/search/advanced-search.service';

export type TreeOption = { value: string; label: string; children?: TreeOption[] };

/** /config/static of the openapi proxy: every filter option with its label. */
export type StaticConfig = {
  regions: TreeOption[];
  industries: TreeOption[];
  capitalBands: Option[];
  establishBands: Option[];
  statuses: Option[];
  orgTypes: Option[];
  staffSizes: Option[];
  tags: Option[];
  sorts: { key: SortKey; label: string }[];
};

export type SavedTemplate = {
  id: number;
  name: string;
  condition: { keyword?: string; advanced?: AdvancedSearchCondition };
  createTime: string;
};

export type HistoryEntry = SearchHistoryItem<{ advanced?: AdvancedSearchCondition }>;

const intelligent = INTELLIGENT_SEARCH_PREFIX;
const advanced = '/shuzhituoke/advanced-search';

/** Typed BFF calls of the advanced-search page. */
export const advancedApi = {
  config: () =>
    api.post<StaticConfig>(
      '/sztk/data/openapi',
      {},
      { query: { urlPath: '/config/static' }, silent: true },
    ),
  count: (c: AdvancedSearchCondition, opts?: RequestOptions) =>
    api.post<AdvancedCount>(`${advanced}/count`, c, { silent: true, ...opts }),
  page: (req: AdvancedSearchRequest, opts?: RequestOptions) =>
    api.post<AdvancedSearchResult>(`${advanced}/page`, req, { silent: true, ...opts }),
  exportAll: (c: AdvancedSearchCondition & { sort: SortKey }) =>
    apiDownload('POST', `${advanced}/export`, { body: c, silent: true }),
  templates: () =>
    api.get<SavedTemplate[]>(`${intelligent}/get-search-condition-template`, { silent: true }),
  saveTemplate: (name: string, c: AdvancedSearchCondition) =>
    api.post<number>(
      `${intelligent}/save-search-condition-template`,
      { name, condition: { keyword: '', filters: {}, advanced: c } },
      { silent: true },
    ),
  deleteTemplate: (id: number) =>
    api.del<boolean>(`${intelligent}/delete-search-condition-template`, {
      query: { id },
      silent: true,
    }),
  history: () => searchHistoryApi.list<{ advanced?: AdvancedSearchCondition }>('advanced'),
  recordHistory: (c: AdvancedSearchCondition) => searchHistoryApi.record('', { advanced: c }),
};

/** Label of an option key of a field, from the static config (codes fall back to themselves). */
export function optionLabeler(config: StaticConfig | undefined) {
  const labels = new Map<string, string>();
  const walk = (nodes: TreeOption[] | undefined) =>
    nodes?.forEach((n) => {
      labels.set(n.value, n.label);
      walk(n.children);
    });
  walk(config?.regions);
  walk(config?.industries);
  for (const list of [
    config?.capitalBands,
    config?.establishBands,
    config?.orgTypes,
    config?.staffSizes,
  ])
    list?.forEach((o) => labels.set(o.key, o.label));
  return (_field: ConditionField, key: string) => labels.get(key) ?? key;
}
