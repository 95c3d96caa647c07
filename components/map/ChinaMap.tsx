'use client';

import { useEffect, useRef, useState } from 'react';
import * as echarts from 'echarts/core';
import { LinesChart, MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import type { MapTileLayer } from '@/lib/shared/map/map-tiles';
import { CHOROPLETH_COLORS } from '@/lib/shared/map/choropleth';
import { levelFor, type MapLevel } from './boundaries';
import { MapTiles } from './MapTiles';

// Only what the map draws; this module is loaded (next/dynamic) by the map pages alone.
echarts.use([
  MapChart,
  ScatterChart,
  LinesChart,
  GeoComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** [lng, lat] in degrees. */
export type MapLngLat = [number, number];
/** [west, south, east, north] in degrees. */
export type MapBounds = [number, number, number, number];

/** A number per region for the choropleth (region code and name as in lib/shared/geo). */
export type MapRegionValue = { code: string; name: string; value: number };

/** A point or a cluster of points (count > 1); `id` is the company of a single point. */
export type MapPoint = {
  lng: number;
  lat: number;
  count: number;
  id: number | null;
  name: string | null;
};

export type MapOverlay = { ring: MapLngLat[]; closed: boolean } | null;

/**
 * The China map (issue 30 item 1): ECharts geo registered as 'china', provinces → cities →
 * districts drill down by `regionCode` with boundaries loaded on demand (boundaries.ts, ADR 0186), a choropleth
 * of `values`, clustered `points`, and a drawn `overlay`. Stateless about data: the page says
 * which region is shown, what to colour and which points to draw. See components/map/README.md.
 */
export type ChinaMapProps = {
  /** '' = China; a province, city or district code. */
  regionCode: string;
  /** Per child region of `regionCode`: coloured areas and hover counts. */
  values?: readonly MapRegionValue[];
  /** Title of the value in tooltips and the legend (企业数). */
  valueLabel?: string;
  points?: readonly MapPoint[];
  /** A company id to emphasise (the list's hovered row). */
  highlightId?: number | null;
  overlay?: MapOverlay;
  /** An area (child region) was clicked: its code. */
  onAreaClick?: (code: string) => void;
  /** A point of the map was clicked (drawing tools). */
  onMapClick?: (at: MapLngLat) => void;
  onPointClick?: (point: MapPoint) => void;
  onPointHover?: (id: number | null) => void;
  /** The visible box after a pan or zoom (and after the first draw). */
  onViewChange?: (bounds: MapBounds) => void;
  height?: number | string;
  /** A box to open on instead of the region (a park's outline inside its city): it fills the map. */
  focusBounds?: MapBounds;
  /** Accessible name of the map (the figures are also in the page's list). */
  label: string;
  /** The configured base layer (server setting, ADR 0202); none: the boundaries alone. */
  tiles?: MapTileLayer | null;
};

const AREA = '#e8f0fe';
// Over a base layer the areas are a tint, so streets and names show through.
const AREA_OVER_TILES = 'rgba(232, 240, 254, 0.2)';

function option(
  level: MapLevel,
  props: ChinaMapProps,
  /** Region code → the area's name in the drawn map file. */
  nameOfCode: Map<string, string>,
): EChartsCoreOption {
  const values = props.values ?? [];
  const max = Math.max(1, ...values.map((v) => v.value));
  const label = props.valueLabel ?? '企业数';
  const points = props.points ?? [];
  const biggest = Math.max(1, ...points.map((p) => p.count));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesType?: string; name: string; value?: unknown; data?: unknown }) => {
        if (p.seriesType === 'scatter') {
          const d = p.data as { count: number; name: string | null };
          return d.count === 1 && d.name ? d.name : `${d.count} 家企业`;
        }
        const v = typeof p.value === 'number' && !Number.isNaN(p.value) ? p.value : 0;
        return `${p.name}<br/>${label}：${v.toLocaleString('zh-CN')}`;
      },
    },
    visualMap: values.length
      ? {
          min: 0,
          max,
          left: 8,
          bottom: 8,
          text: ['多', '少'],
          calculable: false,
          inRange: {
            color: [...CHOROPLETH_COLORS],
            // Over a base layer the choropleth lets the streets show through.
            opacity: props.tiles ? 0.7 : 1,
          },
          seriesIndex: 0,
          itemWidth: 12,
          itemHeight: 80,
        }
      : undefined,
    geo: {
      map: level.map,
      roam: true,
      scaleLimit: { min: 0.8, max: 40 },
      // ECharts' boundingCoords maps the box onto the drawing area, whatever file draws it.
      ...(props.focusBounds
        ? {
            boundingCoords: [
              [props.focusBounds[0], props.focusBounds[3]],
              [props.focusBounds[2], props.focusBounds[1]],
            ],
          }
        : { center: level.center, zoom: level.zoom ?? 1 }),
      itemStyle: { areaColor: props.tiles ? AREA_OVER_TILES : AREA, borderColor: '#8aa4d6' },
      emphasis: { itemStyle: { areaColor: '#ffd591' }, label: { show: false } },
      label: { show: false },
      // A region drawn on a map of its parent (a district on its city's map): marked, so the
      // zoomed view says which area the page is about.
      regions:
        !level.childrenDrawn && nameOfCode.has(props.regionCode)
          ? [
              {
                name: nameOfCode.get(props.regionCode),
                itemStyle: { areaColor: '#91b8f5', borderColor: '#1659d6', borderWidth: 2 },
              },
            ]
          : undefined,
    },
    series: [
      {
        type: 'map',
        geoIndex: 0,
        data: level.childrenDrawn
          ? values.map((v) => ({
              name: nameOfCode.get(v.code) ?? v.name,
              value: v.value,
              code: v.code,
            }))
          : [],
      },
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        data: points.map((p) => ({
          value: [p.lng, p.lat, p.count],
          count: p.count,
          id: p.id,
          name: p.name,
          itemStyle:
            p.id !== null && p.id === props.highlightId
              ? { color: '#fa541c', borderColor: '#fff', borderWidth: 2 }
              : undefined,
        })),
        symbolSize: (v: number[]) => (v[2] > 1 ? 12 + 22 * Math.sqrt(v[2] / biggest) : 9),
        itemStyle: { color: '#1677ff', opacity: 0.85 },
        label: {
          show: true,
          formatter: (p: { data: { count: number } }) =>
            p.data.count > 1 ? String(p.data.count) : '',
          color: '#fff',
          fontSize: 10,
        },
        emphasis: { scale: 1.4 },
        zlevel: 1,
      },
      {
        type: 'lines',
        coordinateSystem: 'geo',
        polyline: true,
        silent: true,
        // A polyline needs two points: a ring of one (the first click) is not drawn yet.
        data:
          props.overlay && props.overlay.ring.length >= 2
            ? [
                {
                  coords: props.overlay.closed
                    ? [...props.overlay.ring, props.overlay.ring[0]]
                    : props.overlay.ring,
                },
              ]
            : [],
        lineStyle: { color: '#fa541c', width: 2, type: props.overlay?.closed ? 'solid' : 'dashed' },
        zlevel: 2,
      },
    ],
  };
}

