'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { CHAIN_STAGES, type ChainNodeStats } from '@/lib/shared/industry/chain-graph';

echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

const STAGE_COLOR: Record<string, string> = { 上游: '#1677ff', 中游: '#13a8a8', 下游: '#fa8c16' };

/**
 * The chain as a left-to-right graph: a column per stage, a node per link (its size by company
 * count), arrows from each stage to the next. Positions are fixed, so the picture is the same on
 * every load.
 */
export function chainGraphOption(
  nodes: ChainNodeStats[],
  selected: string | null,
): EChartsCoreOption {
  const stages = CHAIN_STAGES.filter((s) => nodes.some((n) => n.stage === s));
  const max = Math.max(1, ...nodes.map((n) => n.companies));
  const data = stages.flatMap((stage, col) => {
    const inStage = nodes.filter((n) => n.stage === stage);
    return inStage.map((n, row) => ({
      name: n.name,
      x: col * 300,
      y: (row - (inStage.length - 1) / 2) * 110,
      value: n.companies,
      symbolSize: 36 + Math.round(34 * Math.sqrt(n.companies / max)),
      itemStyle: {
        color: STAGE_COLOR[stage],
        borderColor: n.name === selected ? '#262626' : '#fff',
        borderWidth: n.name === selected ? 3 : 1,
      },
      label: { show: true, position: 'bottom' as const, formatter: `${n.name}\n${n.companies} 家` },
    }));
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
        // Symbols keep their size: the view stretches positions to the box, not the circles.
        nodeScaleRatio: 0,
        data,
        links,
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 8,
        lineStyle: { color: '#bfbfbf', width: 1, curveness: 0.1 },
        emphasis: { focus: 'adjacency' },
        left: 70,
        right: 70,
        top: 56,
        bottom: 72,
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
  return (
    <div className="il-chain-canvas" role="img" aria-label="产业链图谱（环节与企业数见下方列表）">
      <ReactEChartsCore
        echarts={echarts}
        option={chainGraphOption(nodes, selected)}
        notMerge
        style={{ height: '100%', width: '100%' }}
        onEvents={{
          click: (p: { dataType?: string; name?: string }) => {
            if (p.dataType === 'node' && p.name) onSelect(p.name);
          },
        }}
      />
    </div>
  );
}
