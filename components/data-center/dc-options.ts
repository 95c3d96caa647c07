import type { DataCenterOverview } from '@/lib/shared/data-center/data-center.contract';
import { ASSET_KEYS, ASSET_NAMES } from '@/lib/shared/data-center/data-center.constants';

/** The trend's ECharts option (plain object: echarts loads with the chart module only). */
export function assetTrendOption(o: DataCenterOverview) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: o.trend.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: ASSET_KEYS.map((k) => ({
      type: 'line',
      name: ASSET_NAMES[k],
      data: o.trend.map((d) => d[k]),
    })),
  };
}
