'use client';

import { useState } from 'react';
import { keptSelection, listPagination } from '@/components/crm/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Empty, Select, Space, Table } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { EnterpriseBulkBar } from '@/components/enterprise/lists/EnterpriseBulkBar';
import { rankedCompanyColumns } from '@/components/enterprise/lists/ranked-columns';
import { getProvinces } from '@/lib/shared/geo';
import { industryMerchantsPage } from '@/lib/shared/industry/industry.endpoints';
import {
  MERCHANT_SIGNAL_LABELS,
  MERCHANT_SIGNALS,
  MERCHANTS_PAGE_SIZE,
  type MerchantRow,
  type MerchantSignal,
} from '@/lib/shared/industry/merchants';

const SIGNAL_COLORS: Record<MerchantSignal, string> = {
  branch: 'blue',
  financing: 'gold',
  capital: 'green',
  staff: 'cyan',
  chain: 'purple',
};

const PROVINCES = getProvinces().map((p) => ({ value: p.code, label: p.name }));

/**
 * The ranking of 产业招商 for the chosen region and industry: signal and origin filters, paging,
 * the reasons of every score, and 加入线索 / 导出 over the selection (the shared bulk actions).
 */
export function MerchantsScreen({
  region,
  industry,
  title,
}: {
  region: string;
  industry: string;
  title: string;
}) {
  const [signals, setSignals] = useState<MerchantSignal[]>([]);
  const [origin, setOrigin] = useState<string>('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(MERCHANTS_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const query = {
    region,
    industry,
    signals: signals.join(','),
    origin,
    pageNo,
    pageSize,
  };
  const result = useQuery({
    queryKey: contractKey(industryMerchantsPage, { query }),
    queryFn: ({ signal }) => call(industryMerchantsPage, { query }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const filtersChanged = () => {
    setPageNo(1);
    setSelected([]);
  };

  const columns = rankedCompanyColumns<MerchantRow>({
    scoreTitle: '得分',
    scoreRule:
      '各信号得分之和：异地设立分支 20–50、近期融资 25–35、注册资本增加 15、员工增长 10、产业链配套 8–20',
    reasonsTestId: 'merchant-reasons',
    reasons: (r) =>
      r.reasons.map((x) => ({
        key: x.signal,
        label: MERCHANT_SIGNAL_LABELS[x.signal],
        color: SIGNAL_COLORS[x.signal],
        points: x.points,
        text: x.text,
      })),
  });

  return (
    <section className="ent-card" aria-label="招商推荐企业" data-testid="merchants-screen">
      <h2 className="mgc-h2">{title}</h2>
      <div className="imc-filters">
        <Space wrap size="middle">
          <span className="ent-muted">必须包含信号</span>
          <Checkbox.Group
            aria-label="必须包含信号"
            options={MERCHANT_SIGNALS.map((s) => ({ value: s, label: MERCHANT_SIGNAL_LABELS[s] }))}
            value={signals}
            onChange={(v) => {
              setSignals(v as MerchantSignal[]);
              filtersChanged();
            }}
          />
          <Select
            aria-label="企业所在省份"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="企业所在省份（不限）"
            style={{ width: 200 }}
            options={PROVINCES.filter((p) => !region.startsWith(p.value.slice(0, 2)))}
            value={origin || undefined}
            onChange={(v?: string) => {
              setOrigin(v ?? '');
              filtersChanged();
            }}
          />
        </Space>
      </div>
      <div className="imc-bulk">
        <EnterpriseBulkBar source="产业招商" selected={selected} />
      </div>
      {data?.notice ? <Alert type="info" showIcon message={data.notice} /> : null}
      {result.error ? (
        <LoadErrorAlert
          title={errorText(result.error, '招商推荐加载失败')}
          onRetry={() => result.refetch()}
        />
      ) : (
        <Table<MerchantRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={result.isFetching}
          scroll={{ x: 960 }}
          locale={{
            emptyText: (
              <Empty description="没有符合条件的企业：近两年无扩张信号，或已在该地区设有分支" />
            ),
          }}
          rowSelection={keptSelection<MerchantRow>(selected, setSelected)}
          pagination={listPagination({
            pageNo,
            pageSize,
            total: Math.min(data?.total ?? 0, data?.maxResults ?? Infinity),
            shownTotal: data?.total ?? 0,
            unit: '家企业',
            sizes: [10, 20, 50],
            onChange: (p, size) => {
              setPageNo(p);
              setPageSize(size);
            },
          })}
        />
      )}
    </section>
  );
}
