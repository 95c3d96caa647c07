import area from '@turf/area';
import kinks from '@turf/kinks';
import { polygon as turfPolygon } from '@turf/helpers';
import { insideChina, openRing, type LngLat } from '@/lib/shared/map/geo-shape';
import {
  ESTATE_MAX_AREA_KM2,
  ESTATE_MAX_RING_POINTS,
  ESTATE_MESSAGES,
  type EstateKind,
} from './estate-model';

export * from './estate-model';

/**
 * Outline checks of parks and buildings (issue 30 item 5, ADR 0201), shared by the import, the
 * seed and the server, so one bad outline gets one Chinese message wherever it comes from.
 */

/**
 * What is wrong with an outline, or null. The count is checked first, so 3,000 points get one
 * message; then every coordinate (NaN, outside China), then crossing edges and the area.
 */
export function estateRingProblem(points: readonly unknown[], kind: EstateKind): string | null {
  if (points.length > ESTATE_MAX_RING_POINTS + 1) return ESTATE_MESSAGES.ringMany;
  for (const p of points) {
    if (
      !Array.isArray(p) ||
      p.length < 2 ||
      typeof p[0] !== 'number' ||
      typeof p[1] !== 'number' ||
      !Number.isFinite(p[0]) ||
      !Number.isFinite(p[1])
    )
      return ESTATE_MESSAGES.notNumber;
    if (!insideChina([p[0], p[1]])) return ESTATE_MESSAGES.outsideChina;
  }
  const ring = openRing(points as LngLat[]);
  if (ring.length < 3) return ESTATE_MESSAGES.ringFew;
  if (ring.length > ESTATE_MAX_RING_POINTS) return ESTATE_MESSAGES.ringMany;
  const feature = turfPolygon([[...ring, ring[0]]]);
  if (kinks(feature).features.length > 0) return ESTATE_MESSAGES.ringCrossing;
  const km2 = area(feature) / 1e6;
  if (!(km2 > 0)) return ESTATE_MESSAGES.ringFlat;
  if (km2 > ESTATE_MAX_AREA_KM2[kind]) return ESTATE_MESSAGES.ringLarge(kind);
  return null;
}
