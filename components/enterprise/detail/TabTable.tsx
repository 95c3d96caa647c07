'use client';

import { useState } from 'react';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  BranchRow,
  ChangeRow,
  FinancingRow,
  HonorRow,
  InvestmentRow,
  PersonRow,
  ShareholderRow,
} from '@/lib/shared/enterprise/types';
import { formatRatio } from '@/lib/shared/enterprise/format';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { ApiClientError, call } from '@/lib/client/request';
import {
  pageEnterpriseBranches,
  pageEnterpriseChanges,
  pageEnterpriseFinancing,
  pageEnterpriseHonors,
  pageEnterpriseInvestments,
  pageEnterprisePeople,
  pageEnterpriseShareholders,
} from '@/lib/shared/enterprise/enterprise.contract';
import { statusColor } from '../tag-colors';

export type TabRows = {
  shareholders: ShareholderRow;
  people: PersonRow;
  changes: ChangeRow;
  investments: InvestmentRow;
  branches: BranchRow;
  financing: FinancingRow;
  honors: HonorRow;
};

export type TabKind = keyof TabRows;

type TabQuery = { entId: number; pageNo: number; pageSize: number };

/** The endpoint that pages each tab (typed: a tab's rows are what its contract answers). */
const TAB_PAGES: { [K in TabKind]: (query: TabQuery) => Promise<PageResult<TabRows[K]>> } = {
  shareholders: (query) => call(pageEnterpriseShareholders, { query }),
  people: (query) => call(pageEnterprisePeople, { query }),
  changes: (query) => call(pageEnterpriseChanges, { query }),
  investments: (query) => call(pageEnterpriseInvestments, { query }),
  branches: (query) => call(pageEnterpriseBranches, { query }),
  financing: (query) => call(pageEnterpriseFinancing, { query }),
  honors: (query) => call(pageEnterpriseHonors, { query }),
};

const dash = (v: React.ReactNode) => (v === null || v === undefined || v === '' ? '-' : v);
const wan = (v: number | null) => (v === null ? '-' : `${Number(v.toFixed(4))}万元`);

function CompanyLink({
  name,
  entId,
  uncid,
}: {
  name: string;
  entId: number | null;
  uncid: string | null;
}) {
  if (!entId && !uncid) return <>{name}</>;
  return <a href={companyDetailPath({ uncid, name })}>{name}</a>;
}

function index<T>(): ColumnsType<T>[number] {
  return { title: '序号', key: 'index', width: 64, render: (_v, _r, i) => i + 1 };
}

