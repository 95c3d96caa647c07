'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only what the board draws; this module is loaded (next/dynamic) by /dataBoard alone.
echarts.use([
  BarChart,
  FunnelChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** One chart of the board; its figures are also in the card's table (名称 in aria-label). */
export default function BoardChart({
  option,
  label,
  height = 280,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
}) {
  return (
    <div role="img" aria-label={`${label}（图表，数据见“表格”）`} style={{ height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: '100%', width: '100%' }}
      />
    </div>
  );
}
