'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReportChart } from '@/lib/shared/content/content.contract';

// Only what report charts draw, so the chunk stays small.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The chart as an ECharts option (pie: the first series over the categories). */
export function chartOption(chart: ReportChart): EChartsCoreOption {
  if (chart.type === 'pie') {
    const s = chart.series[0];
    return {
      tooltip: { trigger: 'item', valueFormatter: (v: unknown) => `${String(v)} ${chart.unit}` },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: s?.name ?? chart.title,
          radius: ['35%', '65%'],
          data: chart.categories.map((c, i) => ({ name: c, value: s?.data[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 48, right: 16, top: 32, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: chart.categories },
    yAxis: { type: 'value', name: chart.unit },
    series: chart.series.map((s) => ({
      type: chart.type,
      name: s.name,
      data: s.data,
      smooth: true,
    })),
  };
}

export default function EChartView({ chart }: { chart: ReportChart }) {
  return (
    <div className="ct-chart-canvas" role="img" aria-label={`${chart.title}（图表，数据见下表）`}>
      <ReactEChartsCore
        echarts={echarts}
        option={chartOption(chart)}
        notMerge
        style={{ height: '100%', width: '100%' }}
      />
    </div>
  );
}
