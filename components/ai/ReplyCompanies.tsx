'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, contractKey } from '@/lib/client/request';
import { messageEntPage } from '@/lib/shared/ai/ai.endpoints';
import type { AiEntPage } from '@/lib/shared/ai/ai.contract';
import { AI_ENT_PAGE_SIZE } from '@/lib/shared/ai/ai.constants';
import type { EnterpriseSearchHit } from '@/lib/shared/search/types';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { EnterpriseTags } from '@/components/enterprise/EnterpriseTags';
import { keptSelection } from '@/components/crm/table';

const COLUMNS: ColumnsType<EnterpriseSearchHit> = [
  {
    title: '企业名称',
    key: 'name',
    width: 240,
    render: (_v, r) => (
      <a href={companyDetailPath({ uncid: r.uncid, name: r.name })} target="_blank" rel="noopener">
        {r.name}
      </a>
    ),
  },
  {
    title: '状态与标签',
    key: 'tags',
    width: 180,
    render: (_v, r) => <EnterpriseTags status={r.status} tags={r.tags} />,
  },
  { title: '法定代表人', dataIndex: 'legalPerson', width: 100 },
  capitalColumn({ width: 130 }),
  establishDateColumn(),
  {
    title: '所属地区',
    key: 'region',
    width: 140,
    render: (_v, r) =>
      [r.provinceName, r.cityName !== r.provinceName ? r.cityName : ''].filter(Boolean).join(' ') ||
      '-',
  },
];

/**
 * The companies of a search reply in the thread, ten a page (message-ent-page), with selection
 * for 加入线索 and 导出. The first page that came with the reply is shown without a request.
 */
export function ReplyCompanies({
  taskId,
  messageId,
  firstPage,
  pageNo,
  onPage,
  selected,
  onSelect,
}: {
  taskId: number;
  messageId: number;
  firstPage: AiEntPage | null | undefined;
  pageNo: number;
  onPage: (pageNo: number) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const input = { query: { taskId, messageId, pageNo } };
  const page = useQuery({
    queryKey: contractKey(messageEntPage, input),
    queryFn: ({ signal }) => call(messageEntPage, input, { signal, silent: true }),
    initialData: pageNo === 1 && firstPage ? firstPage : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const data = page.data;
  const reachable = data ? Math.min(data.total, data.maxResults) : 0;
  return (
    <div data-testid="ai-companies">
      {data?.notice ? <p className="ent-muted">{data.notice}</p> : null}
      <Table<EnterpriseSearchHit>
        rowKey="id"
        size="small"
        loading={page.isFetching && !page.isPlaceholderData ? !data : page.isFetching}
        columns={COLUMNS}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? '企业列表加载失败，请稍后重试' : '没有符合条件的企业' }}
        rowSelection={keptSelection(selected, onSelect)}
        pagination={{
          current: pageNo,
          pageSize: AI_ENT_PAGE_SIZE,
          total: reachable,
          showSizeChanger: false,
          size: 'small',
          hideOnSinglePage: true,
          onChange: (p) => onPage(p),
        }}
      />
    </div>
  );
}
