'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Segmented, Space, Spin, Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type {
  ActualController,
  EquityTreeNode,
  GraphData,
  GraphNode,
} from '@/lib/shared/enterprise/types';
import { ApiClientError, call } from '@/lib/client/request';
import {
  getActualController,
  getEnterpriseMap,
  getEquityPenetration,
  getNextEnterpriseRing,
  getNextPersonRing,
  getRelationshipMap,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import { formatRatio } from '@/lib/shared/enterprise/format';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import type { ChartClick } from './EChart';
import {
  countLeaves,
  graftChildren,
  graphOption,
  mergeGraphs,
  treeOption,
  type GraphNodeDatum,
  type TreeDatum,
} from './graph-options';
import { useFeedback } from '@/lib/client/feedback';

// ECharts touches window and canvas: client only, and only once a graph is opened.
const EChart = dynamic(() => import('./EChart').then((m) => m.EChart), {
  ssr: false,
  loading: () => (
    <div className="ent-graph-loading">
      <Spin />
    </div>
  ),
});

type View = 'ent-map' | 'relationship-map' | 'equity-up' | 'equity-down' | 'controller';

const VIEWS: { label: string; value: View }[] = [
  { label: '企业图谱', value: 'ent-map' },
  { label: '关系图谱', value: 'relationship-map' },
  { label: '股权穿透（向上）', value: 'equity-up' },
  { label: '股权穿透（向下）', value: 'equity-down' },
  { label: '实际控制人', value: 'controller' },
];

/** 企业图谱 tab: enterprise map, relationship map, equity penetration both ways, actual controller. */
export function EnterpriseGraphs({ entId }: { entId: number }) {
  const [view, setView] = useState<View>('ent-map');
  return (
    <div className="ent-graphs" data-testid="enterprise-graphs">
      <Segmented<View>
        options={VIEWS}
        value={view}
        onChange={setView}
        style={{ marginBottom: 12 }}
      />
      {view === 'ent-map' || view === 'relationship-map' ? (
        <NetworkGraph
          key={view}
          entId={entId}
          source={view === 'ent-map' ? getEnterpriseMap : getRelationshipMap}
        />
      ) : view === 'controller' ? (
        <ControllerGraph entId={entId} />
      ) : (
        <EquityTree
          key={view}
          entId={entId}
          direction={view === 'equity-up' ? 'parent' : 'children'}
        />
      )}
    </div>
  );
}

function useLoad<T>(load: () => Promise<T>): {
  data: T | null;
  error: string | null;
  setData: (d: T) => void;
} {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    load()
      .then((d) => !cancelled && setData(d))
      .catch(
        (err: unknown) =>
          !cancelled && setError(err instanceof ApiClientError ? err.message : '图谱加载失败'),
      );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { data, error, setData };
}

function Loading({ error }: { error: string | null }) {
  if (error) return <Alert type="error" showIcon title={error} />;
  return (
    <div className="ent-graph-loading">
      <Spin />
    </div>
  );
}

function NodeInfo({ node }: { node: GraphNode | null }) {
  if (!node)
    return <span className="ent-muted">点击带光圈的节点可展开下一层关系，滚轮缩放，拖动平移</span>;
  return (
    <Space size={8}>
      <Tag color={node.kind === 'person' ? 'red' : 'blue'}>
        {node.kind === 'person' ? '人员' : '企业'}
      </Tag>
      <strong>{node.name}</strong>
      {node.kind === 'company' && (node.uncid || node.entId) ? (
        <a
          href={companyDetailPath({ uncid: node.uncid, name: node.name })}
          target="_blank"
          rel="noopener"
        >
          查看企业详情 <ExportOutlined />
        </a>
      ) : null}
    </Space>
  );
}

function NetworkGraph({
  entId,
  source,
  initial,
}: {
  entId: number;
  /** Where the first ring comes from, unless the page already has it (`initial`). */
  source?: typeof getEnterpriseMap | typeof getRelationshipMap;
  initial?: GraphData;
}) {
  const { message } = useFeedback();
  const { data, error, setData } = useLoad<GraphData>(() =>
    initial ? Promise.resolve(initial) : call(source!, { query: { id: entId } }),
  );
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<GraphNode | null>(null);
  const [busy, setBusy] = useState(false);
  const option = useMemo(() => (data ? graphOption(data, expanded) : null), [data, expanded]);

  const onClick = useCallback(
    async (p: ChartClick) => {
      if (p.dataType !== 'node' || !data) return;
      const node = (p.data as GraphNodeDatum).node;
      setSelected(node);
      if (!node.expandable || expanded.has(node.id) || node.isCenter || busy) return;
      setBusy(true);
      try {
        let more: GraphData;
        if (node.kind === 'company' && node.entId) {
          more = await call(getNextEnterpriseRing, { query: { id: node.entId } });
        } else {
          // A person is looked up around a company it is linked to (same name, same city).
          const anchor =
            data.links
              .flatMap((l) =>
                l.source === node.id ? [l.target] : l.target === node.id ? [l.source] : [],
              )
              .map((nid) => data.nodes.find((n) => n.id === nid))
              .find((n) => n?.entId)?.entId ?? entId;
          more = await call(getNextPersonRing, { query: { personName: node.name, id: anchor } });
        }
        // The expanded node is the centre of `more`: map its id onto ours.
        const renamed: GraphData = {
          ...more,
          nodes: more.nodes.filter((n) => n.id !== more.centerId),
          links: more.links.map((l) => ({
            ...l,
            source: l.source === more.centerId ? node.id : l.source,
            target: l.target === more.centerId ? node.id : l.target,
          })),
        };
        const added = renamed.nodes.filter((n) => !data.nodes.some((d) => d.id === n.id)).length;
        setData(mergeGraphs(data, renamed));
        setExpanded((s) => new Set(s).add(node.id));
        if (added === 0) message.info('没有更多关联关系');
      } catch (err) {
        if (!(err instanceof ApiClientError)) message.error('展开失败，请稍后重试');
      } finally {
        setBusy(false);
      }
    },
    [data, expanded, busy, entId, message, setData],
  );

  if (!data || !option) return <Loading error={error} />;
  if (data.nodes.length <= 1) return <Empty description="暂无关联关系" />;
  return (
    <div>
      <div className="ent-graph-bar">
        <NodeInfo node={selected} />
        {busy ? <Spin size="small" /> : null}
        {data.truncated ? <Tag color="orange">关系较多，已省略部分节点</Tag> : null}
      </div>
      <div className="ent-graph-canvas">
        <EChart option={option} height={560} onClick={onClick} />
      </div>
    </div>
  );
}

function EquityTree({ entId, direction }: { entId: number; direction: 'parent' | 'children' }) {
  const { message } = useFeedback();
  const { data, error, setData } = useLoad<EquityTreeNode>(() =>
    call(getEquityPenetration, { query: { id: entId, direction, depth: 3 } }),
  );
  const option = useMemo(() => (data ? treeOption(data, direction) : null), [data, direction]);

  async function onClick(p: ChartClick) {
    if (!data) return;
    const d = p.data as TreeDatum | undefined;
    if (!d?.raw.hasMore || !d.raw.entId) return;
    try {
      const more = await call(getEquityPenetration, {
        query: { id: d.raw.entId, direction, depth: 2 },
      });
      setData(graftChildren(data, d.nodeId, more));
    } catch (err) {
      if (!(err instanceof ApiClientError)) message.error('加载失败，请稍后重试');
    }
  }

  if (!data || !option) return <Loading error={error} />;
  if (data.children.length === 0)
    return <Empty description={direction === 'parent' ? '暂无股东信息' : '暂无对外投资'} />;
  const height = Math.min(2400, Math.max(420, countLeaves(data) * 30));
  return (
    <div>
      <div className="ent-graph-bar">
        <span className="ent-muted">
          {direction === 'parent' ? '向上穿透股东，' : '向下穿透对外投资，'}
          空心节点可点击加载下一层，实心节点可折叠
        </span>
      </div>
      <div className="ent-graph-canvas">
        <EChart option={option} height={height} onClick={onClick} />
      </div>
    </div>
  );
}

function ControllerGraph({ entId }: { entId: number }) {
  const { data, error } = useLoad<ActualController>(() =>
    call(getActualController, { query: { id: entId } }),
  );
  if (!data) return <Loading error={error} />;
  if (!data.controller) return <Empty description="暂未识别实际控制人" />;
  return (
    <div>
      <div className="ent-controller">
        <div>
          实际控制人：<strong data-testid="actual-controller">{data.controller.name}</strong>
          {data.cumulativeRatio !== null ? (
            <span className="ent-muted">　总持股比例 {formatRatio(data.cumulativeRatio)}</span>
          ) : null}
        </div>
        {data.path.length > 1 ? (
          <div className="ent-control-path">
            控制路径：
            {[...data.path].reverse().map((s, i) => (
              <span key={`${s.name}-${i}`}>
                {i > 0 ? ' → ' : ''}
                {s.name}
                {s.ratio ? `（${formatRatio(s.ratio)}）` : ''}
              </span>
            ))}
            {' → '}
            {data.entName}
          </div>
        ) : null}
      </div>
      <NetworkGraph entId={entId} initial={data.graph} />
    </div>
  );
}
