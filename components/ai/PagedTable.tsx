'use client';

import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';

/**
 * A page of rows read by one query, with its error (and 重试), loading, empty text and paging
 * (「共 N 个…」): the tables of 加微任务 and 不再联系.
 */
export function PagedTable<T extends object>({
  page,
  pageNo,
  pageSize,
  onPage,
  columns,
  rowKey,
  scrollX,
  emptyText,
  unit,
}: {
  page: UseQueryResult<{ list: T[]; total: number }>;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  scrollX: number;
  emptyText: string;
  /** What a row is, after the count: 「共 3 个任务」. */
  unit: string;
}) {
  return (
    <>
      {page.isError ? (
        <LoadErrorAlert
          title={page.error instanceof Error ? page.error.message : '加载失败'}
          onRetry={() => page.refetch()}
        />
      ) : null}
      <Table<T>
        rowKey={rowKey}
        size="small"
        loading={page.isFetching && !page.data}
        columns={columns}
        dataSource={page.data?.list ?? []}
        scroll={{ x: scrollX }}
        locale={{ emptyText }}
        pagination={{
          current: pageNo,
          pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} ${unit}`,
          onChange: onPage,
        }}
      />
    </>
  );
}
