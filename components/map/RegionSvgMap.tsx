import type { RegionMapArea, RegionMapSvg } from '@/lib/server/platform';
import { CHOROPLETH_COLORS } from '@/lib/shared/map/choropleth';

const count = (n: number) => n.toLocaleString('zh-CN');

/** What hovering an area says (its <title>) and what a screen reader reads for its link. */
function areaTitle(a: RegionMapArea, unit: string): string {
  return a.value === undefined ? a.name : `${a.name}：${count(a.value)} ${unit}`;
}

/**
 * The server-drawn map (lib/server/platform/maps/region-map.ts): an SVG whose child areas are
 * links with their count as a hover title, and a legend of the colour scale. Markup only, no
 * JavaScript: the page reads and drills without the ECharts island.
 */
export function RegionSvgMap({
  map,
  label,
  unit = '家',
}: {
  map: RegionMapSvg;
  /** Accessible name of the map. */
  label: string;
  unit?: string;
}) {
  return (
    <div className="region-svg-map" data-testid="region-svg-map">
      <svg viewBox={map.viewBox} role="group" aria-label={`${label}（地图，数据见列表）`}>
        {map.areas.map((a, i) => {
          const title = areaTitle(a, unit);
          const path = (
            <path d={a.d} fill={a.fill} className={a.focus ? 'is-focus' : undefined}>
              {a.href ? null : <title>{title}</title>}
            </path>
          );
          return a.href ? (
            <a key={a.code ?? i} href={a.href} aria-label={title}>
              <title>{title}</title>
              {path}
            </a>
          ) : (
            <g key={a.code ?? i}>{path}</g>
          );
        })}
      </svg>
      {map.max !== null ? (
        <p className="region-svg-legend">
          <span>低 0</span>
          <span
            className="region-svg-legend-bar"
            aria-hidden
            style={{ background: `linear-gradient(to right, ${CHOROPLETH_COLORS.join(', ')})` }}
          />
          <span>
            {count(map.max)} {unit} 高
          </span>
        </p>
      ) : null}
    </div>
  );
}