export default function ChinaMap(props: ChinaMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // The same chart as state, for the base layer that follows its view.
  const [instance, setInstance] = useState<echarts.ECharts | null>(null);
  const [level, setLevel] = useState<{ code: string; level: MapLevel } | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(props);
  /** Area name → region code of the level drawn. */
  const codes = useRef(new Map<string, string>());
  useEffect(() => {
    latest.current = props;
  });

  // The level's boundaries, loaded on demand.
  useEffect(() => {
    let live = true;
    levelFor(props.regionCode).then(
      (l) => live && (setLevel({ code: props.regionCode, level: l }), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.regionCode]);

  // One chart per mount; events read the latest props.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    setInstance(c);
    /** A pixel as [lng, lat], or null (no map drawn yet, or outside it). */
    const toCoord = (px: number[]): number[] | null => {
      if (c.isDisposed()) return null;
      try {
        const at = c.convertFromPixel({ geoIndex: 0 }, px) as number[] | undefined;
        return at && !at.some(Number.isNaN) ? at : null;
      } catch {
        return null;
      }
    };
    const bounds = (): [number, number, number, number] | null => {
      const a = toCoord([0, c.getHeight()]);
      const b = toCoord([c.getWidth(), 0]);
      if (!a || !b) return null;
      return [a[0], a[1], b[0], b[1]];
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const viewChanged = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const b = bounds();
        if (b) latest.current.onViewChange?.(b);
      }, 250);
    };
    c.on('georoam', viewChanged);
    c.on('finished', () => {
      if (!(c as unknown as { __viewSent?: boolean }).__viewSent) {
        (c as unknown as { __viewSent?: boolean }).__viewSent = true;
        viewChanged();
      }
    });
    c.on('click', (p) => {
      const e = p as unknown as {
        seriesType?: string;
        componentType?: string;
        data?: MapPoint & { code?: string };
        name?: string;
      };
      if (e.seriesType === 'scatter' && e.data) latest.current.onPointClick?.(e.data);
      // An area of the map (geo region, or the map series drawn on it): drill by its code.
      else if ((e.componentType === 'geo' || e.seriesType === 'map') && e.name) {
        const code = codes.current.get(e.name);
        if (code && !latest.current.onMapClick) latest.current.onAreaClick?.(code);
      }
    });
    c.on('mouseover', (p) => {
      const e = p as unknown as { seriesType?: string; data?: MapPoint };
      if (e.seriesType === 'scatter') latest.current.onPointHover?.(e.data?.id ?? null);
    });
    c.on('mouseout', () => latest.current.onPointHover?.(null));
    c.getZr().on('click', (e) => {
      const at = toCoord([e.offsetX, e.offsetY]);
      const { onMapClick } = latest.current;
      if (onMapClick && at)
        onMapClick([Math.round(at[0] * 1e5) / 1e5, Math.round(at[1] * 1e5) / 1e5]);
    });
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
      setInstance(null);
    };
  }, []);

  // Redraw on new data or level.
  useEffect(() => {
    const c = chart.current;
    if (!c || !level) return;
    const json = echarts.getMap(level.level.map) as unknown as {
      geoJSON?: { features: { properties: { name: string; code?: string } }[] };
    } | null;
    const byCode = new Map<string, string>();
    const byName = new Map<string, string>();
    for (const f of json?.geoJSON?.features ?? [])
      if (f.properties.code) {
        byCode.set(f.properties.code, f.properties.name);
        byName.set(f.properties.name, f.properties.code);
      }
    codes.current = byName;
    const sameLevel =
      c.getOption() && (c as unknown as { __map?: string }).__map === level.level.map + level.code;
    (c as unknown as { __map?: string }).__map = level.level.map + level.code;
    const opt = option(level.level, props, byCode);
    if (sameLevel) {
      // Keep the user's pan and zoom: only the data changes.
      delete (opt as { geo?: unknown }).geo;
      c.setOption(opt, { replaceMerge: ['series'] });
    } else {
      (c as unknown as { __viewSent?: boolean }).__viewSent = false;
      c.setOption(opt, { notMerge: true });
    }
  }, [level, props]);

  return (
    <div
      role="img"
      aria-label={`${props.label}（地图，数据见列表）`}
      style={{ position: 'relative', height: props.height ?? 520, width: '100%' }}
    >
      {props.tiles && instance ? <MapTiles chart={instance} layer={props.tiles} /> : null}
      <div
        ref={box}
        style={{ position: 'relative', height: '100%', width: '100%' }}
        data-testid="china-map"
      />
      {failed ? (
        <div style={{ position: 'absolute', top: 8, left: 8, color: '#cf1322' }}>
          地图边界加载失败，请刷新重试
        </div>
      ) : null}
    </div>
  );
}
