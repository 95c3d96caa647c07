'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { DownloadOutlined } from '@ant-design/icons';
import { call, download } from '@/lib/client/request';
import { onPushMessage } from '@/lib/client/push';
import {
  exportClueImportFailures,
  getClueImportTemplate,
  importClues,
} from '@/lib/shared/clue-io/clue-io.endpoints';
import { getJob } from '@/lib/shared/jobs/job.endpoints';
import type { ClueImportResult } from '@/lib/shared/clue-io/clue-io.contract';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/lib/shared/clue-io/clue-io.constants';
import { JOB_PUSH_TYPE, type JobView } from '@/lib/shared/jobs/job.types';
import { ImportDropZone } from '@/components/jobs/ImportDropZone';
import { useFeedback } from '@/lib/client/feedback';

const ACCEPT = '.xlsx,.csv';
const FINISHED = ['succeeded', 'failed', 'cancelled'];

/** Of the pushed and the polled view of the same job, the one further along. */
function fresher(pushed: JobView | null, polled: JobView | undefined): JobView | null {
  if (!pushed || !polled || polled.id !== pushed.id) return pushed;
  if (FINISHED.includes(pushed.status)) return pushed;
  if (FINISHED.includes(polled.status) || polled.processed > pushed.processed) return polled;
  return pushed;
}

/**
 * 导入线索: a dialog with the template download and the upload; the import then runs as a
 * background job whose progress arrives over the push socket (polled as a fallback), and ends with
 * the counts and the failures file. Mounted from the first open on (ClueImportButton), so a job
 * keeps being followed while the dialog is closed.
 */
export function ClueImportDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);
  /** The job as last pushed (or as answered by the upload). */
  const [pushed, setJob] = useState<JobView | null>(null);
  const pushedRunning = !!pushed && !FINISHED.includes(pushed.status);

  // Live progress of this job from the push channel.
  useEffect(() => {
    if (!pushed) return;
    const id = pushed.id;
    return onPushMessage((m) => {
      if (m.type !== JOB_PUSH_TYPE) return;
      const update = m.content as JobView;
      if (update.id === id) setJob(update);
    });
  }, [pushed?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- follow one job by its id

  // Fallback when a push is missed (socket reconnecting): read the job every few seconds.
  const polled = useQuery({
    queryKey: ['clue-import-job', pushed?.id],
    queryFn: () => call(getJob, { query: { id: pushed!.id } }, { silent: true }),
    enabled: pushedRunning,
    refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.status) ? false : 3000),
  });
  const job = fresher(pushed, polled.data);
  const running = !!job && !FINISHED.includes(job.status);

  const done = job?.status === 'succeeded';
  useEffect(() => {
    if (done) onDone?.();
  }, [done]); // eslint-disable-line react-hooks/exhaustive-deps -- once per finished job

  async function start(file: File) {
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      message.error('请上传 .xlsx 或 .csv 文件');
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      message.error('文件大小不能超过 20MB');
      return;
    }
    const form = new FormData();
    form.set('file', file);
    setUploading(true);
    try {
      setJob(await call(importClues, { form }));
    } catch {
      // The error message is shown by the global handler.
    } finally {
      setUploading(false);
    }
  }

  function close() {
    onClose();
    if (!running) setJob(null);
  }

  const result = (job?.result ?? null) as ClueImportResult | null;

  return (
    <Modal
      title="导入线索"
      open={open}
      onCancel={close}
      footer={
        job && !running ? (
          <Space>
            <Button onClick={() => setJob(null)}>继续导入</Button>
            <Button type="primary" onClick={close}>
              完成
            </Button>
          </Space>
        ) : (
          <Button onClick={close}>{running ? '后台运行' : '取消'}</Button>
        )
      }
      destroyOnHidden
    >
      {!job ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            message={`请按模板填写：.xlsx 或 .csv，不超过 20MB，最多 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行；线索名称必填，已存在的线索会跳过。`}
          />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download(getClueImportTemplate).catch(() => undefined)}
          >
            下载导入模板
          </Button>
          <ImportDropZone
            accept={ACCEPT}
            busy={uploading}
            text={uploading ? '正在上传并校验…' : '点击或拖拽文件到此处上传'}
            onFile={(file) => void start(file)}
          />
        </Space>
      ) : running ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{job.message ?? '排队中'}</Typography.Text>
          <Progress percent={job.percent} status="active" aria-label="导入进度" />
          <Typography.Text type="secondary">
            可关闭此窗口，导入在后台继续，结果可在 <Link href="/downloadList">下载中心</Link> 查看。
          </Typography.Text>
        </Space>
      ) : done && result ? (
        <StatusNotice
          status={result.failed > 0 ? 'warning' : 'success'}
          title="导入完成"
          subTitle={`共 ${result.total} 行：成功导入 ${result.imported} 条，跳过 ${result.skipped} 条（已存在），失败 ${result.failed} 条`}
          extra={
            result.failed > 0 ? (
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(exportClueImportFailures, { body: { jobId: job.id } }).catch(
                    () => undefined,
                  )
                }
              >
                下载失败明细
              </Button>
            ) : null
          }
        />
      ) : (
        <StatusNotice
          status="error"
          title={job.status === 'cancelled' ? '导入已取消' : '导入失败'}
          subTitle={job.error ?? job.message ?? undefined}
        />
      )}
    </Modal>
  );
}
