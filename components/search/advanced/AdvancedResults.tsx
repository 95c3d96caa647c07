'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import { useState } from 'react';
import { Button, Checkbox, Popover, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { EnterpriseSearchHit } from '@/lib/shared/search/types';
import type { SortKey } from '@/lib/shared/search/filters';
import { SORT_OPTIONS } from '@/lib/shared/search/filters';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { EnterpriseTags } from '@/components/enterprise/EnterpriseTags';
import { goToLogin } from '@/lib/client/session';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { useBulkActions, type BulkAction } from '@/components/enterprise/actions/useBulkActions';
import type { AdvancedSearchResult } from '@/lib/shared/search/search.contract';
import { useStoredChoice } from '@/lib/client/storage/useStoredChoice';
import { Segments } from '../results/ResultList';
import { VipMark, VipTip, useVipOnly } from '@/components/vip/VipMark';
import { formatTotal } from '@/lib/shared/search/total-text';
import { keptSelection } from '@/components/crm/table';

type ColumnKey =
  | 'status'
  | 'legalPerson'
  | 'capital'
  | 'establishDate'
  | 'region'
  | 'industry'
  | 'orgType'
  | 'uncid'
  | 'contacts'
  | 'address';

const COLUMN_LABELS: Record<ColumnKey, string> = {
  status: '状态与标签',
  legalPerson: '法定代表人',
  capital: '注册资本',
  establishDate: '成立日期',
  region: '所属地区',
  industry: '所属行业',
  orgType: '企业类型',
  uncid: '统一社会信用代码',
  contacts: '联系方式',
  address: '注册地址',
};

const DEFAULT_COLUMNS: ColumnKey[] = [
  'status',
  'legalPerson',
  'capital',
  'establishDate',
  'region',
  'contacts',
];

const COLUMNS_STORAGE_KEY = 'advancedSearchColumns';

function isColumnList(v: unknown): v is ColumnKey[] {
  return Array.isArray(v) && v.every((k) => typeof k === 'string' && k in COLUMN_LABELS);
}

const ALL_COLUMNS: Record<ColumnKey, ColumnsType<EnterpriseSearchHit>[number]> = {
  status: {
    title: '状态与标签',
    key: 'status',
    width: 200,
    render: (_v, r) => <EnterpriseTags status={r.status} tags={r.tags} />,
  },
  legalPerson: { title: '法定代表人', dataIndex: 'legalPerson', width: 100 },
  capital: capitalColumn({ width: 150 }),
  establishDate: establishDateColumn(),
  region: {
    title: '所属地区',
    key: 'region',
    width: 150,
    render: (_v, r) =>
      [r.provinceName, r.cityName !== r.provinceName ? r.cityName : ''].filter(Boolean).join(' ') ||
      '-',
  },
  industry: { title: '所属行业', dataIndex: 'industryName', width: 160 },
  orgType: { title: '企业类型', dataIndex: 'orgType', width: 160 },
  uncid: { title: '统一社会信用代码', dataIndex: 'uncid', width: 190 },
  contacts: {
    title: '联系方式',
    key: 'contacts',
    width: 150,
    render: (_v, r) => `电话 ${r.phoneCount} 个 · 邮箱 ${r.emailCount} 个`,
  },
  address: { title: '注册地址', dataIndex: 'address', ellipsis: true },
};

/** Results of advanced search: server paging, sorting, column choice, selection, export. */
export function AdvancedResults({
  data,
  loading,
  pageNo,
  pageSize,
  sort,
  signedIn,
  onPage,
  onSort,
  onExportAll,
  leadSource = '高级搜索',
}: {
  data: AdvancedSearchResult | undefined;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  sort: SortKey;
  signedIn: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
  onSort: (sort: SortKey) => void;
  onExportAll: () => Promise<void>;
  /** The source recorded on leads added from this table. */
  leadSource?: string;
}) {
  const onError = useActionError();
  // The column choice is remembered in this browser.
  const [shown, setShown] = useStoredChoice<ColumnKey[]>(
    COLUMNS_STORAGE_KEY,
    DEFAULT_COLUMNS,
    isColumnList,
  );
  const [selectedRowKeys, setSelectedRowKeys] = useState<number[]>([]);
  const bulk = useBulkActions(leadSource);
  const exportVip = useVipOnly('export');
  const [exportingAll, setExportingAll] = useState(false);

  const columns: ColumnsType<EnterpriseSearchHit> = [
    {
      title: '企业名称',
      key: 'name',
      fixed: 'left',
      width: 260,
      render: (_v, r) => (
        <a
          href={companyDetailPath({ uncid: r.uncid, name: r.name })}
          target="_blank"
          rel="noopener"
        >
          <Segments segments={r.nameSegments} />
        </a>
      ),
    },
    ...(Object.keys(COLUMN_LABELS) as ColumnKey[])
      .filter((k) => shown.includes(k))
      .map((k) => ALL_COLUMNS[k]),
  ];

  async function run(kind: BulkAction | 'exportAll') {
    if (!signedIn) return goToLogin();
    if (kind !== 'exportAll') return bulk.run(kind, selectedRowKeys);
    setExportingAll(true);
    try {
      await onExportAll();
    } catch (err) {
      onError(err);
    } finally {
      setExportingAll(false);
    }
  }

  const reachable = data ? Math.min(data.total, data.maxResults) : 0;
  return (
    <section className="ent-card" aria-label="搜索结果" data-testid="advanced-results">
      <div className="sr-toolbar" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Typography.Text>
            已选 <strong>{selectedRowKeys.length}</strong> 家
          </Typography.Text>
          <Button
            size="small"
            icon={<PlusOutlined />}
            loading={bulk.busy === 'crm'}
            onClick={() => run('crm')}
          >
            加入线索
          </Button>
          <VipTip reason={exportVip}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={bulk.busy === 'export'}
              onClick={() => run('export')}
            >
              导出所选
              <VipMark reason={exportVip} />
            </Button>
          </VipTip>
          <VipTip reason={exportVip}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={exportingAll}
              onClick={() => run('exportAll')}
              data-testid="export-all"
            >
              导出全部结果
              <VipMark reason={exportVip} />
            </Button>
          </VipTip>
        </Space>
        <Space wrap>
          <Select<SortKey>
            size="small"
            style={{ width: 170 }}
            value={sort}
            onChange={onSort}
            options={SORT_OPTIONS.map((s) => ({ value: s.key, label: s.label }))}
            aria-label="排序"
          />
          <Popover
            trigger="click"
            placement="bottomRight"
            title="显示的列"
            content={
              <Checkbox.Group
                style={{ display: 'grid', gap: 6 }}
                value={shown}
                onChange={(v) => setShown(v as ColumnKey[])}
                options={(Object.keys(COLUMN_LABELS) as ColumnKey[]).map((k) => ({
                  value: k,
                  label: COLUMN_LABELS[k],
                }))}
              />
            }
          >
            <Button size="small" icon={<SettingOutlined />} data-testid="column-chooser">
              列设置
            </Button>
          </Popover>
        </Space>
      </div>
      {data?.notice ? <p className="sr-notice">{data.notice}</p> : null}
      <Table<EnterpriseSearchHit>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={keptSelection(selectedRowKeys, setSelectedRowKeys)}
        pagination={{
          current: pageNo,
          pageSize,
          total: reachable,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: () =>
            data
              ? `共 ${formatTotal(data.total, data.totalCapped)} 家${data.total > data.maxResults ? `，当前版本可查看前 ${data.maxResults} 条` : ''}`
              : '',
          onChange: onPage,
        }}
      />
    </section>
  );
}
