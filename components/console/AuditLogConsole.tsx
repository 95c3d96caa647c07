'use client';

import { FilterSelect } from '@/components/crm/FilterSelect';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { FilterSearch, PagedTable, usePaging } from '@/components/crm/paged-list';
import { getAuditActions, getAuditLogPage } from '@/lib/shared/console/console.endpoints';
import type { AuditLogView } from '@/lib/shared/console/console.contract';

const PAGE_KEY = contractKey(getAuditLogPage);

/** Field names of audit details, in Chinese. */
const DETAIL_LABEL: Record<string, string> = {
  reason: '原因',
  tenantName: '租户',
  tenantId: '租户编号',
  method: '方式',
  signedOut: '下线会话',
  previousStatus: '原状态',
  amount: '数量',
  amountFen: '金额（分）',
  orderId: '订单',
  fileName: '文件',
  bytes: '字节',
  format: '格式',
  changes: '变更',
  expireTime: '到期',
  edition: '版本',
  memberLimit: '成员上限',
  name: '名称',
};

function describe(value: unknown): string {
  if (value === null || value === undefined) return '空';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('from' in v && 'to' in v) return `${describe(v.from)} → ${describe(v.to)}`;
    return Object.entries(v)
      .map(([k, x]) => `${DETAIL_LABEL[k] ?? k} ${describe(x)}`)
      .join('；');
  }
  return String(value);
}

/** 审计日志: who changed what, when, from where (IP and device), filterable. */
export function AuditLogConsole() {
  const [action, setAction] = useState<string | undefined>();
  const [user, setUser] = useState('');
  const [tenant, setTenant] = useState('');
  const [target, setTarget] = useState('');
  const [ip, setIp] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const paging = usePaging(20);
  const { filter } = paging;
  const query = {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    action,
    user: user || undefined,
    tenant: tenant || undefined,
    target: target || undefined,
    ip: ip || undefined,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
  };
  const actions = useQuery({
    queryKey: contractKey(getAuditActions),
    queryFn: () => call(getAuditActions, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
  const page = useQuery({
    queryKey: [...PAGE_KEY, query],
    queryFn: () => call(getAuditLogPage, { query }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });
  const search = (label: string, set: (v: string) => void, width: number) => (
    <FilterSearch placeholder={label} width={width} onSearch={filter(set)} />
  );

  const columns: ColumnsType<AuditLogView> = [
    {
      title: '时间',
      dataIndex: 'createTime',
      width: 170,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作人',
      dataIndex: 'userName',
      width: 180,
      render: (v: string, l) => (
        <div className="console-cell">
          <span>{v || (l.userId ? `用户 ${l.userId}` : '系统')}</span>
          {l.tenantName && <span className="console-sub">{l.tenantName}</span>}
        </div>
      ),
    },
    {
      title: '操作',
      dataIndex: 'actionName',
      width: 130,
      render: (v: string, l) => (
        <Tag color={/disabled|deleted|refunded|failed|locked/.test(l.action) ? 'red' : 'blue'}>
          {v}
        </Tag>
      ),
    },
    {
      title: '对象',
      dataIndex: 'target',
      width: 140,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '详情',
      dataIndex: 'detail',
      render: (v: AuditLogView['detail']) =>
        v ? <span className="console-detail">{describe(v)}</span> : '—',
    },
    {
      title: '来源',
      key: 'from',
      width: 180,
      render: (_v, l) => (
        <Tooltip title={l.userAgent ?? undefined}>
          <div className="console-cell">
            <span>{l.ip ?? '—'}</span>
            <span className="console-sub">{l.device}</span>
          </div>
        </Tooltip>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1 className="ent-page-title">审计日志</h1>
        <span className="console-hint">谁在何时、从哪里（IP 与设备）做了什么</span>
      </div>
      <div className="console-toolbar">
        <FilterSelect
          searchable
          placeholder="全部操作"
          label="按操作筛选"
          width={160}
          value={action}
          onChange={filter(setAction)}
          loading={actions.isLoading}
          options={actions.data ?? []}
        />
        {search('操作人（账号、昵称、手机号）', setUser, 220)}
        {search('租户名称或编号', setTenant, 180)}
        {search('对象（如租户编号、订单号）', setTarget, 200)}
        {search('IP', setIp, 140)}
        <DatePicker.RangePicker
          aria-label="日期"
          value={range}
          onChange={(v) => filter(setRange)(v)}
          placeholder={['开始日期', '结束日期']}
        />
      </div>
      <PagedTable<AuditLogView>
        page={page}
        paging={paging}
        columns={columns}
        size="middle"
        scrollX={1100}
        unit="条记录"
        sizes={[20, 50, 100]}
        errorTitle="审计日志加载失败"
      />
    </div>
  );
}
