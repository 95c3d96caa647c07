'use client';

import { useState } from 'react';
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LoadErrorAlert } from './LoadErrorAlert';
import { listPagination } from './table';
import { KeywordFilter } from './useCrmList';
import { errorText } from '@/components/employee/errors';

/**
 * The paging of a server-paged list screen (the operator's console, 成员管理): page and size, and
 * `filter(set)` which wraps a filter's setter so that a new filter starts again at page 1.
 */
export function usePaging(initialSize: number) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    pageNo,
    pageSize,
    setPageNo,
    filter:
      <T,>(set: (v: T) => void) =>
      (v: T) => {
        set(v);
        setPageNo(1);
      },
    onPage: (no: number, size: number) => {
      setPageNo(no);
      setPageSize(size);
    },
  };
}

export type Paging = ReturnType<typeof usePaging>;

/** KeywordFilter holding its own text, for filter bars without a 清空筛选 that resets it. */
export function FilterSearch({
  placeholder,
  label = placeholder,
  width,
  onSearch,
}: {
  placeholder: string;
  /** The accessible name when it differs from the placeholder. */
  label?: string;
  width: number;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <KeywordFilter
      value={value}
      onType={setValue}
      onApply={onSearch}
      placeholder={placeholder}
      label={label}
      width={width}
    />
  );
}

interface PageQuery<T> {
  data?: { list: T[]; total: number };
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One server-paged table: the rows of `page`, its paging with the total in words (「共 N 笔订单」),
 * and in place of the table a retry alert when the page failed to load (`showError` decides when
 * a caller handles some failures elsewhere, e.g. 成员管理's 401/403).
 */
export function PagedTable<T extends object>({
  page,
  paging,
  columns,
  unit,
  errorTitle,
  sizes,
  scrollX,
  rowKey = 'id',
  showError = page.isError,
  ...tableProps
}: {
  page: PageQuery<T>;
  paging: Pick<Paging, 'pageNo' | 'pageSize' | 'onPage'>;
  columns: ColumnsType<T>;
  /** The counted noun of the total, with its measure word: 「笔订单」「个租户」. */
  unit: string;
  /** The alert's title when the page failed without a message of its own. */
  errorTitle: string;
  /** The page sizes offered, or false for a fixed size (no size picker). */
  sizes?: number[] | false;
  scrollX?: number | 'max-content';
  /** The row's key field (`id` unless the rows have none). */
  rowKey?: string;
  showError?: boolean;
} & Pick<TableProps<T>, 'rowSelection' | 'locale' | 'size'>) {
  if (showError)
    return (
      <LoadErrorAlert title={errorText(page.error, errorTitle)} onRetry={() => page.refetch()} />
    );
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      scroll={scrollX ? { x: scrollX } : undefined}
      pagination={{
        ...listPagination({
          pageNo: paging.pageNo,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          unit,
          sizes: sizes || undefined,
          onChange: paging.onPage,
        }),
        ...(sizes === false ? { showSizeChanger: false } : {}),
      }}
      {...tableProps}
    />
  );
}
