import { policyOrigin } from '@/lib/shared/http/policy-origin';

/**
 * The optional base layer of the China map (issue 30 item 6, ADR 0202): raster tiles of a map
 * service in the usual web-Mercator XYZ scheme, configured by the operator (MAP_TILE_URL and
 * friends). Without it the map draws the boundaries alone. Pure geometry, shared by the server
 * (which checks the setting) and the map component (which places the tiles).
 */

/** What the browser needs to draw the tiles; the server hands it to the map pages. */
export type MapTileLayer = {
  /** https URL with {z}, {x}, {y} and optionally {s} (one of `subdomains`). */
  urlTemplate: string;
  subdomains: readonly string[];
  /** Shown in the map's corner, as the services' terms ask (e.g. 「© 高德地图」). */
  attribution: string;
  /**
   * The datum of the tiles. Maps published in China are drawn in GCJ-02, which sits a few hundred
   * metres off the WGS-84 coordinates the companies carry; the layer is shifted to match.
   */
  datum: 'wgs84' | 'gcj02';
  minZoom: number;
  maxZoom: number;
};

export const TILE_PIXELS = 256;
/** More than enough to cover a 2,560 × 1,440 map at any zoom; a bound on the images requested. */
export const MAX_TILES_IN_VIEW = 120;

const MERCATOR_MAX_LAT = 85.05112878;

/** [lng, lat] → the web-Mercator world at zoom 0 (0-256 on both axes, y downward). */
export function lngLatToWorld(lng: number, lat: number): [number, number] {
  const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
  const phi = (clamped * Math.PI) / 180;
  const x = ((lng + 180) / 360) * TILE_PIXELS;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * TILE_PIXELS;
  return [x, y];
}

/** The web-Mercator world at zoom 0 → [lng, lat]. */
export function worldToLngLat(x: number, y: number): [number, number] {
  const lng = (x / TILE_PIXELS) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / TILE_PIXELS;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return [lng, lat];
}

export type TileRef = { z: number; x: number; y: number };

/** The address of one tile; subdomains rotate by position so neighbours spread over hosts. */
export function tileUrl(layer: MapTileLayer, t: TileRef): string {
  const s = layer.subdomains.length ? layer.subdomains[(t.x + t.y) % layer.subdomains.length] : '';
  return layer.urlTemplate
    .replaceAll('{s}', s)
    .replaceAll('{z}', String(t.z))
    .replaceAll('{x}', String(t.x))
    .replaceAll('{y}', String(t.y));
}

/**
 * The zoom whose tiles show closest to their natural size, given how many screen pixels one unit
 * of the zoom-0 world takes, within the layer's range.
 */
export function zoomForScale(pixelsPerWorldUnit: number, layer: MapTileLayer): number {
  const z = Math.round(Math.log2(Math.max(pixelsPerWorldUnit, 1e-9)));
  return Math.max(layer.minZoom, Math.min(layer.maxZoom, z));
}

/**
 * The tiles of zoom `z` covering a box of the zoom-0 world ([x0, y0, x1, y1]), row by row, or
 * none when they would be more than MAX_TILES_IN_VIEW (the caller then goes one zoom out).
 */
export function tilesCovering(world: [number, number, number, number], z: number): TileRef[] {
  const n = 2 ** z;
  const scale = n / TILE_PIXELS;
  const clampIndex = (v: number) => Math.max(0, Math.min(n - 1, Math.floor(v * scale)));
  const [x0, x1] = [
    clampIndex(Math.min(world[0], world[2])),
    clampIndex(Math.max(world[0], world[2])),
  ];
  const [y0, y1] = [
    clampIndex(Math.min(world[1], world[3])),
    clampIndex(Math.max(world[1], world[3])),
  ];
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_TILES_IN_VIEW) return [];
  const tiles: TileRef[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) tiles.push({ z, x, y });
  return tiles;
}

/** The [lng, lat] of a tile's north-west and south-east corners. */
export function tileCorners(t: TileRef): { nw: [number, number]; se: [number, number] } {
  const size = TILE_PIXELS / 2 ** t.z;
  return {
    nw: worldToLngLat(t.x * size, t.y * size),
    se: worldToLngLat((t.x + 1) * size, (t.y + 1) * size),
  };
}

/**
 * Reads and checks the operator's settings: an https template with {z}, {x} and {y} and a host
 * per subdomain that can stand in a Content-Security-Policy. Anything else is no layer (a typo
 * must neither break the map nor widen the policy); `problem` says why for the server's log.
 */
