'use client';

import { Space, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from './LoadErrorAlert';

/** What an empty list says: the recycle bin, no match for the filters, or how to start. */
export type CrmEmptyTexts = {
  deleted: boolean;
  filtered: boolean;
  noMatch: string;
  start: string;
  /** Buttons that fill an empty list (去搜索, 新建…), under `start` (issue 28 item 7). */
  actions?: React.ReactNode;
};

export function crmEmptyText({ deleted, filtered, noMatch, start }: CrmEmptyTexts): string {
  if (deleted) return '回收站是空的';
  return filtered ? noMatch : start;
}

/**
 * A CRM list's table over its page query, or why the page failed with 重试. Rows come from the
 * query (kept while the next page loads); the caller gives columns, paging and row behaviour.
 */
export function CrmTable<T extends object>({
  page,
  failTitle,
  empty,
  loading,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'locale'> & {
  page: UseQueryResult<{ list: T[]; total: number }>;
  /** The alert's fallback text when the error carries no message. */
  failTitle: string;
  empty: CrmEmptyTexts;
}) {
  if (page.isError)
    return (
      <LoadErrorAlert title={errorText(page.error, failTitle)} onRetry={() => page.refetch()} />
    );
  return (
    <Table<T>
      {...table}
      loading={page.isFetching || loading === true}
      dataSource={page.data?.list ?? []}
      locale={{
        emptyText:
          empty.actions && !empty.deleted && !empty.filtered ? (
            <div className="crm-empty" data-testid="crm-empty">
              <p>{empty.start}</p>
              <Space wrap>{empty.actions}</Space>
            </div>
          ) : (
            crmEmptyText(empty)
          ),
      }}
    />
  );
}
