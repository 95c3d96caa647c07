import turfDistance from '@turf/distance';
import { point } from '@turf/helpers';
import {
  circleBounds,
  distanceKm,
  GEO_MESSAGES,
  mapShapeSchema,
  polygonAreaKm2,
  polygonProblem,
  VIEW_TOO_LARGE,
  viewPolygon,
  type LngLat,
} from '../geo-shape';

/** Issue 30, bad input: each shape that cannot be searched gets its own Chinese message. */
const message = (input: unknown) => {
  const r = mapShapeSchema.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

const XIAMEN: LngLat = [118.09, 24.48];
const square = (c: LngLat, d: number): LngLat[] => [
  [c[0] - d, c[1] - d],
  [c[0] + d, c[1] - d],
  [c[0] + d, c[1] + d],
  [c[0] - d, c[1] + d],
];

describe('circles', () => {
  it('takes a point in China and 0.1-50 km', () => {
    expect(message({ kind: 'radius', center: XIAMEN, radiusKm: 5 })).toBeNull();
    expect(message({ kind: 'radius', center: XIAMEN, radiusKm: 0 })).toBe(GEO_MESSAGES.radiusMin);
    expect(message({ kind: 'radius', center: XIAMEN, radiusKm: 5000 })).toBe(
      GEO_MESSAGES.radiusMax,
    );
  });

  it('refuses NaN, strings and points outside China', () => {
    expect(message({ kind: 'radius', center: [NaN, 24], radiusKm: 5 })).toBe(
      GEO_MESSAGES.notNumber,
    );
    expect(message({ kind: 'radius', center: ['118', 24], radiusKm: 5 })).toBe(
      GEO_MESSAGES.notNumber,
    );
    expect(message({ kind: 'radius', center: XIAMEN, radiusKm: NaN })).toBe('请填写半径（公里）');
    expect(message({ kind: 'radius', center: [0, 0], radiusKm: 5 })).toBe(
      GEO_MESSAGES.outsideChina,
    );
    expect(message({ kind: 'radius', center: [-74, 40.7], radiusKm: 5 })).toBe(
      GEO_MESSAGES.outsideChina,
    );
  });

  it('measures like turf (haversine) and boxes the whole circle', () => {
    const b: LngLat = [118.2, 24.6];
    const turfKm = turfDistance(point(XIAMEN), point(b), { units: 'kilometers' });
    expect(Math.abs(distanceKm(XIAMEN, b) - turfKm)).toBeLessThan(0.05);
    const [w, s, e, n] = circleBounds(XIAMEN, 10);
    for (const edge of [
      [w, XIAMEN[1]],
      [e, XIAMEN[1]],
      [XIAMEN[0], s],
      [XIAMEN[0], n],
    ] as LngLat[])
      expect(distanceKm(XIAMEN, edge)).toBeGreaterThanOrEqual(9.99);
  });
});

describe('polygons', () => {
  it('takes a simple polygon of a district', () => {
    expect(message({ kind: 'polygon', points: square(XIAMEN, 0.05) })).toBeNull();
    expect(polygonAreaKm2(square(XIAMEN, 0.05))).toBeGreaterThan(100);
  });

  it('refuses a polygon whose edges cross (a bow tie)', () => {
    const bowTie: LngLat[] = [
      [118.0, 24.4],
      [118.1, 24.5],
      [118.1, 24.4],
      [118.0, 24.5],
    ];
    expect(polygonProblem(bowTie)).toBe(GEO_MESSAGES.polygonCrossing);
    expect(message({ kind: 'polygon', points: bowTie })).toBe(GEO_MESSAGES.polygonCrossing);
  });

  it('refuses 3,000 points at once, by their number', () => {
    const many = Array.from({ length: 3000 }, (_, i) => {
      const t = (2 * Math.PI * i) / 3000;
      return [118 + 0.01 * Math.cos(t), 24.5 + 0.01 * Math.sin(t)];
    });
    const r = mapShapeSchema.safeParse({ kind: 'polygon', points: many });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toHaveLength(1);
    expect(r.error!.issues[0].message).toBe(GEO_MESSAGES.polygonMany);
  });

  it('refuses all of China, too few points, a flat one and one outside China', () => {
    const china: LngLat[] = [
      [74, 18],
      [135, 18],
      [135, 53],
      [74, 53],
    ];
    expect(message({ kind: 'polygon', points: china })).toBe(GEO_MESSAGES.polygonLarge);
    expect(message({ kind: 'polygon', points: square(XIAMEN, 0.05).slice(0, 2) })).toBe(
      GEO_MESSAGES.polygonFew,
    );
    const flat: LngLat[] = [
      [118, 24],
      [118.1, 24],
      [118.2, 24],
    ];
    expect(message({ kind: 'polygon', points: flat })).toBe(GEO_MESSAGES.polygonFlat);
    expect(message({ kind: 'polygon', points: square([10, 10], 0.05) })).toBe(
      GEO_MESSAGES.outsideChina,
    );
  });

  it('accepts a ring closed by repeating its first point', () => {
    const ring = square(XIAMEN, 0.05);
    expect(message({ kind: 'polygon', points: [...ring, ring[0]] })).toBeNull();
  });
});

describe('regions', () => {
  it('takes known codes only', () => {
    expect(message({ kind: 'region', code: '350203' })).toBeNull();
    expect(message({ kind: 'region', code: '999999' })).toBe(GEO_MESSAGES.regionUnknown);
    expect(message({ kind: 'region', code: "35' or 1=1" })).toBe(GEO_MESSAGES.regionUnknown);
  });
});

describe('the view as a polygon (the list follows the map)', () => {
  it('turns a city view into a searchable rectangle', () => {
    const v = viewPolygon([117.8, 24.3, 118.4, 24.7]);
    expect(v).toEqual({
      points: [
        [117.8, 24.3],
        [118.4, 24.3],
        [118.4, 24.7],
        [117.8, 24.7],
      ],
    });
    expect(message({ kind: 'polygon', ...(v as { points: LngLat[] }) })).toBeNull();
  });

  it('clips to China and refuses a view too large to list', () => {
    const border = viewPolygon([134.9, 47.5, 136, 47.7]);
    expect('points' in border && border.points[1][0]).toBe(135.1);
    expect(viewPolygon([100, 20, 120, 40])).toEqual({ problem: VIEW_TOO_LARGE });
    expect(viewPolygon([0, 0, 10, 10])).toEqual({ problem: GEO_MESSAGES.outsideChina });
  });
});
