'use client';

import { useState } from 'react';
import { Segmented, Spin } from 'antd';
import type { AnnualReportsResult } from '@/lib/shared/enterprise/types';
import { ApiClientError, call } from '@/lib/client/request';
import { getEnterpriseAnnualReports } from '@/lib/shared/enterprise/enterprise.contract';

const LABELS: Record<string, string> = {
  staff: '从业人数',
  insured: '参保人数',
  assets: '资产总额',
  revenue: '营业总收入',
  profit: '利润总额',
  tax: '纳税总额',
  phone: '企业联系电话',
  email: '电子邮箱',
  address: '通信地址',
  website: '网站',
  operatingStatus: '经营状态',
  hasInvestment: '是否有对外投资',
  hasGuarantee: '是否提供对外担保',
};

function show(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if ((key === 'staff' || key === 'insured') && typeof v === 'number') return `${v} 人`;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** 年报: one year's published report; other years load on demand. Contacts stay masked until unlocked. */
export function AnnualReportPanel({
  entId,
  initial,
}: {
  entId: number;
  initial: AnnualReportsResult;
}) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  if (data.years.length === 0 || !data.report)
    return <p className="ent-empty">暂无公示的企业年报</p>;
  const report = data.report;

  async function pick(year: number) {
    setLoading(true);
    try {
      setData(await call(getEnterpriseAnnualReports, { query: { entId, year } }));
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
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
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <Segmented
          value={report.year}
          options={data.years.map((y) => ({ label: `${y}年度`, value: y }))}
          onChange={(v) => pick(Number(v))}
        />
        {report.publishedAt ? (
          <span className="ent-muted">公示日期 {report.publishedAt}</span>
        ) : null}
      </div>
      <Spin spinning={loading}>
        <table className="ent-kv">
          <tbody>
            {keys.map((k) => (
              <tr key={k}>
                <th scope="row">{LABELS[k] ?? k}</th>
                <td>{show(k, report.data[k])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Spin>
    </div>
  );
}
