'use client';

import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Table, Typography } from 'antd';
import type { ColumnsType, TableRowSelection } from 'antd/es/table/interface';
import type { PageResult } from '@/lib/shared/api/envelope';
import { ApiClientError } from '@/lib/client/request';
import { SignInRequired } from './SignInRequired';

const PAGE_SIZE = 10;

type Row = { entId: number };

/**
 * A signed-in list of companies (已解锁企业, 我的收藏): name / credit-code search, server paging,
 * a sign-in prompt for visitors and a load error in words. The page decides columns, actions and
 * selection.
 */
export function PagedEnterpriseList<T extends Row>({
  queryKey,
  fetchPage,
  columns,
  signInText,
  emptyText,
  scrollX,
  rowSelection,
  actions,
}: {
  /** Invalidate this key (the page contract's contractKey) to reload the list. */
  queryKey: readonly unknown[];
  fetchPage: (q: { pageNo: number; pageSize: number; keyword?: string }) => Promise<PageResult<T>>;
  columns: ColumnsType<T>;
  signInText: string;
  emptyText: (searching: boolean) => string;
  scrollX: number;
  rowSelection?: TableRowSelection<T>;
  /** Shown beside the search box (bulk actions). */
  actions?: ReactNode;
}) {
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: [...queryKey, { keyword, pageNo }],
    queryFn: () => fetchPage({ pageNo, pageSize: PAGE_SIZE, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const signedOut = query.error instanceof ApiClientError && query.error.code === 401;
  if (signedOut) return <SignInRequired text={signInText} />;

  return (
    <div>
      <div className="ent-list-toolbar">
        <Input.Search
          allowClear
          placeholder="按企业名称或统一社会信用代码搜索"
          style={{ maxWidth: 360 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
        />
        {actions}
      </div>
      <Table<T>
        rowKey="entId"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: scrollX }}
        locale={{
          emptyText: query.error ? (
            // A failed load is not an empty list: say so, and offer to try again.
            <span role="alert">
              <Typography.Text type="danger">
                加载失败：{(query.error as Error).message}
              </Typography.Text>{' '}
              <Button type="link" size="small" onClick={() => void query.refetch()}>
                重试
              </Button>
            </span>
          ) : query.isPending ? (
            // The first load: the spinner says enough.
            ' '
          ) : (
            emptyText(Boolean(keyword))
          ),
        }}
        rowSelection={rowSelection}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 家`,
          onChange: setPageNo,
        }}
      />
    </div>
  );
}
