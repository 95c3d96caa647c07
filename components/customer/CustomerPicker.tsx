'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '@/lib/client/request';
import { customerPage } from '@/lib/shared/customer/customer.endpoints';
import { CUSTOMER_PAGE_KEY } from './shared';

/** A customer within the caller's data scope, searched by name (new opportunity). */
export function CustomerPicker({
  value,
  onChange,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const body = { pageNo: 1, pageSize: 20, keyword: keyword || null };
  const list = useQuery({
    queryKey: [...CUSTOMER_PAGE_KEY, 'picker', keyword],
    queryFn: () =>
      call(
        customerPage,
        { body: { ...body, sortField: 'updateTime', sortOrder: 'desc' } },
        { silent: true },
      ),
    staleTime: 30_000,
    retry: 0,
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder="搜索客户名称"
      aria-label="客户"
      loading={list.isFetching}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(list.data?.list ?? []).map((c) => ({ label: c.name, value: c.id }))}
      notFoundContent={list.isFetching ? '加载中…' : '没有匹配的客户'}
    />
  );
}
