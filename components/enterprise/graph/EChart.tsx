'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { GraphChart, TreeChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { LabelLayout } from 'echarts/features';
import type { EChartsCoreOption } from 'echarts/core';

// Only the pieces the company graphs use, so the chunk stays small.
// LabelLayout: labelLayout.hideOverlap of the graph and tree labels (graph-options.ts).
echarts.use([
  GraphChart,
  TreeChart,
  LegendComponent,
  TooltipComponent,
  LabelLayout,
  CanvasRenderer,
]);

/** Live charts by DOM order, for end-to-end tests that click a node (canvas has no DOM per node). */
type ChartRegistry = { __leadradarCharts?: echarts.ECharts[] };

function register(chart: echarts.ECharts) {
  const w = window as Window & ChartRegistry;
  w.__leadradarCharts = [...(w.__leadradarCharts ?? []).filter((c) => !c.isDisposed()), chart];
}

export type ChartClick = {
  dataType?: string;
  data?: unknown;
};

/** A canvas ECharts chart; loaded with next/dynamic (ssr: false) so ECharts never runs on the server. */
export function EChart({
  option,
  height,
  onClick,
}: {
  option: EChartsCoreOption;
  height: number;
  onClick?: (params: ChartClick) => void;
}) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      onEvents={onClick ? { click: onClick } : undefined}
      onChartReady={register}
    />
  );
}
