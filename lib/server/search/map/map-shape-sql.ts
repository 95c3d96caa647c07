import { getChildren, getRegion } from '@/lib/shared/geo';
import {
  circleBounds,
  distanceKm,
  EARTH_RADIUS,
  openRing,
  polygonBounds,
  type Bounds,
  type LngLat,
  type MapShape,
} from '@/lib/shared/map/geo-shape';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { polygon as turfPolygon, point as turfPoint } from '@turf/helpers';
import { filterConditions, SqlParams } from '../search-sql';

/*
 * A map shape as SQL over `enterprises e` (ADR 0185). Every shape starts with the box test on the
 * GiST index of point(lng, lat) (migration 0038), so no shape reads more than its box:
 *   radius   box of the circle, then the great-circle distance (haversine, as distanceKm)
 *   polygon  box of the polygon, then PostgreSQL's own point-in-polygon (`polygon @> point`, in
 *            micro-degrees: polygonHoldsSql)
 *   region   the region code columns (B-tree / the weight walks of advanced search)
 * Companies without coordinates never match a circle or a polygon; they are counted apart.
 */

/** The indexed expression; the partial index holds rows with both coordinates. */
export const GEO_POINT = 'point(e.lng, e.lat)';
const HAS_POINT = 'e.lng is not null and e.lat is not null';

export function boxSql(p: SqlParams, [w, s, e, n]: Bounds): string {
  return `${HAS_POINT} and ${GEO_POINT} <@ box(point(${p.add(w)}, ${p.add(s)}), point(${p.add(e)}, ${p.add(n)}))`;
}

/** Degrees to radians, as a literal (a constant folded by the planner, not a call per row). */
const RAD = Math.PI / 180;

/**
 * Great-circle distance in km from a point given as parameters: the haversine of distanceKm with
 * sin²(x/2) written as (1 − cos x) / 2 and the centre's cosine passed in. Mathematically the same
 * number; per row three cosines and no power() or radians() calls, which made the 5 km circle's
 * query three times slower at 1,000,000 companies (ADR 0185, amended 2026-11-30). For distances
 * of a metre and more the difference from distanceKm is far below a millimetre.
 */
export function distanceSql(p: SqlParams, [lng, lat]: LngLat): string {
  const x = p.add(lng);
  const y = p.add(lat);
  const cosY = p.add(Math.cos(lat * RAD));
  return `(${2 * EARTH_RADIUS} * asin(least(1, sqrt(
    (1 - cos((e.lat - ${y}::float8) * ${RAD})) / 2
    + ${cosY}::float8 * cos(e.lat * ${RAD}) * (1 - cos((e.lng - ${x}::float8) * ${RAD})) / 2))))`;
}

/** PostgreSQL polygon literal '((x1,y1),…)'. */
export function polygonLiteral(points: readonly LngLat[]): string {
  return `(${openRing(points)
    .map(([x, y]) => `(${x},${y})`)
    .join(',')})`;
}

/**
 * Point in polygon, exact: PostgreSQL's geometric operators count cross products below 1e-6 as
 * zero, which in degrees blurs an edge by about 1e-6 / its length (tens of metres for a building,
 * a metre for a district). In micro-degrees the blur is far below a millimetre; lng and lat are
 * INCLUDEd in the geo index, so the scaled point needs no table row (ADR 0201).
 */
export function polygonHoldsSql(p: SqlParams, points: readonly LngLat[]): string {
  const micro = points.map(([x, y]) => [x * 1e6, y * 1e6] as LngLat);
  return `${p.add(polygonLiteral(micro))}::polygon @> point(e.lng * 1e6, e.lat * 1e6)`;
}

/**
 * `exact: false` leaves a circle's distance test to the caller, who computes the distance once
 * for its select list and filters on it.
 */
export function shapeSql(p: SqlParams, shape: MapShape, exact = true): string {
  switch (shape.kind) {
    case 'radius': {
      const center = shape.center as LngLat;
      if (!exact) return `(${boxSql(p, circleBounds(center, shape.radiusKm))})`;
      return `(${boxSql(p, circleBounds(center, shape.radiusKm))} and ${distanceSql(p, center)} <= ${p.add(shape.radiusKm)})`;
    }
    case 'polygon': {
      const points = shape.points as LngLat[];
      return `(${boxSql(p, polygonBounds(points))} and ${polygonHoldsSql(p, points)})`;
    }
    case 'region':
      // Placed companies of the region; the others are listed apart (unplacedRegionCodes).
      return `(${HAS_POINT} and ${filterConditions(p, { regions: [shape.code] }).join(' and ')})`;
  }
}

/** The box a shape lies in (a region: its districts' seats with a margin). */
export function shapeBounds(shape: MapShape): Bounds | null {
  if (shape.kind === 'radius') return circleBounds(shape.center as LngLat, shape.radiusKm);
  if (shape.kind === 'polygon') return polygonBounds(shape.points as LngLat[]);
  return null;
}

/** Whether a point lies in the shape, by the same rules as the SQL (the tests' brute force). */
export function shapeHolds(shape: MapShape, point: LngLat): boolean {
  if (shape.kind === 'radius') return distanceKm(shape.center as LngLat, point) <= shape.radiusKm;
  if (shape.kind === 'polygon') {
    const ring = openRing(shape.points as LngLat[]);
    return booleanPointInPolygon(turfPoint(point), turfPolygon([[...ring, ring[0]]]));
  }
  return false;
}

/**
 * Districts (county level) a company without coordinates may belong to: for a region the region
 * itself; for a circle or polygon the districts whose seat lies inside. They are listed apart.
 */
export function unplacedRegionCodes(shape: MapShape): string[] {
  if (shape.kind === 'region') return [shape.code];
  const out: string[] = [];
  const walk = (code: string | null) => {
    for (const r of getChildren(code)) {
      if (r.level === 3) {
        if (shapeHolds(shape, [r.lng, r.lat])) out.push(r.code);
      } else walk(r.code);
    }
  };
  walk(null);
  return out.filter((c) => getRegion(c));
}
