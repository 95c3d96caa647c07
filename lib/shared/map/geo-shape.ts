import { z } from 'zod';
import area from '@turf/area';
import kinks from '@turf/kinks';
import { polygon as turfPolygon } from '@turf/helpers';
import { getRegion } from '@/lib/shared/geo';

/**
 * Where a map search looks (issue 30 item 4, ADR 0185): a circle (a point and kilometres), a
 * drawn polygon, or an administrative region. The rules are shared by the browser (the drawing
 * tools say what is wrong before a request) and the server (the contract rejects the same input
 * with the same Chinese message), so no bad shape reaches the database.
 */

/** Longitude and latitude in degrees (WGS-84 / GCJ-02 as the demo data; no datum conversion). */
export type LngLat = [number, number];

/** The box China's land and seas fit in; a point outside it is 不在中国境内. */
export const CHINA_BOUNDS = { west: 73.4, south: 3.8, east: 135.1, north: 53.6 } as const;

/** Radius bounds: a search around a point is a walk-around, not a province. */
export const RADIUS_MIN_KM = 0.1;
export const RADIUS_MAX_KM = 50;
/** Vertices of a drawn polygon (the closing point not counted). */
export const POLYGON_MAX_POINTS = 200;
/** A drawn polygon as large as a big city at most (Beijing is about 16,400 km²). */
export const POLYGON_MAX_AREA_KM2 = 20_000;

export const GEO_MESSAGES = {
  notNumber: '坐标必须是有效数字',
  outsideChina: '坐标不在中国境内，请在地图上重新选择',
  radiusMin: `半径不能小于 ${RADIUS_MIN_KM} 公里`,
  radiusMax: `半径不能超过 ${RADIUS_MAX_KM} 公里，更大的范围请按地区查询`,
  polygonFew: '多边形至少需要 3 个顶点',
  polygonMany: `多边形最多 ${POLYGON_MAX_POINTS} 个顶点，请简化后重试`,
  polygonCrossing: '多边形的边相互交叉，请重新绘制一个不自相交的区域',
  polygonFlat: '多边形面积为 0，请重新绘制',
  polygonLarge: `绘制的区域超过 ${POLYGON_MAX_AREA_KM2.toLocaleString('en-US')} 平方公里，请缩小范围或按地区查询`,
  regionUnknown: '地区代码不存在',
} as const;

export function insideChina([lng, lat]: LngLat): boolean {
  return (
    lng >= CHINA_BOUNDS.west &&
    lng <= CHINA_BOUNDS.east &&
    lat >= CHINA_BOUNDS.south &&
    lat <= CHINA_BOUNDS.north
  );
}

/** A finite coordinate pair inside China (NaN and Infinity never pass: JSON has neither, strings do). */
export const lngLatSchema = z
  .tuple([z.number({ error: GEO_MESSAGES.notNumber }), z.number({ error: GEO_MESSAGES.notNumber })])
  .refine(([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat), GEO_MESSAGES.notNumber)
  .refine((p) => insideChina(p as LngLat), GEO_MESSAGES.outsideChina);

/** Closed ring without the repeated last point. */
export function openRing(points: readonly LngLat[]): LngLat[] {
  const ring = [...points];
  while (
    ring.length > 1 &&
    ring[0][0] === ring[ring.length - 1][0] &&
    ring[0][1] === ring[ring.length - 1][1]
  )
    ring.pop();
  return ring;
}

/** Area of a simple polygon in km² (geodesic, turf). */
export function polygonAreaKm2(points: readonly LngLat[]): number {
  const ring = openRing(points);
  return area(turfPolygon([[...ring, ring[0]]])) / 1e6;
}

/** What is wrong with a drawn polygon, or null: too few or many points, crossing edges, size. */
export function polygonProblem(points: readonly LngLat[]): string | null {
  const ring = openRing(points);
  if (ring.length < 3) return GEO_MESSAGES.polygonFew;
  if (ring.length > POLYGON_MAX_POINTS) return GEO_MESSAGES.polygonMany;
  const feature = turfPolygon([[...ring, ring[0]]]);
  if (kinks(feature).features.length > 0) return GEO_MESSAGES.polygonCrossing;
  const km2 = area(feature) / 1e6;
  if (!(km2 > 0)) return GEO_MESSAGES.polygonFlat;
  if (km2 > POLYGON_MAX_AREA_KM2) return GEO_MESSAGES.polygonLarge;
  return null;
}

export const radiusShapeSchema = z.object({
  kind: z.literal('radius'),
  center: lngLatSchema,
  radiusKm: z
    .number({ error: '请填写半径（公里）' })
    .refine(Number.isFinite, '请填写半径（公里）')
    .min(RADIUS_MIN_KM, GEO_MESSAGES.radiusMin)
    .max(RADIUS_MAX_KM, GEO_MESSAGES.radiusMax),
});

export const polygonShapeSchema = z
  .object({
    kind: z.literal('polygon'),
    // The count is checked before each point is (3,000 points answer at once, not 3,000 errors).
    points: z
      .array(z.unknown())
      .min(3, GEO_MESSAGES.polygonFew)
      .max(POLYGON_MAX_POINTS + 1, GEO_MESSAGES.polygonMany)
      .pipe(z.array(lngLatSchema)),
  })
  .superRefine((v, ctx) => {
    const problem = polygonProblem(v.points as LngLat[]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['points'] });
  });

