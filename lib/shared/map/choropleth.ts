/**
 * The choropleth's colour scale, light to dark (ChinaMap's visualMap and the server's SVG map use
 * the same): a value's colour is read off these stops, spaced evenly over 0 … the largest value,
 * in a straight line between neighbours as ECharts' continuous visualMap does.
 */
export const CHOROPLETH_COLORS = ['#e6f0ff', '#91b8f5', '#2f6fde', '#123f91'] as const;

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The colour of `value` on a scale of 0 … `max` (values outside are clamped). */
export function choroplethColor(value: number, max: number): string {
  const t = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const at = t * (CHOROPLETH_COLORS.length - 1);
  const i = Math.min(CHOROPLETH_COLORS.length - 2, Math.floor(at));
  const [a, b] = [rgb(CHOROPLETH_COLORS[i]), rgb(CHOROPLETH_COLORS[i + 1])];
  const f = at - i;
  return `#${a.map((v, k) => hex2(v + (b[k] - v) * f)).join('')}`;
}
