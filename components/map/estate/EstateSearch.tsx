'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call } from '@/lib/client/request';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import {
  ESTATE_KIND_LABEL,
  ESTATE_SIZE_KEYS,
  ESTATE_TYPE_ALL,
  estateSearchPath,
} from '@/lib/shared/park/estate-model';
import { estateCompanies, estateDetail, followEstate } from '@/lib/shared/park/estate.endpoints';
import type { EstateCompany } from '@/lib/shared/park/estate.contract';

const ChinaMap = dynamic(() => import('../ChinaMap'), {
  ssr: false,
  loading: () => <div className="estate-map-loading">地图加载中…</div>,
});

const PAGE_SIZE = 20;
/** The outline's box with this much of its size around it on each side. */
const FOCUS_MARGIN = 0.6;

/** The map opens on the outline (a park of a few km is a shape, not a dot at city scale). */
function focusOf([w, s, e, n]: [number, number, number, number]): [number, number, number, number] {
  const dx = (e - w) * FOCUS_MARGIN;
  const dy = (n - s) * FOCUS_MARGIN;
  return [w - dx, s - dy, e + dx, n + dy];
}

/**
 * /customer-seeking/estate-search/{estateId}/{type} (spec 2.2, issue 30 item 5, ADR 0201): a
 * park's or building's outline and companies on the China map, its occupancy by industry and
 * size, and its companies listed by type (all, or one industry section) and staff size.
 */
export function EstateSearch({ estateId, type }: { estateId: number; type: string }) {
  const [pageNo, setPageNo] = useState(1);
  const [staffSize, setStaffSize] = useState<string | undefined>(undefined);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['estate-detail', estateId],
    queryFn: () => call(estateDetail, { body: { estateId } }, { silent: true }),
    retry: false,
  });
  const list = useQuery({
    queryKey: ['estate-companies', estateId, type, staffSize, pageNo],
    queryFn: () =>
      call(estateCompanies, {
        body: { estateId, type, pageNo, pageSize: PAGE_SIZE, ...(staffSize ? { staffSize } : {}) },
      }),
    placeholderData: keepPreviousData,
    enabled: detail.isSuccess,
  });
  const follow = useMutation({
    mutationFn: (on: boolean) => call(followEstate, { body: { estateId, follow: on } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['estate-detail', estateId] }),
  });

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return (
      <Alert
        type="warning"
        showIcon
        message={detail.error instanceof Error ? detail.error.message : '园区或楼宇不存在'}
      />
    );
  const d = detail.data;
  const kindLabel = ESTATE_KIND_LABEL[d.kind];
  const typeLabel =
    type === ESTATE_TYPE_ALL
      ? '全部企业'
      : (d.occupancy.industries.find((i) => i.key === type)?.label ?? type);

  const columns: ColumnsType<EstateCompany> = [
    {
      title: '企业名称',
      dataIndex: 'name',
      render: (name: string, c) => (
        <Link href={companyDetailPath({ uncid: c.uncid, name })} target="_blank">
          {name}
        </Link>
      ),
    },
    { title: '行业', dataIndex: 'industry', responsive: ['md'] },
    { title: '人员规模', dataIndex: 'staffSize', render: (v: string | null) => v ?? '未知' },
    { title: '状态', dataIndex: 'status', responsive: ['lg'] },
    { title: '地址', dataIndex: 'address', responsive: ['lg'], ellipsis: true },
  ];

  return (
    <div className="estate-search" data-testid="estate-search">
      <header className="estate-head">
        <h1 className="ent-page-title">
          {d.name}
          <Tag color="blue">{kindLabel}</Tag>
          {d.demo ? <Tag color="orange">演示数据</Tag> : null}
        </h1>
        <Button
          onClick={() => follow.mutate(!d.followed)}
          loading={follow.isPending}
          type={d.followed ? 'default' : 'primary'}
        >
          {d.followed ? '已关注' : `关注${kindLabel}`}
        </Button>
      </header>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'region', label: '所在地区', children: d.regionName || '—' },
          { key: 'address', label: '地址', children: d.address ?? '—' },
          { key: 'area', label: '面积', children: `${d.areaKm2} 平方公里` },
          {
            key: 'count',
            label: '入驻企业',
            children: <strong data-testid="estate-total">{d.occupancy.total} 家</strong>,
          },
          ...(d.parent
            ? [
                {
                  key: 'parent',
                  label: '所属园区',
                  children: <Link href={estateSearchPath(d.parent.id)}>{d.parent.name}</Link>,
                },
              ]
            : []),
        ]}
      />
      <div className="estate-body">
        <section className="estate-map" aria-label={`${d.name}的轮廓与企业分布`}>
          <ChinaMap
            label={`${d.name}的轮廓与入驻企业`}
            regionCode={d.cityCode ?? ''}
            focusBounds={focusOf(d.bounds)}
            overlay={{ ring: d.ring, closed: true }}
            points={d.points.map((p) => ({ ...p, count: 1 }))}
            height={360}
          />
        </section>
        <section className="estate-occupancy">
          <h2>入驻企业行业分布</h2>
          <nav className="estate-types" aria-label="按行业查看企业">
            <Link
              href={estateSearchPath(d.id)}
              className={type === ESTATE_TYPE_ALL ? 'is-active' : undefined}
              aria-current={type === ESTATE_TYPE_ALL ? 'page' : undefined}
            >
              全部 <span>{d.occupancy.total}</span>
            </Link>
            {d.occupancy.industries
              .filter((i) => i.key !== '未知')
              .map((i) => (
                <Link
                  key={i.key}
                  href={estateSearchPath(d.id, i.key)}
                  className={type === i.key ? 'is-active' : undefined}
                  aria-current={type === i.key ? 'page' : undefined}
                >
                  {i.label} <span>{i.count}</span>
                </Link>
              ))}
          </nav>
          <h2>人员规模</h2>
          <ul className="estate-sizes">
            {d.occupancy.sizes.map((s) => (
              <li key={s.key}>
                {s.label}：{s.count} 家
              </li>
            ))}
          </ul>
          {d.buildings.length ? (
            <>
              <h2>园区楼宇</h2>
              <ul className="estate-sizes">
                {d.buildings.map((b) => (
                  <li key={b.id}>
                    <Link href={estateSearchPath(b.id)}>{b.name}</Link>（{b.companyCount} 家）
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
      <section className="estate-list">
        <div className="estate-list-head">
          <h2>
            {typeLabel}
            <span className="estate-list-total">共 {list.data?.total ?? '…'} 家</span>
          </h2>
          <Select
            allowClear
            placeholder="人员规模"
            aria-label="按人员规模筛选"
            style={{ width: 160 }}
            value={staffSize}
            onChange={(v?: string) => {
              setStaffSize(v);
              setPageNo(1);
            }}
            options={ESTATE_SIZE_KEYS.map((k) => ({ value: k, label: k }))}
          />
        </div>
        <Table<EstateCompany>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          // No "none" while the first page is still on its way.
          locale={{
            emptyText: list.isPending ? ' ' : <Empty description={`${kindLabel}内暂无该类企业`} />,
          }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: Math.min(list.data?.total ?? 0, PAGE_SIZE * 500),
            showSizeChanger: false,
            onChange: setPageNo,
          }}
          data-testid="estate-companies"
        />
      </section>
    </div>
  );
}
