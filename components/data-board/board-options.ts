import type { DataBoard } from '@/lib/shared/data-board/data-board.contract';

/*
 * ECharts options of the board's charts, as plain objects (no echarts import here: the library
 * loads with BoardChart only).
 */

const BLUE = '#1677ff';
const GREEN = '#389e0d';
const GRID = { left: 8, right: 16, top: 32, bottom: 8, containLabel: true };

export const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

export function funnelOption(b: DataBoard) {
  return {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '4%',
        width: '62%',
        top: 8,
        bottom: 8,
        min: 0,
        max: Math.max(1, b.funnel[0]?.count ?? 1),
        minSize: '6%',
        gap: 3,
        // Beside the band: a step of 0 or a few is a thin band its name would not fit in.
        label: { show: true, position: 'right', color: '#262626', formatter: '{b}  {c}' },
        labelLine: { show: true, length: 12 },
        data: b.funnel.map((s, i) => ({
          name: s.name,
          value: s.count,
          itemStyle: { color: i === b.funnel.length - 1 ? GREEN : ['#0958d9', BLUE, '#4096ff'][i] },
        })),
      },
    ],
  };
}

export function trendOption(b: DataBoard) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: b.trend.map((t) => t.start.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      // Straight segments: a smoothed line bulges above and below counts that are whole numbers.
      { type: 'line', name: '新增线索', data: b.trend.map((t) => t.leads) },
      { type: 'line', name: '跟进', data: b.trend.map((t) => t.followUps) },
    ],
  };
}

/** Horizontal bars, largest first at the top. */
export function barsOption(
  rows: readonly { name: string; value: number }[],
  series: string,
  color = BLUE,
) {
  const shown = rows.slice(0, 15).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...GRID, top: 8 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { width: 120 } },
    series: [
      {
        type: 'bar',
        name: series,
        data: shown.map((r) => r.value),
        itemStyle: { color },
        barMaxWidth: 24,
      },
    ],
  };
}

export function pipelineOption(b: DataBoard) {
  const yuan = (fen: number) => Math.round(fen) / 100;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: b.pipeline.map((p) => p.name) },
    yAxis: { type: 'value', name: '元' },
    series: [
      {
        type: 'bar',
        name: '金额',
        data: b.pipeline.map((p) => yuan(p.amount)),
        itemStyle: { color: BLUE },
        barMaxWidth: 24,
      },
      {
        type: 'bar',
        name: '加权金额',
        data: b.pipeline.map((p) => yuan(p.weightedAmount)),
        itemStyle: { color: '#91caff' },
        barMaxWidth: 24,
      },
    ],
  };
}
