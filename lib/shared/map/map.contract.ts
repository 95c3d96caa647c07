import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { SORT_OPTIONS, type SortKey } from '@/lib/shared/search/filters';
import { advancedSearchConditionSchema } from '@/lib/shared/search/advanced';
import {
  advancedCountSchema,
  enterpriseSearchHitSchema,
} from '@/lib/shared/search/search.contract';
import { lngLatSchema, mapShapeSchema } from './geo-shape';

/**
 * Map prospecting (spec 2.2 /customer-seeking/search-on-map, issue 30 items 3-4): companies in a
 * circle, a drawn polygon or a region, with every advanced-search condition; clustered points of
 * a view; counts per region for the choropleth. ADR 0185 has the index and the bounds.
 */
const tags = ['地图找客'];

/** A view larger than this many degrees shows region counts, not points (no full-table reads). */
export const POINTS_MAX_SPAN_DEG = 12;
/** Grid cells across the larger side of a view when points are clustered. */
export const CLUSTER_CELLS_ACROSS = 40;
/** Companies without coordinates listed apart, at most this many by name. */
export const UNPLACED_LIST_MAX = 10;

export const MAP_MESSAGES = {
  viewTooLarge: '当前视野范围过大，请放大地图后查看企业点位',
  bounds: '地图范围无效',
} as const;

const mapSortKeys = ['distance', ...SORT_OPTIONS.map((s) => s.key)] as ['distance', ...SortKey[]];
export type MapSortKey = (typeof mapSortKeys)[number];

export const mapSearchRequestSchema = advancedSearchConditionSchema.extend({
  shape: mapShapeSchema,
  /** The point distances are measured from (a circle's centre when not given). */
  origin: lngLatSchema.optional(),
  sort: z.enum(mapSortKeys).default('distance'),
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(20),
});
export type MapSearchRequest = z.infer<typeof mapSearchRequestSchema>;

export const mapHitSchema = enterpriseSearchHitSchema.extend({
  lng: z.number(),
  lat: z.number(),
  /** From the origin (or the circle's centre), km; null without a point to measure from. */
  distanceKm: z.number().nullable(),
});
export type MapHit = z.infer<typeof mapHitSchema>;

export const unplacedSchema = z.object({
  /** Companies matching everything but their position, which is not known (never shown at 0,0). */
  total: z.number().int(),
  list: z.array(
    z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() }),
  ),
});
export type Unplaced = z.infer<typeof unplacedSchema>;

export const mapSearchResultSchema = advancedCountSchema.extend({
  list: z.array(mapHitSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  maxResults: z.number().int(),
  notice: z.string().nullable(),
  unplaced: unplacedSchema,
});
export type MapSearchResult = z.infer<typeof mapSearchResultSchema>;

/** [west, south, east, north] in degrees. */
export const boundsSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()], { error: MAP_MESSAGES.bounds })
  .refine(
    ([w, s, e, n]) =>
      [w, s, e, n].every(Number.isFinite) &&
      w < e &&
      s < n &&
      w >= -180 &&
      e <= 180 &&
      s >= -90 &&
      n <= 90,
    MAP_MESSAGES.bounds,
  );

export const mapPointsRequestSchema = advancedSearchConditionSchema.extend({
  bounds: boundsSchema.refine(
    ([w, s, e, n]) => e - w <= POINTS_MAX_SPAN_DEG && n - s <= POINTS_MAX_SPAN_DEG,
    MAP_MESSAGES.viewTooLarge,
  ),
  shape: mapShapeSchema.optional(),
});
export type MapPointsRequest = z.infer<typeof mapPointsRequestSchema>;

export const mapClusterSchema = z.object({
  lng: z.number(),
  lat: z.number(),
  count: z.number().int(),
  /** The company when the cell holds exactly one. */
  id: z.number().int().nullable(),
  name: z.string().nullable(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapPointsResultSchema = z.object({
  clusters: z.array(mapClusterSchema),
  /** Companies in the view (placed ones). */
  total: z.number().int(),
  /** Side of a grid cell in degrees. */
  cellDeg: z.number(),
  tookMs: z.number(),
});
export type MapPointsResult = z.infer<typeof mapPointsResultSchema>;

export const regionCountsRequestSchema = advancedSearchConditionSchema.extend({
  /** '' for the provinces of China, else a province (its cities) or a city (its districts). */
  parentCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, '地区代码不存在')
    .default(''),
  shape: mapShapeSchema.optional(),
});
export type RegionCountsRequest = z.infer<typeof regionCountsRequestSchema>;

export const regionCountSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  /** The seat of the region (centre of its label and bubble). */
  lng: z.number(),
  lat: z.number(),
});
export type RegionCount = z.infer<typeof regionCountSchema>;

export const regionCountsResultSchema = z.object({
  parentCode: z.string(),
  regions: z.array(regionCountSchema),
  total: z.number().int(),
  tookMs: z.number(),
});
export type RegionCountsResult = z.infer<typeof regionCountsResultSchema>;

export const searchOnMap = defineContract({
  method: 'POST',
  path: '/shuzhituoke/map/search',
  summary:
    '地图找客：圆形（中心点 + 半径公里）、多边形或地区内的企业，可叠加高级搜索条件；按距离或排序项分页，缺少坐标的企业单独列出',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: mapSearchRequestSchema,
  response: mapSearchResultSchema,
});

export const mapPoints = defineContract({
  method: 'POST',
  path: '/shuzhituoke/map/points',
  summary: '地图视野内的企业点位（按网格聚合；视野过大时请改用地区计数）',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: mapPointsRequestSchema,
  response: mapPointsResultSchema,
});

export const mapRegionCounts = defineContract({
  method: 'POST',
  path: '/shuzhituoke/map/region-counts',
  summary: '各地区的企业数（全国各省、某省各市或某市各区县），可叠加高级搜索条件与地图范围',
  tags,
  access: 'tenant',
  write: false,
  expensive: true,
  body: regionCountsRequestSchema,
  response: regionCountsResultSchema,
});
