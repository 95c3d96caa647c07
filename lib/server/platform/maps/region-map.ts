import fs from 'node:fs/promises';
import path from 'node:path';
import {
  geoClipRectangle,
  geoPath,
  geoTransform,
  type GeoPermissibleObjects,
  type GeoStream,
} from 'd3-geo';
import { choroplethColor } from '@/lib/shared/map/choropleth';
import {
  decodeGeometry,
  type EncodedGeometry,
  type Geometry,
} from '@/lib/shared/map/echarts-geo-encoding';
import { CHINA_MAP_FILE, mapLevelFile, type MapLevelFile } from '@/lib/shared/map/map-levels';
import { TtlCache } from '../cache/ttl-cache';
import { NANHAI } from './nanhai';

/*
 * The open map pages' map drawn on the server (issue 31, ADR 0215): the same boundary files as
 * the ECharts map (public/maps, ADR 0186), projected to SVG paths with d3-geo, coloured by the
 * same scale, each child area a link. The page needs no JavaScript to show it; the ECharts map
 * replaces it when the visitor reaches for the map (components/map/RegionCountsMap.tsx).
 */

/** One boundary feature, decoded. */
export type BoundaryFeature = {
  properties: { name: string; code?: string };
  geometry: Geometry;
};

export type RegionMapArea = {
  /** Region code, or null for an outline without one (Xinjiang's corps cities). */
  code: string | null;
  name: string;
  /** SVG path data. */
  d: string;
  fill: string;
  /** The region's page (a child region with a page). */
  href?: string;
  /** The child region's number (choropleth), when the page gave one. */
  value?: number;
  /** The region the page is about, drawn inside an ancestor's map. */
  focus?: boolean;
};

export type RegionMapSvg = {
  /** The SVG viewBox: the drawing with ECharts' margin around it. */
  viewBox: string;
  areas: RegionMapArea[];
  /** The colour scale runs 0 … max; null: no choropleth (no numbers, or a region drawn inside an ancestor). */
  max: number | null;
};

export type RegionMapInput = {
  /** '' China; a province, city or district code. */
  regionCode: string;
  /** Per child region: its number. */
  values: readonly { code: string; value: number }[];
  /** Child region code → its page. */
  hrefs: Readonly<Record<string, string>>;
};

/** ECharts draws GeoJSON maps with x squeezed by this (geo.aspectScale): the SVG looks the same. */
const ASPECT_SCALE = 0.75;
/** The drawing's longer side, in SVG units (about a pixel on a desktop map). */
const SIZE = 600;
/** ECharts fits a map into 80 % of its box: an eighth of the drawing's size on each side. */
const MARGIN = 0.125;
/** Whole units: sharp enough at the size drawn, and a small document. */
const DIGITS = 0;
/** A point within a unit of the last one kept (both ways) is dropped. */
const TOLERANCE = 1.5;
/** The colour of an area without a number, and the focus colours (as ChinaMap's). */
const AREA = '#e8f0fe';
const FOCUS = '#91b8f5';

type Box = [[number, number], [number, number]];

/**
 * d3's absolute path ("M12,30L13,31L…Z") in relative steps ("M12 30l1 1…z"): the same outline in
 * about 40 % fewer bytes, which the page carries twice (its HTML and the React payload).
 */
export function relativePath(d: string): string {
  let out = '';
  let [x, y] = [0, 0];
  // A number after a letter or before a minus sign needs no separator.
  const put = (n: number) => {
    out += n < 0 || /[a-zA-Z]$/.test(out) ? `${n}` : ` ${n}`;
  };
  for (const [, cmd, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
    if (cmd === 'Z') {
      out += 'z';
      continue;
    }
    const [ax, ay] = args.split(',').map(Number);
    if (cmd === 'M') {
      out += 'M';
      put(ax);
      put(ay);
      out += 'l';
    } else {
      put(ax - x);
      put(ay - y);
    }
    [x, y] = [ax, ay];
  }
  // A move followed by nothing leaves an empty 'l'.
  return out.replace(/l(?=z|M|$)/g, '');
}

/** lng/lat → the unscaled plane ECharts draws on (y down). */
const plane = (lng: number, lat: number): [number, number] => [lng * ASPECT_SCALE, -lat];

function planeBounds(features: readonly BoundaryFeature[]): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (ring: [number, number][]) => {
    for (const [lng, lat] of ring) {
      const [x, y] = plane(lng, lat);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  };
  for (const f of features) {
    const polygons =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const polygon of polygons) for (const ring of polygon) visit(ring);
  }
  return [
    [x0, y0],
    [x1, y1],
  ];
}