export function parseMapTileSettings(env: {
  url?: string;
  subdomains?: string;
  attribution?: string;
  datum?: string;
  minZoom?: string;
  maxZoom?: string;
}): { layer: MapTileLayer | null; problem?: string } {
  const urlTemplate = (env.url ?? '').trim();
  if (!urlTemplate) return { layer: null };
  if (!['{z}', '{x}', '{y}'].every((p) => urlTemplate.includes(p)))
    return { layer: null, problem: 'MAP_TILE_URL 须含 {z}、{x}、{y}' };
  const subdomains = (env.subdomains ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (urlTemplate.includes('{s}') && subdomains.length === 0)
    return { layer: null, problem: 'MAP_TILE_URL 含 {s}，须设置 MAP_TILE_SUBDOMAINS' };
  if (subdomains.some((s) => !/^[a-z0-9-]{1,20}$/i.test(s)))
    return { layer: null, problem: 'MAP_TILE_SUBDOMAINS 只能是字母、数字或连字符' };
  const zoom = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v && Number.isInteger(n) && n >= 0 && n <= 22 ? n : fallback;
  };
  const minZoom = zoom(env.minZoom, 3);
  const maxZoom = Math.max(minZoom, zoom(env.maxZoom, 18));
  const layer: MapTileLayer = {
    urlTemplate,
    subdomains,
    attribution: (env.attribution ?? '').trim().slice(0, 80),
    datum: (env.datum ?? '').trim().toLowerCase() === 'wgs84' ? 'wgs84' : 'gcj02',
    minZoom,
    maxZoom,
  };
  if (tileOrigins(layer).length === 0)
    return { layer: null, problem: 'MAP_TILE_URL 须是 https 地址，且主机名有效' };
  return { layer };
}

/** The https origins the layer's images come from (one per subdomain), or none if any is unfit. */
export function tileOrigins(layer: MapTileLayer): string[] {
  const hosts = layer.subdomains.length ? layer.subdomains : [''];
  const origins = new Set<string>();
  for (const s of hosts) {
    const sample = layer.urlTemplate
      .replaceAll('{s}', s)
      .replaceAll('{z}', '0')
      .replaceAll('{x}', '0')
      .replaceAll('{y}', '0');
    const origin = policyOrigin(sample);
    if (!origin) return [];
    origins.add(origin);
  }
  return [...origins];
}

/** A tile placed on the screen: its image and the pixel box its corners land on. */
export type PlacedTile = {
  key: string;
  url: string;
  left: number;
  top: number;
  width: number;
  height: number;
};

/**
 * The tiles of the view and where they go, whatever the map's own projection: each tile is
 * stretched between the pixels of its two corners, so it lines up with the boundaries drawn by
 * the chart (within a tile the difference between the projections is below a pixel at city
 * zooms). `toTileDatum` moves a WGS-84 point into the tiles' datum; the view's shift at its centre
 * is applied to the whole view (it changes by metres across a city).
 */
export function placeTiles(
  view: { width: number; height: number },
  fromPixel: (px: [number, number]) => [number, number] | null,
  toPixel: (at: [number, number]) => [number, number] | null,
  layer: MapTileLayer,
  toTileDatum: (at: [number, number]) => [number, number],
): PlacedTile[] {
  const nw = fromPixel([0, 0]);
  const se = fromPixel([view.width, view.height]);
  if (!nw || !se || view.width <= 0) return [];
  const centre: [number, number] = [(nw[0] + se[0]) / 2, (nw[1] + se[1]) / 2];
  const moved = toTileDatum(centre);
  const [dx, dy] = [moved[0] - centre[0], moved[1] - centre[1]];
  const wNw = lngLatToWorld(nw[0] + dx, nw[1] + dy);
  const wSe = lngLatToWorld(se[0] + dx, se[1] + dy);
  const span = wSe[0] - wNw[0];
  if (!(span > 0)) return [];
  let z = zoomForScale(view.width / span, layer);
  let tiles = tilesCovering([wNw[0], wNw[1], wSe[0], wSe[1]], z);
  while (tiles.length === 0 && z > layer.minZoom) tiles = tilesCovering([...wNw, ...wSe], --z);
  const placed: PlacedTile[] = [];
  for (const t of tiles) {
    const c = tileCorners(t);
    const a = toPixel([c.nw[0] - dx, c.nw[1] - dy]);
    const b = toPixel([c.se[0] - dx, c.se[1] - dy]);
    if (!a || !b) continue;
    // Whole pixels, one more on the far sides: no hairline seams between neighbours.
    const left = Math.floor(a[0]);
    const top = Math.floor(a[1]);
    placed.push({
      key: `${t.z}/${t.x}/${t.y}`,
      url: tileUrl(layer, t),
      left,
      top,
      width: Math.ceil(b[0]) - left + 1,
      height: Math.ceil(b[1]) - top + 1,
    });
  }
  return placed;
}
