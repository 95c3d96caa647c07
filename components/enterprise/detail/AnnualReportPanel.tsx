'use client';

import { useState } from 'react';
import type { AnnualReportsResult } from '@/lib/shared/enterprise/types';
import type { AnnualReportRow } from '@/lib/shared/enterprise/enterprise.contract';
import {
  ANNUAL_REPORT_LABELS as LABELS,
  annualReportHref,
  annualValueText as show,
} from '@/lib/shared/enterprise/annual-report-text';
import { useEnterpriseViewer } from './viewer-state';

/**
 * 年报 without antd: one year's published report; other years load on demand; the full report
 * is its own open page (/annualReportDetail). Contacts stay masked in the HTML (the same for
 * everyone); a viewer whose tenant unlocked the company gets the newest report with real contacts
 * from the page's one viewer call.
 */
export function AnnualReportPanel({
  entId,
  uncid,
  initial,
}: {
  entId: number;
  uncid: string;
  initial: AnnualReportsResult;
}) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const own = useEnterpriseViewer(entId).data?.annualReport ?? null;
  const [adopted, setAdopted] = useState<AnnualReportRow | null>(null);
  if (own && adopted !== own) {
    setAdopted(own);
    if (data.report?.year === own.year) setData({ ...data, report: own });
  }
  if (data.years.length === 0 || !data.report)
    return <p className="ent-empty">暂无公示的企业年报</p>;
  const report = data.report;

  async function pick(year: number) {
    if (year === report.year) return;
    setLoading(true);
    try {
      const api = await import('./detail-api');
      setData(await api.annualReports(entId, year));
    } catch {
      // The shown year stays; another pick tries again.
    } finally {
      setLoading(false);
    }
  }

  const keys = [
    ...Object.keys(LABELS).filter((k) => k in report.data),
    ...Object.keys(report.data).filter((k) => !(k in LABELS)),
  ];
  return (
    <div>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          marginBottom: 12,
          flexWrap: 'wrap',
        }}
      >
        <div className="ent-years" role="group" aria-label="年报年度">
          {data.years.map((y) => (
            <button
              key={y}
              type="button"
              aria-pressed={y === report.year}
              onClick={() => void pick(y)}
            >
              {y}年度
            </button>
          ))}
        </div>
        {report.publishedAt ? (
          <span className="ent-muted">公示日期 {report.publishedAt}</span>
        ) : null}
        {/* The whole report (shareholders, investments, changes) on its own open page. */}
        <a href={annualReportHref(uncid, report.year)} data-testid="annual-report-link">
          查看{report.year}年度报告详情
        </a>
      </div>
      <table className="ent-kv" aria-busy={loading || undefined}>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row">{LABELS[k] ?? k}</th>
              <td>{show(k, report.data[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
