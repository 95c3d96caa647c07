'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { FunnelChart as Funnel } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { FunnelBand } from './funnel';
import { formatYuan } from './money';

// Only the funnel: this module is loaded (next/dynamic) when the 漏斗 view opens, never before.
echarts.use([Funnel, TooltipComponent, CanvasRenderer]);

const COLORS = ['#0958d9', '#1677ff', '#4096ff', '#2f54eb', '#597ef7', '#13a8a8', '#08979c'];
const WON_COLOR = '#389e0d';

/** The pipeline as a funnel (bands from funnelBands), the 赢单 band last and green. */
export function FunnelChart({
  bands,
  height = 420,
}: {
  bands: readonly FunnelBand[];
  height?: number;
}) {
  const max = Math.max(1, ...bands.map((b) => b.reached));
  const option = {
    tooltip: {
      trigger: 'item',
      formatter: (p: { dataIndex: number }) => {
        const b = bands[p.dataIndex];
        if (!b) return '';
        return `${b.name}<br/>当前 ${b.count} 个，金额 ${formatYuan(b.amount)}<br/>累计到达 ${b.reached} 个`;
      },
    },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '10%',
        width: '80%',
        top: 16,
        bottom: 16,
        min: 0,
        max,
        minSize: '12%',
        gap: 4,
        animationDuration: 300,
        label: {
          show: true,
          position: 'inside',
          color: '#fff',
          fontSize: 13,
          formatter: (p: { dataIndex: number }) => {
            const b = bands[p.dataIndex];
            return b ? `${b.name}  ${b.count} 个` : '';
          },
        },
        data: bands.map((b, i) => ({
          name: b.name,
          value: b.reached,
          itemStyle: { color: i === bands.length - 1 ? WON_COLOR : COLORS[i % COLORS.length] },
        })),
      },
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
    />
  );
}