const overlaps = (a: Box, b: Box) =>
  a[0][0] <= b[1][0] && b[0][0] <= a[1][0] && a[0][1] <= b[1][1] && b[0][1] <= a[1][1];

/** A region's level projected: the outlines, without numbers (kept per region). */
export type RegionShapes = {
  /** The SVG viewBox: the drawing with ECharts' margin around it. */
  viewBox: string;
  childrenDrawn: boolean;
  shapes: { code: string | null; name: string; d: string; focus?: boolean }[];
};

/**
 * A region's level drawn as SVG paths: the region's children; or, when the level is an
 * ancestor's file, the region marked and framed with its neighbours around it.
 */
export function projectRegion(
  features: readonly BoundaryFeature[],
  level: Pick<MapLevelFile, 'childrenDrawn'>,
  regionCode: string,
): RegionShapes {
  const focus = level.childrenDrawn
    ? undefined
    : features.find((f) => f.properties.code === regionCode);
  // Frame: all the children; or the region with a margin (its neighbours fill the rest).
  let frame = planeBounds(focus ? [focus] : features);
  let drawn = features;
  if (focus) {
    const [[x0, y0], [x1, y1]] = frame;
    const m = Math.max(x1 - x0, y1 - y0) * 0.15;
    frame = [
      [x0 - m, y0 - m],
      [x1 + m, y1 + m],
    ];
    // The map box is wider (a desktop) or taller (a phone) than the frame: keep the neighbours
    // up to a frame's size away.
    const w = frame[1][0] - frame[0][0];
    const h = frame[1][1] - frame[0][1];
    const near: Box = [
      [frame[0][0] - w, frame[0][1] - h],
      [frame[1][0] + w, frame[1][1] + h],
    ];
    drawn = features.filter((f) => overlaps(planeBounds([f]), near));
  }
  const [[fx0, fy0], [fx1, fy1]] = frame;
  const k = SIZE / Math.max(fx1 - fx0, fy1 - fy0, 1e-9);
  const width = Math.round((fx1 - fx0) * k);
  const height = Math.round((fy1 - fy0) * k);
  const step = 10 ** -DIGITS;
  // A point closer than TOLERANCE to the last one kept adds nothing at this size: dropped (radial
  // distance simplification of the files' fine outlines — 30,000 points for China).
  let lx = NaN;
  let ly = NaN;
  const projection = geoTransform({
    point(lng, lat) {
      const [x, y] = plane(lng, lat);
      const px = Math.round(((x - fx0) * k) / step) * step;
      const py = Math.round(((y - fy0) * k) / step) * step;
      if (Math.abs(px - lx) < TOLERANCE && Math.abs(py - ly) < TOLERANCE) return;
      lx = px;
      ly = py;
      this.stream.point(px, py);
    },
    lineStart() {
      lx = ly = NaN;
      this.stream.lineStart();
    },
  });
  // Neighbours of a marked region are cut at the edges of what the box can show.
  const clip = focus ? geoClipRectangle(-width, -height, 2 * width, 2 * height) : null;
  const toPath = geoPath(
    clip ? { stream: (out: GeoStream) => projection.stream(clip(out)) } : projection,
  ).digits(DIGITS);
  const shapes: RegionShapes['shapes'] = [];
  for (const f of drawn) {
    const d = relativePath(toPath(f.geometry as GeoPermissibleObjects) ?? '');
    if (d)
      shapes.push({
        code: f.properties.code ?? null,
        name: f.properties.name,
        d,
        ...(f === focus ? { focus: true } : {}),
      });
  }
  // The marked region last, so its border is drawn over its neighbours'.
  shapes.sort((a, b) => Number(a.focus ?? false) - Number(b.focus ?? false));
  return {
    viewBox: [
      -width * MARGIN,
      -height * MARGIN,
      width * (1 + 2 * MARGIN),
      height * (1 + 2 * MARGIN),
    ]
      .map((n) => Math.round(n))
      .join(' '),
    childrenDrawn: level.childrenDrawn,
    shapes,
  };
}

