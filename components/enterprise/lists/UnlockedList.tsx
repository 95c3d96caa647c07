'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { UnlockedEnterprise } from '@/lib/server/enterprise/unlock.service';
import { api, ApiClientError } from '@/lib/client/request';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { formatCapital } from '@/lib/shared/enterprise/format';
import { enterpriseApi } from '../actions/enterprise-api';
import { statusColor } from '../tag-colors';
import { SignInRequired } from './SignInRequired';

const PAGE_SIZE = 10;
const TYPE_LABEL = { phone: '固话', mobile: '手机', email: '邮箱' } as const;

const columns: ColumnsType<UnlockedEnterprise> = [
  {
    title: '企业名称',
    dataIndex: 'name',
    width: 260,
    render: (_v, r) => (
      <Space direction="vertical" size={2}>
        <a href={companyDetailPath(r)} target="_blank" rel="noopener">
          {r.name}
        </a>
        <Tag color={statusColor(r.status)}>{r.status}</Tag>
      </Space>
    ),
  },
  { title: '法定代表人', dataIndex: 'legalPerson', width: 100 },
  {
    title: '注册资本',
    key: 'capital',
    width: 140,
    render: (_v, r) => formatCapital(r.regCapital, r.regCapitalCurrency) || '-',
  },
  {
    title: '成立日期',
    dataIndex: 'establishDate',
    width: 110,
    render: (v: string | null) => v ?? '-',
  },
  { title: '所属地区', dataIndex: 'regionName', width: 170, render: (v: string) => v || '-' },
  {
    title: '联系方式',
    dataIndex: 'contacts',
    render: (_v, r) =>
      r.contacts.length === 0 ? (
        <Typography.Text type="secondary">暂无</Typography.Text>
      ) : (
        <ul className="ent-plain-list">
          {r.contacts.map((c) => (
            <li key={c.id}>
              <Tag>{TYPE_LABEL[c.type]}</Tag>
              <Typography.Text copyable>{c.value}</Typography.Text>
              {c.personName ? <span className="ent-muted"> {c.personName}</span> : null}
            </li>
          ))}
        </ul>
      ),
  },
  {
    title: '解锁时间',
    dataIndex: 'unlockTime',
    width: 160,
    render: (v: string, r) => (
      <>
        {dayjs(v).format('YYYY-MM-DD HH:mm')}
        {r.unlockUserName ? <div className="ent-muted">{r.unlockUserName}</div> : null}
      </>
    ),
  },
];

/** 已解锁企业: the tenant's unlocked companies with their contacts (server paging, search). */
export function UnlockedList() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<'export' | 'crm' | null>(null);
  const query = useQuery({
    queryKey: ['unlock-page', keyword, pageNo],
    queryFn: () =>
      api.post<PageResult<UnlockedEnterprise>>(
        '/szjk/enterprise/unlock-page',
        { pageNo, pageSize: PAGE_SIZE, keyword: keyword || undefined },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });

  if (query.error instanceof ApiClientError && query.error.code === 401) {
    return <SignInRequired text="登录后可查看本企业已解锁的企业及联系方式" />;
  }

  async function run(kind: 'export' | 'crm') {
    setBusy(kind);
    try {
      if (kind === 'export') await enterpriseApi.exportExcel(selected);
      else {
        const r = await enterpriseApi.toCrm(selected, '已解锁企业');
        message.success(
          `已加入线索 ${r.created} 家${r.existed ? `，${r.existed} 家已在线索中` : ''}`,
        );
      }
    } catch (err) {
      if (!(err instanceof ApiClientError)) message.error('操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  }

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
        <Space>
          <span className="ent-muted">已选 {selected.length} 家</span>
          <Button
            icon={<PlusOutlined />}
            disabled={!selected.length}
            loading={busy === 'crm'}
            onClick={() => run('crm')}
          >
            加入线索
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!selected.length}
            loading={busy === 'export'}
            onClick={() => run('export')}
          >
            导出 Excel
          </Button>
        </Space>
      </div>
      {query.error && !(query.error instanceof ApiClientError && query.error.code === 401) ? (
        <Typography.Text type="danger">加载失败：{(query.error as Error).message}</Typography.Text>
      ) : null}
      <Table<UnlockedEnterprise>
        rowKey="entId"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: keyword
            ? '没有匹配的已解锁企业'
            : '还没有解锁过企业，去企业查询页解锁联系方式吧',
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: true,
        }}
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
