import { columnSortOrder, listPagination, listTableProps, sortFromTable } from '../table';

type F = 'name' | 'createTime';
const fallback = { field: 'createTime' as F, order: 'desc' as const };

describe('columnSortOrder', () => {
  it('shows the direction on the sorted column only', () => {
    const sort = { field: 'name' as F, order: 'asc' as const };
    expect(columnSortOrder(sort, 'name')).toBe('ascend');
    expect(columnSortOrder({ ...sort, order: 'desc' }, 'name')).toBe('descend');
    expect(columnSortOrder(sort, 'createTime')).toBeNull();
  });
});

describe('sortFromTable', () => {
  it('ignores changes that are not a sort', () => {
    expect(sortFromTable({ columnKey: 'name', order: 'ascend' }, 'paginate', fallback)).toBeNull();
  });
  it('reads the column key, else the field, and the direction', () => {
    expect(sortFromTable({ columnKey: 'name', order: 'ascend' }, 'sort', fallback)).toEqual({
      field: 'name',
      order: 'asc',
    });
    expect(sortFromTable([{ field: 'name', order: 'descend' }], 'sort', fallback)).toEqual({
      field: 'name',
      order: 'desc',
    });
  });
  it('goes back to the fallback when the sort is cleared', () => {
    expect(sortFromTable({ columnKey: 'name', order: null }, 'sort', fallback)).toBe(fallback);
  });
});

describe('listPagination', () => {
  const calls: [number, number][] = [];
  const config = listPagination({
    pageNo: 3,
    pageSize: 20,
    total: 95,
    unit: '条',
    onChange: (p, s) => calls.push([p, s]),
  });

  it('pages on the server with the usual sizes and total text', () => {
    expect(config).toMatchObject({ current: 3, pageSize: 20, total: 95 });
    expect(config.pageSizeOptions).toEqual([10, 20, 50, 100]);
    expect(config.showTotal?.(95, [41, 60])).toBe('共 95 条');
  });
  it('keeps the page when only the page changes, and goes to page 1 on a new size', () => {
    config.onChange?.(4, 20);
    config.onChange?.(4, 50);
    expect(calls).toEqual([
      [4, 20],
      [1, 50],
    ]);
  });
  it('takes other sizes when given', () => {
    const c = listPagination({
      pageNo: 1,
      pageSize: 10,
      total: 0,
      unit: '名成员',
      sizes: [10, 20, 50],
      onChange: () => undefined,
    });
    expect(c.pageSizeOptions).toEqual([10, 20, 50]);
    expect(c.showTotal?.(7, [1, 7])).toBe('共 7 名成员');
  });
});

describe('listTableProps', () => {
  const paging = { pageNo: 1, pageSize: 10, total: 0, unit: '个', onChange: () => undefined };

  it('selects across pages only when a selection is given', () => {
    const picked: number[][] = [];
    const on = listTableProps<{ id: number }, F>({
      selected: [3],
      onSelect: (ids) => picked.push(ids),
      fallbackSort: fallback,
      onSort: () => undefined,
      paging,
    });
    expect(on.rowSelection).toMatchObject({ selectedRowKeys: [3], preserveSelectedRowKeys: true });
    on.rowSelection?.onChange?.([3, '7'], [], { type: 'multiple' });
    expect(picked).toEqual([[3, 7]]);
    const off = listTableProps<{ id: number }, F>({
      selected: null,
      onSelect: () => undefined,
      fallbackSort: fallback,
      onSort: () => undefined,
      paging,
    });
    expect(off.rowSelection).toBeUndefined();
  });
});
