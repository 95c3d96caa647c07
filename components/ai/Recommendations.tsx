'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import {
  getAllQueryCategory,
  getRecommendCustomerPortrait,
  getRecommendDefaultQuery,
  getRecommendQuery,
} from '@/lib/shared/ai/ai.endpoints';
import type { RecommendQuery } from '@/lib/shared/ai/ai.contract';

function QueryButtons({
  queries,
  onAsk,
  testId,
}: {
  queries: RecommendQuery[];
  onAsk: (q: string) => void;
  testId?: string;
}) {
  return (
    <ul className="ai-examples" data-testid={testId}>
      {queries.map((q) => (
        <li key={q.query}>
          <button type="button" className="ai-example" onClick={() => onAsk(q.query)}>
            {q.query}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Fixed examples when the recommendations cannot be loaded. */
export const EXAMPLE_REQUESTS = [
  '帮我找深圳南山区注册资本1000万以上、成立5年以上的专精特新企业',
  '杭州做软件的高新技术企业，有电话的',
  '上海浦东新区成立不到3年的新能源公司，排除注销的',
];

/**
 * Recommended requests for an empty thread (spec 2.8): the default list (by task), or by type
 * (get-all-query-category, get-recommend-query type=type), and the customer-portrait
 * recommendation from the user's own leads.
 */
export function StarterRecommendations({
  taskId,
  onAsk,
}: {
  taskId: number | null;
  onAsk: (q: string) => void;
}) {
  const [category, setCategory] = useState<string>('default');
  const query = taskId === null ? {} : { taskId };
  const defaults = useQuery({
    queryKey: contractKey(getRecommendDefaultQuery, { query }),
    queryFn: () => call(getRecommendDefaultQuery, { query }, { silent: true }),
    staleTime: 5 * 60_000,
  });
  const categories = useQuery({
    queryKey: contractKey(getAllQueryCategory),
    queryFn: () => call(getAllQueryCategory, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });
  const byType = useQuery({
    queryKey: contractKey(getRecommendQuery, { query: { type: 'type', category } }),
    queryFn: () => call(getRecommendQuery, { query: { type: 'type', category } }, { silent: true }),
    enabled: category !== 'default',
    staleTime: 5 * 60_000,
  });
  const portrait = useQuery({
    queryKey: contractKey(getRecommendCustomerPortrait, { query }),
    queryFn: () => call(getRecommendCustomerPortrait, { query }, { silent: true }),
    staleTime: 5 * 60_000,
  });

  const list =
    category === 'default'
      ? (defaults.data ??
        (defaults.isError ? EXAMPLE_REQUESTS.map((q) => ({ query: q, category: '' })) : []))
      : (byType.data ?? categories.data?.find((c) => c.type === category)?.queries ?? []);
  const pending = category === 'default' ? defaults.isPending : byType.isPending;

  return (
    <div className="ai-starters">
      {categories.data && categories.data.length > 0 ? (
        <Segmented
          value={category}
          onChange={(v) => setCategory(String(v))}
          options={[
            { value: 'default', label: '推荐' },
            ...categories.data.map((c) => ({ value: c.type, label: c.name })),
          ]}
          data-testid="ai-categories"
        />
      ) : null}
      {pending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        <QueryButtons queries={list.slice(0, 6)} onAsk={onAsk} testId="ai-examples" />
      )}
      {portrait.data && portrait.data.queries.length > 0 ? (
        <section className="ai-portrait" aria-label="客户画像推荐" data-testid="ai-portrait">
          <strong>
            <UserOutlined /> 客户画像推荐
          </strong>
          {portrait.data.summary ? (
            <span className="ent-muted">{portrait.data.summary}</span>
          ) : null}
          <div className="ai-suggest">
            {portrait.data.queries.slice(0, 4).map((q) => (
              <Tag.CheckableTag key={q.query} checked={false} onChange={() => onAsk(q.query)}>
                {q.query}
              </Tag.CheckableTag>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * Under the newest reply: its own suggestions, else requests recommended by its keyword
 * (get-recommend-query type=keyword) or the default list.
 */
export function FollowUpRecommendations({
  taskId,
  keyword,
  suggestions,
  onAsk,
}: {
  taskId: number;
  keyword: string | null;
  suggestions: string[];
  onAsk: (q: string) => void;
}) {
  const input = {
    query: keyword
      ? { type: 'keyword' as const, keyword, taskId }
      : { type: 'default' as const, taskId },
  };
  const rec = useQuery({
    queryKey: contractKey(getRecommendQuery, input),
    queryFn: () => call(getRecommendQuery, input, { silent: true }),
    enabled: suggestions.length === 0,
    staleTime: 5 * 60_000,
  });
  const items = suggestions.length > 0 ? suggestions : (rec.data ?? []).map((q) => q.query);
  if (items.length === 0) return null;
  return (
    <div className="ai-suggest" data-testid="ai-followups">
      <span className="ai-suggest-title">您还可以问：</span>
      {items.slice(0, 4).map((q) => (
        <Tag.CheckableTag key={q} checked={false} onChange={() => onAsk(q)}>
          {q}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}
