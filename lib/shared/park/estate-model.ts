import { STAFF_SIZE_OPTIONS } from '@/lib/shared/search/filters';

/**
 * What the browser needs of parks (园区) and buildings (楼宇) (issue 30 item 5, ADR 0201): kinds,
 * bounds, messages, the `{type}` of the estate page and its address. No geometry and no zod
 * here, so the search boxes that suggest parks stay light; outline checks are in estate.ts.
 */

export const ESTATE_KINDS = ['park', 'building'] as const;
export type EstateKind = (typeof ESTATE_KINDS)[number];
export const ESTATE_KIND_LABEL: Record<EstateKind, string> = { park: '园区', building: '楼宇' };

/** Vertices of an outline (the closing point not counted): real park outlines fit in far fewer. */
export const ESTATE_MAX_RING_POINTS = 1_000;
/** The largest outline: Suzhou Industrial Park is about 278 km²; a building a block at most. */
export const ESTATE_MAX_AREA_KM2: Record<EstateKind, number> = { park: 500, building: 1 };
export const ESTATE_NAME_MAX = 100;

/** Import bounds: the file, its features, each ring (the ring bound is the outline bound). */
export const ESTATE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const ESTATE_IMPORT_MAX_FEATURES = 10_000;

export const ESTATE_MESSAGES = {
  ringFew: '园区/楼宇轮廓至少需要 3 个顶点',
  ringMany: `园区/楼宇轮廓最多 ${ESTATE_MAX_RING_POINTS} 个顶点，请简化后再导入`,
  ringCrossing: '园区/楼宇轮廓的边相互交叉（自相交），请修正轮廓',
  ringFlat: '园区/楼宇轮廓面积为 0',
  ringLarge: (kind: EstateKind) =>
    `${ESTATE_KIND_LABEL[kind]}轮廓超过 ${ESTATE_MAX_AREA_KM2[kind]} 平方公里，请核对坐标`,
  notNumber: '坐标必须是有效数字',
  outsideChina: '园区/楼宇坐标不在中国境内，请核对经纬度（经度在前）',
  notFound: '园区或楼宇不存在',
  typeUnknown: '企业类型不存在',
  nameMissing: '请填写园区/楼宇名称',
  nameLong: `名称最多 ${ESTATE_NAME_MAX} 个字`,
} as const;

/**
 * The `{type}` of /customer-seeking/estate-search/{estateId}/{type}: `all`, or a GB/T 4754
 * section letter (A-T), the industry the list is narrowed to.
 */
export const ESTATE_TYPE_ALL = 'all';
/** GB/T 4754-2017 has twenty sections, A to T. */
export function isEstateType(type: string): boolean {
  return type === ESTATE_TYPE_ALL || /^[A-T]$/.test(type);
}
/** The page of an estate's companies (its detail page). */
export function estateSearchPath(id: number, type: string = ESTATE_TYPE_ALL): string {
  return `/customer-seeking/estate-search/${id}/${encodeURIComponent(type)}`;
}

/** Staff-size bands of the occupancy (the company's staff_size, or 未知). */
export const ESTATE_SIZE_KEYS = [...STAFF_SIZE_OPTIONS.map((o) => o.key), '未知'];
