'use client';

import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Progress, Segmented, Space, Table, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey, download } from '@/lib/client/request';
import { onPushMessage, readAgain, RECONNECTED } from '@/lib/client/push';
import { cancelJob, deleteJob, downloadJobFile, getJobPage } from '@/lib/shared/jobs/job.endpoints';
import {
  JOB_PUSH_TYPE,
  JOB_STATUS_TEXT,
  isFinished,
  type JobStatus,
  type JobView,
} from '@/lib/shared/jobs/job.types';
import { exportedNothing, jobContentTitle } from '@/lib/shared/jobs/job-name';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<JobStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};
type Filter = 'all' | JobStatus;
const FILTERS: { label: string; value: Filter }[] = [
  { label: '全部', value: 'all' },
  { label: '进行中', value: 'running' },
  { label: '已完成', value: 'succeeded' },
  { label: '失败', value: 'failed' },
];

export function formatBytes(size: number | null): string {
  if (size === null) return '—';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** Under the bar: the error, the finished job's summary, or where a running job is. */
function progressText(job: JobView): string {
  if (job.error) return job.error;
  if (isFinished(job.status) && job.message) return job.message;
  const count =
    job.total !== null
      ? `${job.processed.toLocaleString('zh-CN')} / ${job.total.toLocaleString('zh-CN')}`
      : '';
  return [count, job.message].filter(Boolean).join(' · ');
}

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');

/**
 * 下载中心 (/downloadList): the caller's exports, import failure files and other background jobs,
 * newest first. Progress moves live from the push channel (type job-progress); a dropped channel
 * reads the page again when it is back.
 */
export function DownloadCenter() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const query = { pageNo, pageSize: PAGE_SIZE, status: filter === 'all' ? undefined : filter };
  const page = useQuery({
    queryKey: contractKey(getJobPage, { query }),
    queryFn: () => call(getJobPage, { query }, { silent: true }),
    placeholderData: keepPreviousData,
  });

  useEffect(
    () =>
      onPushMessage((m) => {
        if (m.type === RECONNECTED) {
          void readAgain(client, { queryKey: contractKey(getJobPage) });
          return;
        }
        if (m.type !== JOB_PUSH_TYPE) return;
        const job = m.content as JobView;
        let known = false;
        client.setQueriesData<{ list: JobView[]; total: number }>(
          { queryKey: contractKey(getJobPage) },
          (data) => {
            if (!data?.list.some((j) => j.id === job.id)) return data;
            known = true;
            return { ...data, list: data.list.map((j) => (j.id === job.id ? job : j)) };
          },
        );
        // A job this page has not listed yet (started in another tab): read the list again.
        if (!known || client.isFetching({ queryKey: contractKey(getJobPage) }) > 0)
          void readAgain(client, { queryKey: contractKey(getJobPage) });
      }),
    [client],
  );

  async function act(id: number, run: () => Promise<unknown>, done?: string) {
    setBusy(id);
    try {
      await run();
      if (done) message.success(done);
      await client.invalidateQueries({ queryKey: contractKey(getJobPage) });
    } catch (err) {
      message.error((err as Error).message || '操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  }

  const columns: ColumnsType<JobView> = [
    {
      title: '任务',
      dataIndex: 'title',
      render: (_, job) => (
        <div className="job-title-cell">
          {/* Named by content; the file by content and date (issue 28 item 7). */}
          <div>
            {jobContentTitle(job)}
            {exportedNothing(job) ? (
              <Tag color="warning" className="job-empty" data-testid="job-exported-nothing">
                未导出任何数据
              </Tag>
            ) : null}
          </div>
          {job.fileName ? <div className="job-sub">{job.fileName}</div> : null}
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 96,
      render: (status: JobStatus) => (
        <Tag color={STATUS_COLOR[status]}>{JOB_STATUS_TEXT[status]}</Tag>
      ),
    },
    {
      title: '进度',
      key: 'progress',
      width: 240,
      render: (_, job) => (
        <div>
          <Progress
            percent={job.percent}
            size="small"
            status={
              job.status === 'failed'
                ? 'exception'
                : job.status === 'running'
                  ? 'active'
                  : job.status === 'succeeded'
                    ? 'success'
                    : 'normal'
            }
            aria-label={`${job.title} 进度`}
          />
          <div className="job-sub">{progressText(job)}</div>
        </div>
      ),
    },
    { title: '大小', dataIndex: 'fileSize', width: 90, render: formatBytes },
    { title: '创建时间', dataIndex: 'createTime', width: 150, render: time },
    {
      title: '过期时间',
      dataIndex: 'expireTime',
      width: 150,
      render: (ms: number | null, job) => (isFinished(job.status) ? time(ms) : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, job) => (
        <Space size={4}>
          {job.downloadable ? (
            <Button
              type="link"
              size="small"
              loading={busy === job.id}
              onClick={() =>
                act(job.id, () => download(downloadJobFile, { query: { id: job.id } }))
              }
            >
              下载
            </Button>
          ) : null}
          {!isFinished(job.status) ? (
            <Popconfirm
              title="确定取消该任务？"
              description="已处理的部分会保留"
              onConfirm={() =>
                act(job.id, () => call(cancelJob, { query: { id: job.id } }), '已申请取消')
              }
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          ) : null}
          <Popconfirm
            title="确定删除该记录？"
            description={job.downloadable ? '文件将一并删除' : undefined}
            onConfirm={() =>
              act(job.id, () => call(deleteJob, { query: { id: job.id } }), '已删除')
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  if (page.isError && !page.data)
    return (
      <StatusNotice
        status="warning"
        title="下载列表加载失败"
        extra={<Button onClick={() => void page.refetch()}>重试</Button>}
      />
    );

  return (
    <div className="download-center">
      <div className="download-center-bar">
        <Segmented
          options={FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPageNo(1);
          }}
        />
        <span className="job-sub">导出文件保留 7 天，过期后自动删除</span>
      </div>
      <Table<JobView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching && !page.data}
        locale={{ emptyText: '暂无导出或导入任务' }}
        scroll={{ x: 960 }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPageNo,
        }}
      />
    </div>
  );
}
