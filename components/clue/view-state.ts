import dayjs from 'dayjs';
import { onDemand } from '@/lib/client/on-demand';
import type { ClueViewState, clueViewStateSchema } from '@/lib/shared/clue/clue-view-state';
import {
  CLUE_LIST_TABS,
  type ClueListColumn,
  type ClueSortField,
} from '@/lib/shared/clue/clue.constants';
import { NO_FILTERS, toRange, type Filters, type Range, type Tab } from './query';

/** What a saved view of the lead list restores. */
export type ClueListState = {
  tab: Tab;
  filters: Filters;
  sort: { field: ClueSortField; order: 'asc' | 'desc' };
  /** null: the list's default columns. */
  columns: ClueListColumn[] | null;
  pageSize: number;
};

export const DEFAULT_SORT = { field: 'createTime', order: 'desc' } as const;

const fromRange = (r: [number | null, number | null] | null): Range =>
  r && (r[0] !== null || r[1] !== null)
    ? [r[0] !== null ? dayjs(r[0]) : null, r[1] !== null ? dayjs(r[1]) : null]
    : null;

/** The list's state as a saved view stores it (lib/shared/clue/clue-view-state.ts). */
export function toViewState(s: ClueListState): ClueViewState {
  const state: ClueViewState = {
    tab: s.tab,
    filters: {
      keyword: s.filters.keyword,
      source: s.filters.source,
      followUserIds: s.filters.followUserIds,
      region: s.filters.region,
      industry: s.filters.industry,
      createTime: toRange(s.filters.createTime) ?? null,
      nextFollowTime: toRange(s.filters.nextFollowTime) ?? null,
    },
    sort: s.sort,
    pageSize: s.pageSize,
  };
  if (s.columns) state.columns = s.columns;
  return state;
}

/** The saved views' schema (zod), loaded beside the views rather than with the list. */
export type ClueViewSchema = typeof clueViewStateSchema;
export const loadClueViewSchema = onDemand(() =>
  import('@/lib/shared/clue/clue-view-state').then((m) => m.clueViewStateSchema),
);

/** A stored view back into the list's state; null when it does not pass the schema. */
export function fromViewState(raw: unknown, schema: ClueViewSchema): ClueListState | null {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return null;
  const v = parsed.data;
  return {
    tab: v.tab,
    filters: {
      ...NO_FILTERS,
      keyword: v.filters.keyword,
      source: v.filters.source,
      followUserIds: v.filters.followUserIds,
      region: v.filters.region,
      industry: v.filters.industry,
      createTime: fromRange(v.filters.createTime),
      nextFollowTime: fromRange(v.filters.nextFollowTime),
    },
    sort: v.sort,
    columns: v.columns ?? null,
    pageSize: v.pageSize,
  };
}

/** ?tab= of the page URL (e.g. a link to 今日待跟进), when it names a tab. */
export function tabFromUrl(value: string | null): Tab | null {
  return value && (CLUE_LIST_TABS as readonly string[]).includes(value) ? (value as Tab) : null;
}

/** ?view= of the page URL: a saved view's id. */
export function viewIdFromUrl(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
