'use client';

import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Tag } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { getKeywordAnalyze } from '@/lib/shared/ai/ai.endpoints';
import type { AiRefinementView } from '@/lib/shared/ai/ai.contract';
import { splitChips } from '@/lib/client/ai/chips';

function Bars({ title, items }: { title: string; items: { label: string; count: number }[] }) {
  if (items.length === 0) return null;
  const max = Math.max(...items.map((i) => i.count), 1);
  return (
    <div className="ai-analysis-col">
      <h4>{title}</h4>
      <ul>
        {items.slice(0, 6).map((i) => (
          <li key={i.label}>
            <span className="ai-analysis-label">{i.label}</span>
            <span className="ai-analysis-bar" style={{ width: `${(i.count / max) * 100}%` }} />
            <span className="ai-analysis-count">{i.count.toLocaleString('zh-CN')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 关键词分析 of a search reply: how the request was read and where the matches are. */
export function KeywordAnalysis({
  messageId,
  onAsk,
  onRefine,
}: {
  messageId: number;
  onAsk: (query: string) => void;
  /** A follow-up that changes the reply's conditions (re-runs them, never a new request). */
  onRefine: (r: AiRefinementView) => void;
}) {
  const input = { query: { messageId } };
  const box = useRef<HTMLDivElement>(null);
  const q = useQuery({
    queryKey: contractKey(getKeywordAnalyze, input),
    queryFn: ({ signal }) => call(getKeywordAnalyze, input, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
  // The analysis opens under the reply: bring it into view once it has content.
  useEffect(() => {
    if (q.isSuccess) box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [q.isSuccess]);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.isError) return <Alert type="warning" showIcon message="关键词分析暂时无法获取" />;
  const a = q.data;
  const { conditionChips, keywordLabel } = splitChips(a.chips, a.keyword);
  return (
    <div className="ai-analysis" data-testid="ai-keyword-analysis" ref={box}>
      <p>
        您的请求「{a.query}」被理解为：
        {conditionChips.map((c) => (
          <Tag key={c.key}>{c.label}</Tag>
        ))}
        {keywordLabel ? <Tag color="blue">{keywordLabel}</Tag> : null}
        {conditionChips.length === 0 && !keywordLabel ? '（无条件）' : null}
      </p>
      {a.notes.length > 0 ? (
        <ul className="ai-notes">
          {a.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <div className="ai-analysis-grid">
        <Bars title="地区分布" items={a.distribution.region} />
        <Bars title="行业分布" items={a.distribution.industry} />
        <Bars title="注册资本分布" items={a.distribution.capitalBand} />
      </div>
      {a.refinements.length > 0 ? (
        <div className="ai-suggest">
          <span className="ai-suggest-title">调整条件：</span>
          {a.refinements.map((r) => (
            <Tag.CheckableTag key={r.label} checked={false} onChange={() => onRefine(r)}>
              {r.label}
            </Tag.CheckableTag>
          ))}
        </div>
      ) : null}
      {a.suggestions.length > 0 ? (
        <div className="ai-suggest">
          <span className="ai-suggest-title">试试：</span>
          {a.suggestions.map((s) => (
            <Tag.CheckableTag key={s} checked={false} onChange={() => onAsk(s)}>
              {s}
            </Tag.CheckableTag>
          ))}
        </div>
      ) : null}
    </div>
  );
}