export const regionShapeSchema = z.object({
  kind: z.literal('region'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, GEO_MESSAGES.regionUnknown)
    .refine((code) => !!getRegion(code), GEO_MESSAGES.regionUnknown),
});

export const mapShapeSchema = z.discriminatedUnion('kind', [
  radiusShapeSchema,
  polygonShapeSchema,
  regionShapeSchema,
]);
export type MapShape = z.infer<typeof mapShapeSchema>;
export type RadiusShape = z.infer<typeof radiusShapeSchema>;
export type PolygonShape = z.infer<typeof polygonShapeSchema>;

/** Bounding box [west, south, east, north]. */
export type Bounds = [number, number, number, number];

/** Said when the view is too large to list what it shows (the 按视野 mode of 地图找客). */
export const VIEW_TOO_LARGE = `当前视野超过 ${POLYGON_MAX_AREA_KM2.toLocaleString('en-US')} 平方公里，请放大地图到城市范围后查看列表`;

/**
 * The map's visible box as a searchable polygon (the list follows the map): clipped to China,
 * rounded to about a metre, and refused with VIEW_TOO_LARGE beyond the polygon's size limit.
 */
export function viewPolygon(view: Bounds): { points: LngLat[] } | { problem: string } {
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const west = round(Math.max(view[0], CHINA_BOUNDS.west));
  const south = round(Math.max(view[1], CHINA_BOUNDS.south));
  const east = round(Math.min(view[2], CHINA_BOUNDS.east));
  const north = round(Math.min(view[3], CHINA_BOUNDS.north));
  if (!(east > west && north > south)) return { problem: GEO_MESSAGES.outsideChina };
  const points: LngLat[] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
  return polygonAreaKm2(points) > POLYGON_MAX_AREA_KM2 ? { problem: VIEW_TOO_LARGE } : { points };
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine; the SQL in the map service is the same formula). */
export function distanceKm(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box that holds the circle (latitudes below 85°, which all of China is). */
export function circleBounds(center: LngLat, radiusKm: number): Bounds {
  const dLat = radiusKm / 111.19;
  const dLng = radiusKm / (111.19 * Math.cos(rad(Math.min(85, Math.abs(center[1]) + dLat))));
  return [center[0] - dLng, center[1] - dLat, center[0] + dLng, center[1] + dLat];
}

export function polygonBounds(points: readonly LngLat[]): Bounds {
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** The km radius drawn around the centre as a polygon (for the map's outline). */
export function circleOutline(center: LngLat, radiusKm: number, steps = 64): LngLat[] {
  const [w, s, e, n] = circleBounds(center, radiusKm);
  const rx = (e - w) / 2;
  const ry = (n - s) / 2;
  return Array.from({ length: steps }, (_, i) => {
    const t = (2 * Math.PI * i) / steps;
    return [center[0] + rx * Math.cos(t), center[1] + ry * Math.sin(t)] as LngLat;
  });
}

export const EARTH_RADIUS = EARTH_RADIUS_KM;
