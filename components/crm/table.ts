import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult, SortOrder, TableRowSelection } from 'antd/es/table/interface';

export type ListSort<F extends string> = { field: F; order: 'asc' | 'desc' };

/** The antd sort order a column shows for the list's current sort. */
export function columnSortOrder<F extends string>(sort: ListSort<F>, field: F): SortOrder {
  return sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
}

/**
 * The sort a table's header click asks for: its column and direction, or `fallback` when the
 * click cleared the sort. Null when the change was not a sort (paging, filters).
 */
export function sortFromTable<T, F extends string>(
  sorter: SorterResult<T> | SorterResult<T>[],
  action: string,
  fallback: ListSort<F>,
): ListSort<F> | null {
  if (action !== 'sort') return null;
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
  const field = (s.columnKey ?? s.field) as F;
  return s.order ? { field, order: s.order === 'ascend' ? 'asc' : 'desc' } : fallback;
}

/**
 * Server-side paging of a list: sizes 10–100 unless given, a changed size goes back to page 1, and the
 * total reads 「共 N {unit}」. `shownTotal`: the count to name when only part of it can be paged to
 * (an edition's result cap).
 */
export function listPagination({
  pageNo,
  pageSize,
  total,
  shownTotal,
  unit,
  sizes = [10, 20, 50, 100],
  onChange,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  shownTotal?: number;
  unit: string;
  sizes?: number[];
  onChange: (pageNo: number, pageSize: number) => void;
}): TablePaginationConfig {
  return {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: sizes,
    onChange: (p, s) => onChange(s === pageSize ? p : 1, s),
    showTotal: (t) => `共 ${shownTotal ?? t} ${unit}`,
  };
}

/** A table's row selection of numeric ids, kept while the member pages through the list. */
export function keptSelection<T>(
  selected: number[],
  onSelect: (ids: number[]) => void,
): TableRowSelection<T> {
  return {
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onChange: (keys) => onSelect(keys.map(Number)),
  };
}

/**
 * What a server-paged, sortable list table needs: the row selection (kept across pages; none
 * when `selected` is null), header sorting (`onSort` gets the new sort) and the paging.
 */
export function listTableProps<T, F extends string>({
  selected,
  onSelect,
  fallbackSort,
  onSort,
  paging,
}: {
  selected: number[] | null;
  onSelect: (ids: number[]) => void;
  fallbackSort: ListSort<F>;
  onSort: (sort: ListSort<F>) => void;
  paging: Parameters<typeof listPagination>[0];
}): Pick<TableProps<T>, 'rowSelection' | 'onChange' | 'pagination'> {
  return {
    rowSelection: selected ? keptSelection<T>(selected, onSelect) : undefined,
    onChange: (_p, _f, sorter, extra) => {
      const next = sortFromTable<T, F>(sorter, extra.action, fallbackSort);
      if (next) onSort(next);
    },
    pagination: listPagination(paging),
  };
}
