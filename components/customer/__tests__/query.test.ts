import dayjs from 'dayjs';
import { customerPageSchema } from '@/lib/shared/customer/customer.contract';
import { NO_CUSTOMER_FILTERS, buildCustomerQuery, isCustomerFiltered } from '../query';

const sort = { field: 'createTime' as const, order: 'desc' as const };

describe('customer list query', () => {
  it('sends only the page and sort when nothing is filtered', () => {
    const q = buildCustomerQuery(NO_CUSTOMER_FILTERS, sort, 1, 10);
    expect(q).toEqual({ pageNo: 1, pageSize: 10, sortField: 'createTime', sortOrder: 'desc' });
    expect(isCustomerFiltered(NO_CUSTOMER_FILTERS)).toBe(false);
  });

  it('sends every set filter in the form the contract accepts', () => {
    const f = {
      keyword: '厦门',
      source: ['线索转化' as const],
      level: ['A' as const, 'B' as const],
      ownerUserIds: [7],
      tag: 'VIP',
      createTime: [dayjs('2026-01-01T15:00:00'), dayjs('2026-01-31T09:00:00')] as [
        dayjs.Dayjs,
        dayjs.Dayjs,
      ],
    };
    const q = buildCustomerQuery(f, { field: 'name', order: 'asc' }, 3, 20, true);
    expect(q).toMatchObject({
      pageNo: 3,
      pageSize: 20,
      sortField: 'name',
      sortOrder: 'asc',
      deleted: true,
      keyword: '厦门',
      source: ['线索转化'],
      level: ['A', 'B'],
      ownerUserIds: [7],
      tag: 'VIP',
    });
    expect(q.createTime).toEqual([
      dayjs('2026-01-01').startOf('day').valueOf(),
      dayjs('2026-01-31').endOf('day').valueOf(),
    ]);
    expect(customerPageSchema.safeParse(q).success).toBe(true);
    expect(isCustomerFiltered(f)).toBe(true);
  });

  it('keeps an open-ended created range', () => {
    const q = buildCustomerQuery(
      { ...NO_CUSTOMER_FILTERS, createTime: [null, dayjs('2026-02-01')] },
      sort,
      1,
      10,
    );
    expect(q.createTime).toEqual([null, dayjs('2026-02-01').endOf('day').valueOf()]);
  });
});
