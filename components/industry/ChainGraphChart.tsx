'use client';

import { useEffect, useRef, useState } from 'react';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { CHAIN_STAGES, type ChainNodeStats } from '@/lib/shared/industry/chain-graph';

echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

const STAGE_COLOR: Record<string, string> = { 上游: '#1677ff', 中游: '#13a8a8', 下游: '#fa8c16' };

/** Room around the nodes for their labels, in pixels. */
const PAD = { x: 70, top: 48, bottom: 64 };

/**
 * The chain as a left-to-right graph: a column per stage, a node per link (its size by company
 * count), arrows from each stage to the next. Positions are pixels of the `size` box, which two
 * invisible corner points span, so the view maps them one to one and circles stay round.
 */
export function chainGraphOption(
  nodes: ChainNodeStats[],
  selected: string | null,
  size: { width: number; height: number },
): EChartsCoreOption {
  const stages = CHAIN_STAGES.filter((s) => nodes.some((n) => n.stage === s));
  const max = Math.max(1, ...nodes.map((n) => n.companies));
  const innerW = Math.max(1, size.width - 2 * PAD.x);
  const innerH = Math.max(1, size.height - PAD.top - PAD.bottom);
  const colX = (col: number) =>
    PAD.x + (stages.length > 1 ? (col * innerW) / (stages.length - 1) : innerW / 2);
  const small = size.width < 560;
  const data = stages.flatMap((stage, col) => {
    const inStage = nodes.filter((n) => n.stage === stage);
    return inStage.map((n, row) => ({
      name: n.name,
      x: colX(col),
      y: PAD.top + ((row + 0.5) * innerH) / inStage.length,
      value: n.companies,
      symbolSize: (small ? 22 : 34) + Math.round((small ? 18 : 30) * Math.sqrt(n.companies / max)),
      itemStyle: {
        color: STAGE_COLOR[stage],
        borderColor: n.name === selected ? '#262626' : '#fff',
        borderWidth: n.name === selected ? 3 : 1,
      },
      label: {
        show: true,
        position: 'bottom' as const,
        formatter: `${n.name}\n${n.companies} 家`,
        width: small ? 90 : 140,
        overflow: 'break' as const,
      },
    }));
  });
  const corner = (name: string, x: number, y: number) => ({
    name,
    x,
    y,
    symbolSize: 0,
    silent: true,
    label: { show: false },
    tooltip: { show: false },
  });
  const links = stages
    .slice(1)
    .flatMap((stage, i) =>
      nodes
        .filter((a) => a.stage === stages[i])
        .flatMap((a) =>
          nodes.filter((b) => b.stage === stage).map((b) => ({ source: a.name, target: b.name })),
        ),
    );
  return {
    tooltip: {
      formatter: (p: { name: string; value?: number }) => `${p.name}：${p.value ?? 0} 家企业`,
    },
    series: [
      {
        type: 'graph',
        layout: 'none',
        roam: false,
        data: [
          ...data,
          corner('__top-left', 0, 0),
          corner('__bottom-right', size.width, size.height),
        ],
        links,
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 8,
        lineStyle: { color: '#bfbfbf', width: 1, curveness: 0.1 },
        emphasis: { focus: 'adjacency' },
        left: 0,
        right: 0,
        top: 0,
        bottom: 0,
      },
    ],
  };
}

export default function ChainGraphChart({
  nodes,
  selected,
  onSelect,
}: {
  nodes: ChainNodeStats[];
  selected: string | null;
  onSelect: (name: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="il-chain-canvas"
      role="img"
      aria-label="产业链图谱（环节与企业数见下方列表）"
    >
      {size ? (
        <ReactEChartsCore
          echarts={echarts}
          option={chainGraphOption(nodes, selected, size)}
          notMerge
          style={{ height: '100%', width: '100%' }}
          onEvents={{
            click: (p: { dataType?: string; name?: string }) => {
              if (p.dataType === 'node' && p.name) onSelect(p.name);
            },
          }}
        />
      ) : null}
    </div>
  );
}
