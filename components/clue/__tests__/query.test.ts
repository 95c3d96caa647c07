import dayjs from 'dayjs';
import { cluePageSchema } from '@/lib/shared/clue/clue.contract';
import { NO_FILTERS, buildQuery, isFiltered, toRange } from '../query';

const SORT = { field: 'createTime' as const, order: 'desc' as const };

describe('lead list query', () => {
  it('sends only paging and sort when nothing is filtered', () => {
    expect(buildQuery('all', NO_FILTERS, SORT, 1, 10, false)).toEqual({
      pageNo: 1,
      pageSize: 10,
      sortField: 'createTime',
      sortOrder: 'desc',
    });
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('maps tabs to a status, 今日待跟进 to dueToday, and the recycle bin to deleted only', () => {
    expect(buildQuery('3', NO_FILTERS, SORT, 1, 10, false).status).toEqual([3]);
    expect(buildQuery('0', NO_FILTERS, SORT, 1, 10, false).status).toEqual([0]);
    const due = buildQuery('due', NO_FILTERS, SORT, 1, 10, false);
    expect(due.dueToday).toBe(true);
    expect(due.status).toBeUndefined();
    const bin = buildQuery('1', NO_FILTERS, SORT, 2, 20, true);
    expect(bin).toMatchObject({ deleted: true, pageNo: 2, pageSize: 20 });
    expect(bin.status).toBeUndefined();
  });

  it('builds a query the contract accepts from every filter', () => {
    const from = dayjs('2026-03-01T15:00:00');
    const to = dayjs('2026-03-05T08:00:00');
    const filters = {
      keyword: '科技',
      source: ['企业搜索' as const, '手动录入' as const],
      followUserIds: [7, 9],
      region: ['350000', '350200', '350203'],
      industry: ['I', '65'],
      createTime: [from, to] as [dayjs.Dayjs, dayjs.Dayjs],
      nextFollowTime: [null, to] as [null, dayjs.Dayjs],
    };
    const q = buildQuery('all', filters, { field: 'name', order: 'asc' }, 3, 50, false);
    expect(q).toMatchObject({
      keyword: '科技',
      source: ['企业搜索', '手动录入'],
      followUserIds: [7, 9],
      provinceCode: '350000',
      cityCode: '350200',
      districtCode: '350203',
      industry: '65',
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(q.createTime).toEqual([from.startOf('day').valueOf(), to.endOf('day').valueOf()]);
    expect(q.nextFollowTime).toEqual([null, to.endOf('day').valueOf()]);
    expect(isFiltered(filters)).toBe(true);
    expect(cluePageSchema.safeParse(q).success).toBe(true);
  });

  it('drops an empty date range', () => {
    expect(toRange(null)).toBeUndefined();
    expect(toRange([null, null])).toBeUndefined();
    expect(isFiltered({ ...NO_FILTERS, createTime: [null, null] })).toBe(false);
  });
});
