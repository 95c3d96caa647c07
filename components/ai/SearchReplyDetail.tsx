'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { ArrowLeftOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { createExportTask, getEntDetailList, getMessageDetail } from '@/lib/shared/ai/ai.endpoints';
import type { SortKey } from '@/lib/shared/search/filters';
import { AdvancedResults } from '@/components/search/advanced/AdvancedResults';
import { totalText } from '@/lib/client/ai/format';
import { splitChips } from '@/lib/client/ai/chips';
import { useFeedback } from '@/lib/client/feedback';

function idParam(v: string | null): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * /intelligenceSearchDetail?taskId&messageId (spec 2.2): one search reply in full, with the
 * advanced-search result table (sorting, page size, columns, selection, export).
 */
export function SearchReplyDetail() {
  const params = useSearchParams();
  const taskId = idParam(params.get('taskId'));
  const messageId = idParam(params.get('messageId'));
  if (taskId === null || messageId === null)
    return (
      <StatusNotice
        status="404"
        title="未找到该搜索结果"
        subTitle="链接缺少任务或消息编号"
        extra={<Link href="/ai">返回 AI 助手</Link>}
      />
    );
  return <Detail taskId={taskId} messageId={messageId} />;
}

function Detail({ taskId, messageId }: { taskId: number; messageId: number }) {
  const { message } = useFeedback();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortKey>('relevance');
  const detailInput = { query: { taskId, messageId } };
  const detail = useQuery({
    queryKey: contractKey(getMessageDetail, detailInput),
    queryFn: ({ signal }) => call(getMessageDetail, detailInput, { signal, silent: true }),
    retry: false,
  });
  const body = { taskId, messageId, sort, ...paging };
  const page = useQuery({
    queryKey: contractKey(getEntDetailList, { body }),
    queryFn: ({ signal }) => call(getEntDetailList, { body }, { signal, silent: true }),
    enabled: detail.isSuccess && detail.data.message.aiMessage !== null,
    placeholderData: keepPreviousData,
  });

  if (detail.isPending)
    return (
      <section className="ent-card">
        <Skeleton active paragraph={{ rows: 4 }} />
      </section>
    );
  if (detail.isError || !detail.data.message.aiMessage) {
    const notFound =
      detail.error instanceof ApiClientError && [404, 400].includes(detail.error.code);
    return (
      <StatusNotice
        status={notFound || detail.isSuccess ? '404' : 'error'}
        title={notFound || detail.isSuccess ? '未找到该搜索结果' : '加载失败'}
        subTitle={
          detail.isSuccess
            ? '这条消息不是搜索结果'
            : detail.error instanceof Error
              ? detail.error.message
              : undefined
        }
        extra={<Link href="/ai">返回 AI 助手</Link>}
      />
    );
  }

  const info = detail.data.message.aiMessage;
  const { conditionChips, keywordLabel } = splitChips(info.chips, info.keyword);
  return (
    <>
      <section className="ent-card" data-testid="ai-detail-head">
        <Link href={`/ai?taskId=${taskId}`}>
          <ArrowLeftOutlined /> 返回对话
        </Link>
        <h1 className="ent-page-title" style={{ marginTop: 8 }}>
          {detail.data.message.title || info.query || '搜索结果'}
        </h1>
        <p style={{ margin: '0 0 8px' }}>
          共找到 <strong>{totalText(info.total, info.totalCapped)}</strong> 家企业
          {info.query ? <span className="ent-muted">（请求：{info.query}）</span> : null}
        </p>
        <div className="ai-chips" data-testid="ai-detail-chips">
          <span className="ai-suggest-title">条件：</span>
          {conditionChips.map((c) => (
            <Tag key={c.key} color="blue">
              {c.label}
            </Tag>
          ))}
          {keywordLabel ? <Tag color="geekblue">{keywordLabel}</Tag> : null}
          {conditionChips.length === 0 && !keywordLabel ? (
            <span className="ent-muted">全部企业</span>
          ) : null}
        </div>
        {info.notes.length > 0 ? (
          <ul className="ai-notes">
            {info.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <AdvancedResults
        leadSource="AI 助手"
        data={page.data ? { ...page.data, tookMs: 0 } : undefined}
        loading={page.isFetching}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        sort={sort}
        signedIn
        onPage={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
        onSort={(s) => {
          setSort(s);
          setPaging((p) => ({ ...p, pageNo: 1 }));
        }}
        onExportAll={async () => {
          await call(
            createExportTask,
            { body: { taskId, messageId, all: true } },
            { silent: true },
          );
          message.success('已创建导出任务，完成后可在下载中心下载');
        }}
      />
    </>
  );
}
