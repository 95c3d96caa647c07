'use client';

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Table, Tag, Typography } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { call } from '@/lib/client/request';
import { onPushMessage } from '@/lib/client/push';
import { contentImport } from '@/lib/shared/content/content.endpoints';
import { getJob } from '@/lib/shared/jobs/job.endpoints';
import {
  CONTENT_IMPORT_MARKDOWN_MAX_BYTES,
  CONTENT_IMPORT_MAX_BYTES,
} from '@/lib/shared/content/content.constants';
import { JOB_PUSH_TYPE, JOB_STATUS_TEXT, type JobView } from '@/lib/shared/jobs/job.types';
import { errorText } from '@/components/employee/errors';
import { ImportDropZone } from '@/components/jobs/ImportDropZone';
import { useFeedback } from '@/lib/client/feedback';

const FINISHED = ['succeeded', 'failed', 'cancelled'];
const ACCEPT = '.jsonl,.ndjson,.json,.md';
const mb = (n: number) => `${Math.round(n / 1024 / 1024)}MB`;

type Rejected = { where: string; sourceId: string | null; reason: string };
type ImportResult = {
  total: number;
  inserted: number;
  updated: number;
  rejectedCount: number;
  rejected: Rejected[];
};

/**
 * 内容导入: uploads a JSON-lines or Markdown file to POST /system/content/import; the import runs as
 * a background job whose progress is pushed (and polled every second as a fallback); the end shows
 * the counts and every rejected item with where it was and why.
 */
export function ContentImport() {
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const [pushed, setPushed] = useState<JobView | null>(null);

  useEffect(() => {
    if (jobId === null) return;
    return onPushMessage((m) => {
      if (m.type !== JOB_PUSH_TYPE) return;
      const update = m.content as JobView;
      if (update.id === jobId) setPushed(update);
    });
  }, [jobId]);

  const polled = useQuery({
    queryKey: ['content-import-job', jobId],
    queryFn: () => call(getJob, { query: { id: jobId! } }, { silent: true }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.status) ? false : 1000),
  });
  // Of the pushed and the polled view, the one further along.
  const job =
    pushed &&
    pushed.id === jobId &&
    (!polled.data ||
      FINISHED.includes(pushed.status) ||
      (!FINISHED.includes(polled.data.status) && pushed.processed >= polled.data.processed))
      ? pushed
      : (polled.data ?? null);
  const running = jobId !== null && (!job || !FINISHED.includes(job.status));
  const result = (job?.status === 'succeeded' ? job.result : null) as ImportResult | null;

  async function start(file: File) {
    if (!/\.(jsonl|ndjson|json|md)$/i.test(file.name)) {
      message.error('只支持 .jsonl（每行一个 JSON）或 .md（带 front matter 的 Markdown）文件');
      return;
    }
    if (file.size > CONTENT_IMPORT_MAX_BYTES) {
      message.error(`文件不能超过 ${mb(CONTENT_IMPORT_MAX_BYTES)}`);
      return;
    }
    if (/\.md$/i.test(file.name) && file.size > CONTENT_IMPORT_MARKDOWN_MAX_BYTES) {
      message.error(`单个 Markdown 文件不能超过 ${mb(CONTENT_IMPORT_MARKDOWN_MAX_BYTES)}`);
      return;
    }
    const form = new FormData();
    form.set('file', file);
    setUploading(true);
    setPushed(null);
    try {
      const r = await call(contentImport, { form }, { silent: true });
      setFileName(file.name);
      setJobId(r.jobId);
    } catch (err) {
      message.error(errorText(err, '上传失败'));
    } finally {
      setUploading(false);
    }
  }

  function reset() {
    setJobId(null);
    setPushed(null);
    setFileName('');
  }

  return (
    <div className="console-page">
      <div className="console-head">
        <h1 className="ent-page-title">内容导入</h1>
        <span className="console-hint">
          导入政策、补贴、研究报告与行业资讯；按来源编号更新，重复导入不会重复新增
        </span>
      </div>
      {jobId === null ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="文件格式"
            description={
              <ul className="console-list">
                <li>
                  .jsonl：每行一个 JSON 对象，必填 type（policy / subsidy / report /
                  news）、sourceId 与 title，正文可用 bodyHtml 或 body（Markdown）；不超过{' '}
                  {mb(CONTENT_IMPORT_MAX_BYTES)}。
                </li>
                <li>
                  .md：一篇带 front matter（同上字段）的 Markdown，不超过{' '}
                  {mb(CONTENT_IMPORT_MARKDOWN_MAX_BYTES)}。
                </li>
                <li>不合格的条目会被拒绝并列出位置与原因，其余条目照常导入。</li>
              </ul>
            }
          />
          <ImportDropZone
            accept={ACCEPT}
            busy={uploading}
            text={uploading ? '正在上传…' : '点击或拖拽 .jsonl / .md 文件到此处开始导入'}
            onFile={(file) => void start(file)}
          />
        </Space>
      ) : (
        <section className="ent-card" aria-label="导入任务">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>
              {fileName}
              <Tag style={{ marginLeft: 8 }}>任务 {jobId}</Tag>
              {job && (
                <Tag
                  color={running ? 'processing' : job.status === 'succeeded' ? 'success' : 'error'}
                >
                  {JOB_STATUS_TEXT[job.status]}
                </Tag>
              )}
            </Typography.Text>
            <Progress
              percent={job?.percent ?? 0}
              status={running ? 'active' : job?.status === 'succeeded' ? 'success' : 'exception'}
              aria-label="导入进度"
            />
            {!result && (
              <Typography.Text type="secondary" data-testid="import-message">
                {job?.message ?? '排队中'}
              </Typography.Text>
            )}
          </Space>
          {job?.status === 'failed' && (
            <Alert type="error" showIcon title={`导入失败：${job.error ?? '未知原因'}`} />
          )}
          {result && (
            <>
              <StatusNotice
                status={result.rejectedCount > 0 ? 'warning' : 'success'}
                title="导入完成"
                subTitle={`共 ${result.total} 条：新增 ${result.inserted} 条，更新 ${result.updated} 条，拒绝 ${result.rejectedCount} 条`}
              />
              {result.rejected.length > 0 && (
                <>
                  <h3 className="console-section">被拒绝的条目</h3>
                  <Table<Rejected>
                    rowKey={(_r, i) => String(i)}
                    size="small"
                    dataSource={result.rejected}
                    pagination={{ pageSize: 20, hideOnSinglePage: true }}
                    scroll={{ x: 560 }}
                    columns={[
                      { title: '位置', dataIndex: 'where', width: 140 },
                      {
                        title: '来源编号',
                        dataIndex: 'sourceId',
                        width: 200,
                        render: (v: string | null) => v ?? '—',
                      },
                      { title: '原因', dataIndex: 'reason' },
                    ]}
                  />
                </>
              )}
            </>
          )}
          {!running && (
            <Button type="primary" onClick={reset} style={{ marginTop: 12 }}>
              继续导入
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
