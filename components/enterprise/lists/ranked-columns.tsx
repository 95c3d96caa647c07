'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import type { ReactNode } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { RankedCompany } from '@/lib/shared/enterprise/ranked-company';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';

/** One reason of a ranked row: its kind as a coloured tag with its points, then the words. */
export type RankedReason = {
  key: string;
  label: string;
  color: string;
  points: number;
  text: string;
};

/** A company's name (its page, in a new tab) over its place and industry; `badge` after the name. */
export function CompanyCell({
  r,
  badge,
}: {
  r: Pick<RankedCompany, 'uncid' | 'name' | 'regionName' | 'industryName'>;
  badge?: ReactNode;
}) {
  return (
    <Space direction="vertical" size={2}>
      <span>
        <a href={companyCanonicalPath(r.uncid)} target="_blank" rel="noreferrer">
          {r.name}
        </a>
        {badge}
      </span>
      <span className="ent-muted">
        {r.regionName || '-'} · {r.industryName || '-'}
      </span>
    </Space>
  );
}

/**
 * The columns every ranked company list shows (产业招商, 画像推荐): rank, the company with its
 * place and industry, capital, founding date, the score (its rule in a tooltip) and the reasons.
 */
export function rankedCompanyColumns<T extends RankedCompany>(o: {
  scoreTitle: string;
  /** How the score is made, shown on the score's title. */
  scoreRule: string;
  reasons: (row: T) => RankedReason[];
  /** The reasons' list: its test id and an extra class. */
  reasonsTestId: string;
  reasonsClassName?: string;
  nameWidth?: number;
  reasonsWidth?: number;
}): ColumnsType<T> {
  return [
    { title: '排名', dataIndex: 'rank', width: 64, align: 'center' },
    {
      title: '企业名称',
      dataIndex: 'name',
      width: o.nameWidth ?? 240,
      render: (_, r) => <CompanyCell r={r} />,
    },
    capitalColumn({ width: 120 }),
    establishDateColumn(),
    {
      title: (
        <Tooltip title={o.scoreRule}>
          <span>{o.scoreTitle}</span>
        </Tooltip>
      ),
      dataIndex: 'score',
      width: 80,
      align: 'center',
      render: (v: number) => <strong>{v}</strong>,
    },
    {
      title: '推荐理由',
      dataIndex: 'reasons',
      width: o.reasonsWidth,
      render: (_, r) => (
        <ul
          className={o.reasonsClassName ? `imc-reasons ${o.reasonsClassName}` : 'imc-reasons'}
          data-testid={o.reasonsTestId}
        >
          {o.reasons(r).map((x) => (
            <li key={x.key}>
              <Tag color={x.color}>
                {x.label} +{x.points}
              </Tag>
              <span>{x.text}</span>
            </li>
          ))}
        </ul>
      ),
    },
  ];
}
