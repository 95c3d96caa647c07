'use client';

import { useEffect } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Skeleton, Space } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { call, contractKey, download } from '@/lib/client/request';
import { onPushMessage, readAgain } from '@/lib/client/push';
import { downloadJobFile } from '@/lib/shared/jobs/job.endpoints';
import { getReport } from '@/lib/shared/enterprise-report/report.endpoints';
import { JOB_PUSH_TYPE, type JobView } from '@/lib/shared/jobs/job.types';
import { REPORT_CENTER_PATH } from '@/lib/shared/enterprise-report/report.types';
import { ReportDocument } from './ReportDocument';

/** One report (/enterpriseReport/reportDetail?id=): the HTML report, or where its job is. */
export function ReportDetail({ id }: { id: number }) {
  const client = useQueryClient();
  const report = useQuery({
    queryKey: contractKey(getReport, { query: { id } }),
    queryFn: () => call(getReport, { query: { id } }, { silent: true }),
    retry: false,
  });
  const jobId = report.data?.jobId;
  useEffect(
    () =>
      onPushMessage((m) => {
        if (m.type === JOB_PUSH_TYPE && (m.content as JobView).id === jobId)
          void readAgain(client, { queryKey: contractKey(getReport, { query: { id } }) });
      }),
    [client, id, jobId],
  );

  if (report.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (report.isError || !report.data)
    return (
      <StatusNotice
        status="404"
        title="报告不存在"
        subTitle="报告可能已被删除，或不属于当前账号"
        extra={<Link href={REPORT_CENTER_PATH}>返回我的报告</Link>}
      />
    );
  const r = report.data;
  if (r.status !== 'succeeded' || !r.content)
    return (
      <StatusNotice
        status={r.status === 'failed' ? 'error' : 'info'}
        title={r.status === 'failed' ? '报告生成失败' : '报告生成中'}
        subTitle={r.status === 'failed' ? (r.error ?? '请重新生成') : (r.message ?? '排队中')}
        extra={
          <Space direction="vertical" align="center">
            {r.status === 'failed' ? null : <Progress type="circle" percent={r.percent} />}
            <Link href={REPORT_CENTER_PATH}>返回我的报告</Link>
          </Space>
        }
      />
    );
  return (
    <>
      <div className="rpt-toolbar">
        <Link href={REPORT_CENTER_PATH}>← 我的报告</Link>
        <Space>
          <Button onClick={() => window.print()}>打印</Button>
          {r.pdfReady ? (
            <Button
              type="primary"
              data-testid="report-detail-pdf"
              onClick={() => void download(downloadJobFile, { query: { id: r.jobId } })}
            >
              下载 PDF
            </Button>
          ) : null}
        </Space>
      </div>
      <ReportDocument content={r.content} />
    </>
  );
}
