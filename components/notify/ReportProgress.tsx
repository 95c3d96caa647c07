'use client';
import './report-progress.css';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { onPushMessage } from '@/lib/client/push';
import { JOB_PUSH_TYPE, type JobView } from '@/lib/shared/jobs/job.types';
import {
  currentReportFromJob,
  REPORT_CENTER_PATH,
  type UnreadReportState,
} from '@/lib/shared/enterprise-report/current-report';

/**
 * The unread message's report fields (spec 3: `currentReport`, `progressVisible`): the report being
 * written, from the job-progress pushes of report jobs on /websocket/message; shown while it runs
 * and when it ends, until closed.
 */
export function useReportProgress(): UnreadReportState & { hide: () => void } {
  const [state, setState] = useState<UnreadReportState>({
    currentReport: null,
    progressVisible: false,
  });
  useEffect(
    () =>
      onPushMessage((m) => {
        if (m.type !== JOB_PUSH_TYPE) return;
        const report = currentReportFromJob(m.content as JobView);
        if (report) setState({ currentReport: report, progressVisible: true });
      }),
    [],
  );
  return { ...state, hide: () => setState((s) => ({ ...s, progressVisible: false })) };
}

/** Under the bell: 正在生成 …% with a bar, then 已生成 · 查看报告 (or why it failed). */
export function ReportProgress() {
  const { currentReport: report, progressVisible, hide } = useReportProgress();
  if (!report || !progressVisible) return null;
  const done = report.status === 'succeeded';
  const failed = report.status === 'failed';
  return (
    <div className="report-progress" role="status" data-testid="report-progress">
      <div className="report-progress-head">
        <span className="report-progress-title">
          {done ? '报告已生成' : failed ? '报告生成失败' : '报告生成中'}
        </span>
        <button type="button" className="report-progress-close" aria-label="关闭" onClick={hide}>
          ×
        </button>
      </div>
      <div className="report-progress-name">{report.title}</div>
      {done || failed ? null : (
        <div
          className="report-progress-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={report.percent}
          aria-label="报告生成进度"
        >
          <span style={{ width: `${Math.max(4, report.percent)}%` }} />
        </div>
      )}
      <div className="report-progress-foot">
        <span data-testid="report-progress-text">
          {done
            ? '网页版与 PDF 均已就绪'
            : failed
              ? report.message
              : `${report.percent}% · ${report.message ?? '排队中'}`}
        </span>
        {done && report.link ? (
          <Link href={report.link} onClick={hide} data-testid="report-progress-open">
            查看报告
          </Link>
        ) : failed ? (
          <Link href={REPORT_CENTER_PATH} onClick={hide}>
            我的报告
          </Link>
        ) : null}
      </div>
    </div>
  );
}
