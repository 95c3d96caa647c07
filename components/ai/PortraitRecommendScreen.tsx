'use client';

import { useState } from 'react';
import { keptSelection, listPagination } from '@/components/crm/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, contractKey } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { EnterpriseBulkBar } from '@/components/enterprise/lists/EnterpriseBulkBar';
import { rankedCompanyColumns } from '@/components/enterprise/lists/ranked-columns';
import { getChildren, getProvinces } from '@/lib/shared/geo';
import { getIndustryChildren, getSections } from '@/lib/shared/industry';
import { STAFF_SIZE_OPTIONS } from '@/lib/shared/search/filters';
import {
  enterpriseRecommendationFeedback,
  enterpriseRecommendationPage,
} from '@/lib/shared/ai/recommend.endpoints';
import {
  RECOMMEND_PAGE_SIZE,
  RECOMMEND_PART_LABELS,
  RECOMMEND_PART_POINTS,
  RECOMMEND_PARTS,
  type RecommendPart,
  type RecommendPortrait,
  type RecommendRow,
} from '@/lib/shared/ai/recommend.contract';
import { useFeedback } from '@/lib/client/feedback';

const PART_COLORS: Record<RecommendPart, string> = {
  industry: 'blue',
  region: 'green',
  staff: 'cyan',
  capital: 'gold',
  age: 'purple',
  tag: 'magenta',
};

const INDUSTRY_OPTIONS = getSections().map((s) => ({
  label: `${s.code} ${s.name}`,
  options: getIndustryChildren(s.code).map((d) => ({ value: d.code, label: d.name })),
}));
const REGION_OPTIONS = getProvinces().flatMap((p) => [
  { value: p.code, label: p.name },
  ...getChildren(p.code).map((c) => ({ value: c.code, label: `${p.name} · ${c.name}` })),
]);

type Answers = { industries: string[]; region?: string; staffSize?: string };

const SOURCE_TEXT: Record<RecommendPortrait['source'], string> = {
  customers: '您的客户',
  leads: '您的线索（尚无客户）',
  answers: '您选择的行业与地区',
  none: '',
};

const pct = (v: number) => `${Math.round(v * 100)}%`;

