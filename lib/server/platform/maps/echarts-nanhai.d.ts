// ECharts ships this module's types under types/src, not beside lib/: the one function used here.
declare module 'echarts/lib/coord/geo/fix/nanhai.js' {
  export default function fixNanhai(mapType: string, regions: unknown[]): void;
}
