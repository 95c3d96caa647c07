'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Empty, Tag } from 'antd';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { formatCapital } from '@/lib/shared/enterprise/format';
import {
  CHAIN_STAGES,
  chainHref,
  nodeSearchHref,
  type ChainGraph,
  type ChainNodeStats,
} from '@/lib/shared/industry/chain-graph';

const ChainGraphChart = dynamic(() => import('./ChainGraphChart'), {
  ssr: false,
  loading: () => <div className="il-chain-canvas" aria-hidden />,
});

/** One node's detail: counts, leaders, regions, and the jump to the company search. */
function NodeDetail({ node }: { node: ChainNodeStats }) {
  const classes = node.classes.map((c) => c.code);
  return (
    <section
      className="il-node-detail"
      aria-labelledby="il-node-title"
      data-testid="chain-node-detail"
    >
      <div className="il-bar">
        <h2 id="il-node-title" className="ct-subtitle">
          {node.stage} · {node.name}
        </h2>
        <Button type="primary" href={nodeSearchHref(classes)} data-testid="chain-node-search">
          查看全部 {node.companies} 家企业
        </Button>
      </div>
      <p className="ent-muted">
        对应行业：{node.classes.map((c) => `${c.name}（${c.code}）`).join('、')}
      </p>
      <div className="il-node-cols">
        <div>
          <h3>龙头企业</h3>
          {node.leaders.length ? (
            <ol className="il-leaders">
              {node.leaders.map((l) => (
                <li key={l.id}>
                  <a href={companyCanonicalPath(l.uncid)} target="_blank" rel="noreferrer">
                    {l.name}
                  </a>
                  <span className="ent-muted">
                    {' '}
                    {l.regionName}
                    {l.regCapital !== null ? ` · ${formatCapital(l.regCapital)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="ent-muted">暂无企业</p>
          )}
        </div>
        <div>
          <h3>地区分布</h3>
          {node.regions.length ? (
            <ul className="il-regions">
              {node.regions.map((r) => (
                <li key={r.code}>
                  <a href={nodeSearchHref(classes, r.code)}>{r.name}</a>
                  <span className="il-region-count">{r.count} 家</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ent-muted">暂无企业</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** /industryInsights/industryTP/{code}: the chain as a graph and its nodes by stage. */
export function ChainScreen({ graph }: { graph: ChainGraph }) {
  const first = [...graph.nodes].sort((a, b) => b.companies - a.companies)[0];
  const [selected, setSelected] = useState<string | null>(first?.name ?? null);
  const node = graph.nodes.find((n) => n.name === selected);
  return (
    <div className="ent-page il-chain" data-testid="chain-screen">
      <section className="ent-card">
        <p className="ent-muted il-album-kind">
          <a href={chainHref.atlas}>产业图谱</a> / 产业链
        </p>
        <h1 className="ct-title">{graph.name}产业链</h1>
        <p className="ent-muted">
          链上企业 {graph.total} 家 · 统计于{' '}
          {new Date(graph.refreshedAt).toLocaleString('zh-CN', { hour12: false })}
          ，点击环节查看企业数、龙头企业与地区分布。
        </p>
        <ChainGraphChart nodes={graph.nodes} selected={selected} onSelect={setSelected} />
        <div className="il-stages">
          {CHAIN_STAGES.map((stage) => (
            <div key={stage} className="il-stage" role="group" aria-label={stage}>
              <h2 className="il-stage-title">{stage}</h2>
              {graph.nodes
                .filter((n) => n.stage === stage)
                .map((n) => (
                  <button
                    key={n.name}
                    type="button"
                    className={n.name === selected ? 'il-node is-active' : 'il-node'}
                    aria-pressed={n.name === selected}
                    onClick={() => setSelected(n.name)}
                    data-testid="chain-node"
                  >
                    <span>{n.name}</span>
                    <Tag>{n.companies} 家</Tag>
                  </button>
                ))}
            </div>
          ))}
        </div>
      </section>
      <section className="ent-card">
        {node ? <NodeDetail node={node} /> : <Empty description="请选择一个环节" />}
      </section>
    </div>
  );
}