const COLUMNS: { [K in TabKind]: ColumnsType<TabRows[K]> } = {
  shareholders: [
    index<ShareholderRow>(),
    {
      title: '股东名称',
      key: 'holderName',
      render: (_v, r) => (
        <>
          {r.holderType === 'person' ? (
            r.holderName
          ) : (
            <CompanyLink name={r.holderName} entId={r.holderEnterpriseId} uncid={r.holderUncid} />
          )}
          <Tag style={{ marginLeft: 8 }} color={r.holderType === 'person' ? 'green' : 'blue'}>
            {r.holderType === 'person' ? '自然人' : '企业法人'}
          </Tag>
        </>
      ),
    },
    {
      title: '持股比例',
      dataIndex: 'ratio',
      width: 110,
      render: (v: number | null) => dash(formatRatio(v)),
    },
    { title: '认缴出资额', dataIndex: 'subscribedAmount', width: 140, render: wan },
    { title: '认缴出资日期', dataIndex: 'subscribedDate', width: 130, render: dash },
  ],
  people: [
    index<PersonRow>(),
    { title: '姓名', dataIndex: 'name', width: 160 },
    { title: '职务', dataIndex: 'roles', render: (v: string[]) => dash(v.join('、')) },
    {
      title: '关联企业',
      dataIndex: 'relatedCount',
      width: 120,
      render: (v: number) => (v > 0 ? `${v} 家` : '-'),
    },
  ],
  changes: [
    index<ChangeRow>(),
    { title: '变更日期', dataIndex: 'changeDate', width: 120 },
    { title: '变更事项', dataIndex: 'item', width: 160 },
    { title: '变更前', dataIndex: 'before', render: dash },
    { title: '变更后', dataIndex: 'after', render: dash },
  ],
  investments: [
    index<InvestmentRow>(),
    {
      title: '被投资企业',
      key: 'investeeName',
      render: (_v, r) => (
        <CompanyLink name={r.investeeName} entId={r.investeeEnterpriseId} uncid={r.investeeUncid} />
      ),
    },
    {
      title: '状态',
      dataIndex: 'investeeStatus',
      width: 90,
      render: (v: string | null) => (v ? <Tag color={statusColor(v)}>{v}</Tag> : '-'),
    },
    { title: '法定代表人', dataIndex: 'investeeLegalPerson', width: 110, render: dash },
    { title: '成立日期', dataIndex: 'investeeEstablishDate', width: 120, render: dash },
    {
      title: '持股比例',
      dataIndex: 'ratio',
      width: 100,
      render: (v: number | null) => dash(formatRatio(v)),
    },
    { title: '认缴出资额', dataIndex: 'amount', width: 130, render: wan },
  ],
  branches: [
    index<BranchRow>(),
    {
      title: '分支机构名称',
      key: 'name',
      render: (_v, r) => <CompanyLink name={r.name} entId={r.branchEnterpriseId} uncid={r.uncid} />,
    },
    { title: '负责人', dataIndex: 'principal', width: 110, render: dash },
    { title: '所在地区', dataIndex: 'regionName', width: 200, render: dash },
    { title: '成立日期', dataIndex: 'establishDate', width: 120, render: dash },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: string | null) => (v ? <Tag color={statusColor(v)}>{v}</Tag> : '-'),
    },
  ],
  financing: [
    index<FinancingRow>(),
    { title: '融资日期', dataIndex: 'financingDate', width: 120 },
    {
      title: '轮次',
      dataIndex: 'round',
      width: 110,
      render: (v: string) => <Tag color="gold">{v}</Tag>,
    },
    { title: '金额', dataIndex: 'amount', width: 140, render: dash },
    { title: '投资方', dataIndex: 'investors', render: (v: string[]) => dash(v.join('、')) },
  ],
  honors: [
    index<HonorRow>(),
    { title: '荣誉名称', dataIndex: 'name' },
    {
      title: '级别',
      dataIndex: 'level',
      width: 100,
      render: (v: string) => (
        <Tag color={v === '国家级' ? 'red' : v === '省级' ? 'orange' : 'blue'}>{v}</Tag>
      ),
    },
    { title: '认定年份', dataIndex: 'year', width: 100 },
    { title: '颁发单位', dataIndex: 'issuer', width: 220, render: dash },
  ],
};

export const TAB_PAGE_SIZE = 10;

/**
 * One tab's table: the first page comes rendered from the server, further pages from the API.
 * The serial number continues across pages.
 */
export function TabTable<K extends TabKind>({
  kind,
  entId,
  initial,
}: {
  kind: K;
  entId: number;
  initial: PageResult<TabRows[K]>;
}) {
  const [page, setPage] = useState({ no: 1, data: initial });
  const [loading, setLoading] = useState(false);
  const columns = COLUMNS[kind].map((c) =>
    c.key === 'index'
      ? {
          ...c,
          render: (_v: unknown, _r: TabRows[K], i: number) => (page.no - 1) * TAB_PAGE_SIZE + i + 1,
        }
      : c,
  ) as ColumnsType<TabRows[K]>;

  async function load(no: number) {
    setLoading(true);
    try {
      const data = await TAB_PAGES[kind]({ entId, pageNo: no, pageSize: TAB_PAGE_SIZE });
      setPage({ no, data });
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setLoading(false);
    }
  }

  return (
    <Table<TabRows[K]>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={page.data.list}
      loading={loading}
      locale={{ emptyText: '暂无数据' }}
      scroll={{ x: 720 }}
      pagination={
        page.data.total > TAB_PAGE_SIZE
          ? {
              current: page.no,
              pageSize: TAB_PAGE_SIZE,
              total: page.data.total,
              showSizeChanger: false,
              showTotal: (t) => `共 ${t} 条`,
              onChange: load,
            }
          : false
      }
    />
  );
}