/** The projected level with the page's numbers: colours by the shared scale, links, values. */
export function colourRegion(shapes: RegionShapes, input: RegionMapInput): RegionMapSvg {
  const { childrenDrawn } = shapes;
  const valueOf = new Map(input.values.map((v) => [v.code, v.value]));
  // As ChinaMap: no numbers, no scale (and no legend).
  const max =
    childrenDrawn && input.values.length ? Math.max(1, ...input.values.map((v) => v.value)) : null;
  const areas = shapes.shapes.map((s): RegionMapArea => {
    const value = childrenDrawn && s.code !== null ? valueOf.get(s.code) : undefined;
    const href = childrenDrawn && s.code !== null ? input.hrefs[s.code] : undefined;
    return {
      ...s,
      fill: s.focus
        ? FOCUS
        : value !== undefined && max !== null
          ? choroplethColor(value, max)
          : AREA,
      ...(href ? { href } : {}),
      ...(value !== undefined ? { value } : {}),
    };
  });
  return { viewBox: shapes.viewBox, areas, max };
}

/** Pure: the caller reads the file (tests give features of their own). */
export const buildRegionMap = (
  features: readonly BoundaryFeature[],
  level: Pick<MapLevelFile, 'childrenDrawn'>,
  input: RegionMapInput,
): RegionMapSvg => colourRegion(projectRegion(features, level, input.regionCode), input);

type EncodedFile = {
  UTF8Encoding?: boolean;
  features: { properties: { name: string; code?: string }; geometry: EncodedGeometry | Geometry }[];
};

const MAPS_DIR = path.join(process.cwd(), 'public', 'maps');
// Decoded once per file and kept: 362 files, the ones shown are a few hundred KB in memory.
const files = new TtlCache<BoundaryFeature[]>(Infinity, 400);
// Projected levels by region code (a few tens of KB each), the oldest out first past 200.
const projected = new TtlCache<RegionShapes>(Infinity, 200);
// The list of boundary files: one entry.
const indexFile = new TtlCache<Set<string>>(Infinity, 1);

function readIndex(): Promise<Set<string>> {
  return indexFile.get('index', () =>
    fs
      .readFile(path.join(MAPS_DIR, 'index.json'), 'utf8')
      .then((text) => new Set(JSON.parse(text) as string[])),
  );
}

function readFeatures(code: string): Promise<BoundaryFeature[]> {
  return files.get(code, () =>
    fs.readFile(path.join(MAPS_DIR, `${code}.json`), 'utf8').then((text) => {
      const json = JSON.parse(text) as EncodedFile;
      const features = json.features.map((f) => ({
        properties: f.properties,
        geometry: json.UTF8Encoding
          ? decodeGeometry(f.geometry as EncodedGeometry)
          : (f.geometry as Geometry),
      }));
      // The country as ECharts draws 'china': with the 南海诸岛 inset.
      return code === CHINA_MAP_FILE ? [...features, NANHAI] : features;
    }),
  );
}

function shapesOf(regionCode: string): Promise<RegionShapes> {
  return projected.get(regionCode, async () => {
    const level = mapLevelFile(regionCode, await readIndex());
    return projectRegion(await readFeatures(level.file), level, regionCode);
  });
}

/**
 * The server-drawn map of a region (the same level the ECharts map would draw), or null when
 * its boundary file cannot be read: the page then shows the list alone until the island loads.
 */
export async function regionMapSvg(input: RegionMapInput): Promise<RegionMapSvg | null> {
  try {
    return colourRegion(await shapesOf(input.regionCode), input);
  } catch {
    return null;
  }
}