function PortraitCard({ p }: { p: RecommendPortrait }) {
  const parts: [string, RecommendPortrait['industries']][] = [
    ['行业', p.industries],
    ['地区', p.regions],
    ['人员规模', p.staff],
    ['注册资本', p.capital],
    ['成立年限', p.age],
    ['企业标签', p.tags],
  ];
  return (
    <section className="ent-card" aria-label="客户画像" data-testid="recommend-portrait">
      <h2 className="mgc-h2">客户画像</h2>
      <p className="ent-muted">
        依据：{SOURCE_TEXT[p.source]}
        {p.basis ? ` ${p.basis} 家` : ''}
        {p.won ? `，其中 ${p.won} 家赢单（权重 ×3）` : ''}
        {p.disliked ? `；已标记不感兴趣 ${p.disliked} 家（其共有特征权重降低）` : ''}
      </p>
      <dl className="prc-portrait">
        {parts
          .filter(([, xs]) => xs.length)
          .map(([label, xs]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {xs.map((x) => (
                  <Tag key={x.key}>
                    {x.label} {p.source === 'answers' ? '' : pct(x.share)}
                  </Tag>
                ))}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function ColdStart({ onStart }: { onStart: (a: Answers) => void }) {
  return (
    <section className="ent-card" aria-label="开始推荐" data-testid="recommend-cold-start">
      <Empty
        description={
          <span>
            您的租户还没有客户或线索，暂时无法生成客户画像。
            <br />
            回答三个问题，我们先按您的目标客户推荐；将企业加入线索、成交客户后，推荐会按真实客户自动调整。
          </span>
        }
      />
      <Form<Answers>
        layout="vertical"
        className="prc-cold-form"
        onFinish={(v) => onStart(v)}
        initialValues={{ industries: [] }}
      >
        <Form.Item
          name="industries"
          label="1. 您的客户主要在哪些行业？"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个行业' }]}
        >
          <Select
            mode="multiple"
            maxCount={5}
            showSearch
            optionFilterProp="label"
            options={INDUSTRY_OPTIONS}
            placeholder="选择行业（最多 5 个）"
            aria-label="客户所在行业"
          />
        </Form.Item>
        <Form.Item name="region" label="2. 您的客户主要在哪个地区？">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={REGION_OPTIONS}
            placeholder="省或市（不限）"
            aria-label="客户所在地区"
          />
        </Form.Item>
        <Form.Item name="staffSize" label="3. 您的客户一般多大规模？">
          <Select
            allowClear
            options={STAFF_SIZE_OPTIONS.map((o) => ({ value: o.key, label: o.label }))}
            placeholder="人员规模（不限）"
            aria-label="客户人员规模"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          开始推荐
        </Button>
      </Form>
    </section>
  );
}

/**
 * 客户推荐 (issue 34 item 4, ADR 0203): the portrait, the ranked companies with the reasons of
 * every score, 不感兴趣 per row, and 加入线索 / 导出 over the selection (the shared bulk bar).
 */
export function PortraitRecommendScreen() {
  const { message } = useFeedback();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(RECOMMEND_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** The companies marked 不感兴趣 on this visit, newest first: each can be undone. */
  const [disliked, setDisliked] = useState<RecommendRow[]>([]);
  const body = { pageNo, pageSize, ...(answers ?? {}) };
  const result = useQuery({
    queryKey: contractKey(enterpriseRecommendationPage, { body }),
    queryFn: ({ signal }) => call(enterpriseRecommendationPage, { body }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const data = result.data;

  async function dislike(row: RecommendRow) {
    setBusy(row.id);
    try {
      await call(enterpriseRecommendationFeedback, { body: { entId: row.id, kind: 'dislike' } });
      setSelected((s) => s.filter((id) => id !== row.id));
      setDisliked((d) => [row, ...d.filter((x) => x.id !== row.id)]);
      message.success(`已标记不感兴趣：${row.name}，不再推荐`);
      await result.refetch();
    } catch {
      // The shared handler has shown the message.
    } finally {
      setBusy(null);
    }
  }

  async function undo(row: RecommendRow) {
    setBusy(row.id);
    try {
      await call(enterpriseRecommendationFeedback, { body: { entId: row.id, kind: 'undo' } });
      setDisliked((d) => d.filter((x) => x.id !== row.id));
      message.success(`已撤销：${row.name} 将重新参与推荐`);
      await result.refetch();
    } catch {
      // The shared handler has shown the message.
    } finally {
      setBusy(null);
    }
  }

  const columns: ColumnsType<RecommendRow> = [
    ...rankedCompanyColumns<RecommendRow>({
      scoreTitle: '匹配度',
      scoreRule: `各项匹配得分之和（满分 100）：${RECOMMEND_PARTS.map((p) => `${RECOMMEND_PART_LABELS[p]} ${RECOMMEND_PART_POINTS[p]}`).join('、')}；按该项在画像中的占比给分`,
      reasonsTestId: 'recommend-reasons',
      // A reason per line in a wide column: the rows stay short.
      reasonsClassName: 'prc-reasons',
      nameWidth: 220,
      reasonsWidth: 460,
      reasons: (r) =>
        r.reasons.map((x) => ({
          key: x.part,
          label: RECOMMEND_PART_LABELS[x.part],
          color: PART_COLORS[x.part],
          points: x.points,
          text: x.text,
        })),
    }),
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <Button size="small" loading={busy === r.id} onClick={() => dislike(r)}>
          不感兴趣
        </Button>
      ),
    },
  ];

  if (result.error)
    return (
      <LoadErrorAlert
        title={errorText(result.error, '客户推荐加载失败')}
        onRetry={() => result.refetch()}
      />
    );
  if (data && data.portrait.source === 'none')
    return (
      <ColdStart
        onStart={(a) => {
          setAnswers(a);
          setPageNo(1);
        }}
      />
    );
  return (
    <>
      {data ? <PortraitCard p={data.portrait} /> : null}
      <section className="ent-card" aria-label="推荐企业" data-testid="recommend-screen">
        <h2 className="mgc-h2">与您的客户相似、尚未跟进的企业</h2>
        {answers ? (
          <Button type="link" onClick={() => setAnswers(null)}>
            重新选择行业与地区
          </Button>
        ) : null}
        <div className="imc-bulk">
          <EnterpriseBulkBar
            source="客户推荐"
            selected={selected}
            onDone={() => {
              setSelected([]);
              void result.refetch();
            }}
          />
        </div>
        {data?.notice ? <Alert type="info" showIcon message={data.notice} /> : null}
        {disliked.length ? (
          <Alert
            type="warning"
            showIcon
            data-testid="recommend-disliked"
            message={
              <span>
                已标记不感兴趣：
                {disliked.map((r) => (
                  <span key={r.id} className="prc-disliked">
                    {r.name}
                    <Button
                      type="link"
                      size="small"
                      loading={busy === r.id}
                      onClick={() => undo(r)}
                      aria-label={`撤销不感兴趣：${r.name}`}
                    >
                      撤销
                    </Button>
                  </span>
                ))}
              </span>
            }
          />
        ) : null}
        <Table<RecommendRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={result.isFetching}
          scroll={{ x: 1240 }}
          locale={{
            emptyText: (
              <Empty description="没有可推荐的企业：相似企业都已是您的线索或客户，或已标记不感兴趣" />
            ),
          }}
          rowSelection={keptSelection<RecommendRow>(selected, setSelected)}
          pagination={listPagination({
            pageNo,
            pageSize,
            total: Math.min(data?.total ?? 0, data?.maxResults ?? Infinity),
            shownTotal: data?.total ?? 0,
            unit: '家推荐企业',
            sizes: [10, 20, 50],
            onChange: (p, size) => {
              setPageNo(p);
              setPageSize(size);
            },
          })}
        />
      </section>
    </>
  );
}
