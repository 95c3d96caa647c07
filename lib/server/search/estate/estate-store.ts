import type pg from 'pg';
import { getChildren, getRegion, regionPath } from '@/lib/shared/geo';
import {
  openRing,
  polygonAreaKm2,
  polygonBounds,
  distanceKm,
  type LngLat,
} from '@/lib/shared/map/geo-shape';
import type { EstateKind } from '@/lib/shared/park/estate';
import { refreshOccupancy } from './estate-occupancy';

/** One park or building to write: already checked by estateRingProblem. */
export type EstateInput = {
  kind: EstateKind;
  name: string;
  ring: LngLat[];
  /** Stable key within its source (a re-import replaces the record with the same key). */
  key: string;
  /** The key of the park a building stands in (same source). */
  parentKey?: string | null;
  address?: string | null;
  /** A district (county-level) code; else the district whose seat is nearest the centre. */
  districtCode?: string | null;
};

let seats: { code: string; lng: number; lat: number }[] | null = null;

/** The district whose seat is nearest a point (regions carry seats, not boundaries). */
export function nearestDistrict(point: LngLat): string | null {
  if (!seats) {
    seats = [];
    const walk = (code: string | null) => {
      for (const r of getChildren(code)) {
        if (r.level === 3) seats!.push({ code: r.code, lng: r.lng, lat: r.lat });
        else walk(r.code);
      }
    };
    walk(null);
  }
  let best: string | null = null;
  let bestKm = Infinity;
  for (const s of seats) {
    const km = distanceKm(point, [s.lng, s.lat]);
    if (km < bestKm) [best, bestKm] = [s.code, km];
  }
  return best;
}

/** Centre of the outline's box (label point and distance origin). */
function centreOf(ring: LngLat[]): LngLat {
  const [w, s, e, n] = polygonBounds(ring);
  return [(w + e) / 2, (s + n) / 2];
}

/**
 * Writes estates of one source (insert or replace by key), links buildings to their parks and
 * counts their companies. Returns the ids in input order.
 */
export async function saveEstates(
  db: pg.Pool,
  source: 'demo' | 'import',
  inputs: readonly EstateInput[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const input of inputs) {
    const ring = openRing(input.ring);
    const [w, s, e, n] = polygonBounds(ring);
    const centre = centreOf(ring);
    const district =
      (input.districtCode && getRegion(input.districtCode)?.level === 3
        ? input.districtCode
        : null) ?? nearestDistrict(centre);
    const path = district ? regionPath(district) : [];
    const province = path.find((r) => r.level === 1)?.code ?? null;
    const city = path.find((r) => r.level === 2)?.code ?? null;
    const { rows } = await db.query<{ id: number }>(
      `insert into estates (kind, name, province_code, city_code, district_code, address, ring,
          min_lng, min_lat, max_lng, max_lat, lng, lat, area_km2, demo, source, source_key)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
        on conflict (source, source_key) do update set kind = excluded.kind, name = excluded.name,
          province_code = excluded.province_code, city_code = excluded.city_code,
          district_code = excluded.district_code, address = excluded.address, ring = excluded.ring,
          min_lng = excluded.min_lng, min_lat = excluded.min_lat,
          max_lng = excluded.max_lng, max_lat = excluded.max_lat, lng = excluded.lng,
          lat = excluded.lat, area_km2 = excluded.area_km2, updated_at = now()
        returning id::int id`,
      [
        input.kind,
        input.name,
        province,
        city,
        district,
        input.address ?? null,
        JSON.stringify(ring),
        w,
        s,
        e,
        n,
        centre[0],
        centre[1],
        polygonAreaKm2(ring),
        source === 'demo',
        source,
        input.key,
      ],
    );
    ids.push(rows[0].id);
  }
  // Buildings point at their park by key, now that every row of this batch has an id.
  const byKey = new Map(inputs.map((input, i) => [input.key, ids[i]]));
  for (const [i, input] of inputs.entries()) {
    const parent = input.parentKey ? (byKey.get(input.parentKey) ?? null) : null;
    await db.query('update estates set parent_id = $2 where id = $1', [ids[i], parent]);
  }
  await refreshOccupancy(db, ids);
  return ids;
}
