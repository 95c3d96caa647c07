'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { pageFavorites, removeFavorite } from '@/lib/shared/enterprise/enterprise.endpoints';
import type { FavoriteEnterprise } from '@/lib/shared/enterprise/enterprise.contract';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { useActionError } from '../actions/QuotaDialog';
import { EnterpriseTags } from '../EnterpriseTags';
import { EnterpriseBulkBar } from './EnterpriseBulkBar';
import { PagedEnterpriseList } from './PagedEnterpriseList';
import { keptSelection } from '@/components/crm/table';
import { useFeedback } from '@/lib/client/feedback';

const QUERY_KEY = contractKey(pageFavorites);

/** 我的收藏: the user's favourite companies (server paging, search, remove). */
export function FavoriteList() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const onError = useActionError();
  const [selected, setSelected] = useState<number[]>([]);

  async function remove(entId: number) {
    try {
      await call(removeFavorite, { body: { entId } }, { silent: true });
      message.success('已取消收藏');
      setSelected((ids) => ids.filter((id) => id !== entId));
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch (err) {
      onError(err);
    }
  }
  const columns: ColumnsType<FavoriteEnterprise> = [
    {
      title: '企业名称',
      dataIndex: 'name',
      width: 240,
      render: (_v, r) => (
        <Space direction="vertical" size={4}>
          <a href={companyDetailPath(r)} target="_blank" rel="noopener">
            {r.name}
          </a>
          <EnterpriseTags status={r.status} tags={r.tags} />
        </Space>
      ),
    },
    { title: '法定代表人', dataIndex: 'legalPerson', width: 90 },
    { title: '注册资本', dataIndex: 'regCapitalText', width: 120, render: (v: string) => v || '-' },
    {
      title: '成立日期',
      dataIndex: 'establishDate',
      width: 110,
      render: (v: string | null) => v ?? '-',
    },
    { title: '所属地区', dataIndex: 'regionName', width: 150, render: (v: string) => v || '-' },
    {
      title: '联系方式',
      key: 'contacts',
      width: 160,
      render: (_v, r) => (
        <>
          电话 {r.phoneCount} 个 / 邮箱 {r.emailCount} 个
          {r.unlocked ? (
            <Tag color="green" style={{ marginLeft: 6 }}>
              已解锁
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: '收藏时间',
      dataIndex: 'favoriteTime',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 100,
      fixed: 'right',
      render: (_v, r) => (
        <Popconfirm title="确定取消收藏该企业吗？" onConfirm={() => remove(r.entId)}>
          <Button type="link" size="small">
            取消收藏
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <PagedEnterpriseList<FavoriteEnterprise>
      queryKey={QUERY_KEY}
      fetchPage={(query) => call(pageFavorites, { query }, { silent: true })}
      columns={columns}
      signInText="登录后可查看您收藏的企业"
      emptyText={(searching) => (searching ? '没有匹配的收藏企业' : '还没有收藏企业')}
      scrollX={1120}
      // The same bulk actions as 已解锁企业 (issue 28 item 7).
      rowSelection={keptSelection(selected, setSelected)}
      actions={<EnterpriseBulkBar source="我的收藏" selected={selected} />}
    />
  );
}
