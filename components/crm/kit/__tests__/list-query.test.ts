import dayjs from 'dayjs';
import { anyFilterSet, filterQuery, pageQuery, toRange } from '../list-query';
import type { FilterFields, Range } from '../list-query';

/** A list declaring one filter of each kind (CRM kit, ADR 0196). */
type F = { keyword: string; owners: number[]; tag: string | null; created: Range; path: string[] };
const NONE: F = { keyword: '', owners: [], tag: null, created: null, path: [] };
const FIELDS: FilterFields<F> = {
  keyword: 'text',
  owners: 'list',
  tag: 'value',
  created: 'range',
  path: (p) => ({ first: p[0], last: p[p.length - 1] }),
};

describe('a list declaration → its page query', () => {
  it('sends nothing for unset filters, and says none is set', () => {
    expect(filterQuery(FIELDS, NONE)).toEqual({});
    expect(anyFilterSet(FIELDS, NONE)).toBe(false);
    expect(anyFilterSet(FIELDS, { ...NONE, created: [null, null] })).toBe(false);
  });

  it('sends each set filter as its kind says', () => {
    const day = dayjs('2026-05-04T13:00:00');
    const q = filterQuery(FIELDS, {
      keyword: '厦门',
      owners: [3, 4],
      tag: 'VIP',
      created: [day, null],
      path: ['A', 'B', 'C'],
    });
    expect(q).toEqual({
      keyword: '厦门',
      owners: [3, 4],
      tag: 'VIP',
      created: [day.startOf('day').valueOf(), null],
      first: 'A',
      last: 'C',
    });
  });

  it('counts any one set filter as filtered', () => {
    for (const change of [
      { keyword: 'x' },
      { owners: [1] },
      { tag: 't' },
      { created: [null, dayjs()] as Range },
      { path: ['A'] },
    ])
      expect(anyFilterSet(FIELDS, { ...NONE, ...change })).toBe(true);
  });

  it('ignores fields the declaration does not name', () => {
    const extra = { ...NONE, hidden: 'x' } as F;
    expect(filterQuery(FIELDS, extra)).toEqual({});
  });
});

describe('pageQuery', () => {
  it('starts every page query with paging and sort; the bin adds deleted only then', () => {
    const sort = { field: 'name', order: 'asc' } as const;
    expect(pageQuery(sort, 2, 20, false)).toEqual({
      pageNo: 2,
      pageSize: 20,
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(pageQuery(sort, 1, 10, true).deleted).toBe(true);
  });
});

describe('toRange', () => {
  it('spans whole days and keeps an open end', () => {
    const to = dayjs('2026-01-31T09:00:00');
    expect(toRange([null, to])).toEqual([null, to.endOf('day').valueOf()]);
    expect(toRange(null)).toBeUndefined();
  });
});
