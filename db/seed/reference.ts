import type pg from 'pg';
import { INDUSTRIES } from '../../lib/shared/industry/industries';
import { REGIONS } from '../../lib/shared/geo/regions';

/**
 * Writes the administrative divisions and the GB/T 4754 industries (idempotent upsert, so a newer
 * data file updates names and centre points in place).
 */
export async function seedReferenceData(
  pool: pg.Pool,
): Promise<{ regions: number; industries: number }> {
  await pool.query(
    `insert into regions (code, name, level, parent_code, lng, lat)
     select * from unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::float8[], $6::float8[])
     on conflict (code) do update set name = excluded.name, level = excluded.level, parent_code = excluded.parent_code,
       lng = excluded.lng, lat = excluded.lat`,
    [
      REGIONS.map((r) => r.code),
      REGIONS.map((r) => r.name),
      REGIONS.map((r) => r.level),
      REGIONS.map((r) => r.parentCode),
      REGIONS.map((r) => r.lng),
      REGIONS.map((r) => r.lat),
    ],
  );
  await pool.query(
    `insert into industries (code, name, level, parent_code)
     select * from unnest($1::text[], $2::text[], $3::smallint[], $4::text[])
     on conflict (code) do update set name = excluded.name, level = excluded.level, parent_code = excluded.parent_code`,
    [
      INDUSTRIES.map((i) => i.code),
      INDUSTRIES.map((i) => i.name),
      INDUSTRIES.map((i) => i.level),
      INDUSTRIES.map((i) => i.parentCode),
    ],
  );
  return { regions: REGIONS.length, industries: INDUSTRIES.length };
}
