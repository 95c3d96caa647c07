'use client';

import { useState } from 'react';
import Link from 'next/link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, List, Progress, Space, Tag, Typography } from 'antd';
import { call } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { ESTATE_KIND_LABEL, estateSearchPath } from '@/lib/shared/park/estate-model';
import { parkRecommendationPage } from '@/lib/shared/park/estate.endpoints';
import type { Portrait, RecommendedEstate } from '@/lib/shared/park/estate.contract';

const PAGE_SIZE = 10;

const share = (v: number) => `${Math.round(v * 100)}%`;

/** What the ranking was drawn from: the member's leads and customers, by industry and city. */
function PortraitLine({ portrait }: { portrait: Portrait }) {
  if (!portrait.basis)
    return (
      <Alert
        type="info"
        showIcon
        message="您还没有线索或客户：先按入驻企业数推荐园区"
        description="把企业加入线索后，推荐会按您客户的行业、规模与地区排序。"
      />
    );
  const top = (items: Portrait['industries']) =>
    items
      .slice(0, 3)
      .map((i) => `${i.label} ${share(i.share)}`)
      .join('、') || '—';
  return (
    <Typography.Paragraph type="secondary" data-testid="park-portrait">
      依据您的 {portrait.basis} 条线索与客户：行业 {top(portrait.industries)}；地区{' '}
      {top(portrait.regions)}。评分 = 行业 50% + 规模 20% + 地区 30%。
    </Typography.Paragraph>
  );
}

function ParkItem({ park }: { park: RecommendedEstate }) {
  return (
    <List.Item
      actions={[
        <Link key="open" href={estateSearchPath(park.id)}>
          查看园区
        </Link>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <Link href={estateSearchPath(park.id)}>{park.name}</Link>
            <Tag>{ESTATE_KIND_LABEL[park.kind]}</Tag>
            {park.demo ? <Tag color="orange">演示数据</Tag> : null}
          </Space>
        }
        description={
          <>
            <div>
              {park.regionName} · {park.companyCount} 家企业 · {park.areaKm2.toFixed(1)} km²
            </div>
            <ul className="park-reasons">
              {park.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </>
        }
      />
      <Progress
        type="circle"
        size={52}
        percent={Math.round(park.score)}
        format={(v) => `${v}分`}
        aria-label={`匹配度 ${Math.round(park.score)} 分`}
      />
    </List.Item>
  );
}

/**
 * 推荐园区 (spec 7.3 `park/recommendation-page`, ADR 0201): parks ranked by how their
 * occupants resemble the member's leads and customers, each with its reasons and the way to its
 * companies. Opened from 地图找客; the query runs only while the drawer is open.
 */
export function ParkRecommendations() {
  const [open, setOpen] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const result = useQuery({
    queryKey: ['park-recommendations', pageNo],
    queryFn: () =>
      call(parkRecommendationPage, { body: { pageNo, pageSize: PAGE_SIZE } }, { silent: true }),
    enabled: open,
    placeholderData: keepPreviousData,
    retry: 0,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>推荐园区</Button>
      <Drawer
        title="推荐园区"
        open={open}
        onClose={() => setOpen(false)}
        width="min(560px, 100vw)"
        destroyOnHidden
      >
        {result.isError ? (
          <Alert
            type="error"
            showIcon
            message={errorText(result.error, '推荐园区加载失败')}
            action={
              <Button size="small" onClick={() => void result.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <>
            {result.data ? <PortraitLine portrait={result.data.portrait} /> : null}
            <List<RecommendedEstate>
              loading={result.isFetching}
              dataSource={result.data?.list ?? []}
              locale={{ emptyText: <Empty description="暂无可推荐的园区" /> }}
              renderItem={(park) => <ParkItem park={park} />}
              pagination={
                (result.data?.total ?? 0) > PAGE_SIZE
                  ? {
                      current: pageNo,
                      pageSize: PAGE_SIZE,
                      total: result.data?.total ?? 0,
                      onChange: setPageNo,
                      showSizeChanger: false,
                      size: 'small',
                    }
                  : false
              }
            />
          </>
        )}
      </Drawer>
    </>
  );
}
