import dayjs from 'dayjs';
import { clueViewStateSchema } from '@/lib/shared/clue/clue-view-state';
import { NO_FILTERS } from '../query';
import {
  DEFAULT_SORT,
  fromViewState,
  tabFromUrl,
  toViewState,
  viewIdFromUrl,
  type ClueListState,
} from '../view-state';

const state: ClueListState = {
  tab: 'due',
  filters: {
    ...NO_FILTERS,
    keyword: '科技',
    source: ['企业搜索', '批量导入'],
    followUserIds: [3, 9],
    region: ['350000', '350200'],
    industry: ['I', '65'],
    createTime: [dayjs('2026-03-01T15:00:00'), null],
    nextFollowTime: null,
  },
  sort: { field: 'nextFollowTime', order: 'asc' },
  columns: ['status', 'region'],
  pageSize: 50,
};

describe('saved view state of the lead list', () => {
  it('stores what the server schema accepts, with day ranges as epoch ms', () => {
    const stored = toViewState(state);
    expect(clueViewStateSchema.safeParse(stored).success).toBe(true);
    expect(stored.filters.createTime).toEqual([dayjs('2026-03-01T00:00:00').valueOf(), null]);
    expect(stored.filters.nextFollowTime).toBeNull();
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
  });

  it('restores the same tab, filters, sort, columns and page size', () => {
    const back = fromViewState(
      JSON.parse(JSON.stringify(toViewState(state))),
      clueViewStateSchema,
    )!;
    expect(back.tab).toBe('due');
    expect(back.sort).toEqual(state.sort);
    expect(back.columns).toEqual(['status', 'region']);
    expect(back.pageSize).toBe(50);
    expect({ ...back.filters, createTime: null }).toEqual({ ...state.filters, createTime: null });
    expect(back.filters.createTime?.[0]?.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(back.filters.createTime?.[1]).toBeNull();
  });

  it('fills defaults for an empty view and keeps the default columns when none were saved', () => {
    expect(fromViewState({}, clueViewStateSchema)).toEqual({
      tab: 'all',
      filters: NO_FILTERS,
      sort: DEFAULT_SORT,
      columns: null,
      pageSize: 10,
    });
  });

  it('refuses a state that does not pass the schema', () => {
    expect(fromViewState({ tab: 'nope' }, clueViewStateSchema)).toBeNull();
    expect(fromViewState({ columns: ['password'] }, clueViewStateSchema)).toBeNull();
    expect(fromViewState('x', clueViewStateSchema)).toBeNull();
  });

  it('reads ?tab and ?view from the URL only when valid', () => {
    expect(tabFromUrl('due')).toBe('due');
    expect(tabFromUrl('9')).toBeNull();
    expect(tabFromUrl(null)).toBeNull();
    expect(viewIdFromUrl('42')).toBe(42);
    expect(viewIdFromUrl('0')).toBeNull();
    expect(viewIdFromUrl('4a')).toBeNull();
  });
});
