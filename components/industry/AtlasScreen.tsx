'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { chainHref, type ChainSummary } from '@/lib/shared/industry/chain-graph';
import { industryChainList } from '@/lib/shared/industry/industry.endpoints';

/** /atlas: every industry chain as a card, searchable by chain or node name. */
export function AtlasScreen({ initial }: { initial: ChainSummary[] }) {
  const [keyword, setKeyword] = useState('');
  const query = { keyword };
  const chains = useQuery({
    queryKey: contractKey(industryChainList, { query }),
    queryFn: ({ signal }) => call(industryChainList, { query }, { signal, silent: true }),
    initialData: keyword === '' ? { chains: initial } : undefined,
    placeholderData: keepPreviousData,
  });
  const list = chains.data?.chains ?? [];
  return (
    <div className="ent-page il-atlas" data-testid="atlas-screen">
      <section className="ent-card">
        <h1 className="ct-title">产业图谱</h1>
        <p className="ent-muted">
          {initial.length} 条重点产业链的上中下游环节、企业数量、龙头企业与地区分布。
        </p>
        <Input.Search
          allowClear
          placeholder="搜索产业链或环节，如 新能源汽车、芯片设计"
          aria-label="搜索产业链"
          style={{ maxWidth: 420 }}
          onSearch={(v) => setKeyword(v.trim())}
          data-testid="atlas-search"
        />
        {chains.error ? (
          <LoadErrorAlert
            title={errorText(chains.error, '产业链加载失败')}
            onRetry={() => chains.refetch()}
          />
        ) : list.length === 0 ? (
          <Empty description={`没有找到与“${keyword}”相关的产业链`} />
        ) : (
          <ul className="il-atlas-grid" data-testid="atlas-chains">
            {list.map((c) => (
              <li key={c.code}>
                <a className="il-card" href={chainHref.chain(c.code)}>
                  <h3>{c.name}产业链</h3>
                  <p className="il-card-count">
                    <strong>{c.total}</strong> 家链上企业
                  </p>
                  {c.stages.map((s) => (
                    <p key={s.stage} className="il-atlas-stage">
                      {s.stage}：{s.nodes.join('、') || '—'}
                    </p>
                  ))}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
