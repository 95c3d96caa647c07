import 'server-only';
import type pg from 'pg';
import { apiError, getPool } from '@/lib/server/platform';
import { regionFullName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry/industries';
import type { LngLat } from '@/lib/shared/map/geo-shape';
import { ESTATE_TYPE_ALL } from '@/lib/shared/park/estate';
import type {
  EstateCompaniesBody,
  EstateCompany,
  EstateDetail,
  EstateSummary,
} from '@/lib/shared/park/estate.contract';
import { SqlParams } from '../search-sql';
import {
  countOccupancy,
  insideSql,
  occupancyView,
  shapeOf,
  storeOccupancy,
} from './estate-occupancy';

/*
 * Parks and buildings (issue 30 item 5, ADR 0201): name search, detail with a fresh occupancy
 * count, the companies inside by type, following. Recommendations: estate-recommend.ts.
 */

export type EstateRow = {
  id: number;
  kind: 'park' | 'building';
  name: string;
  parent_id: number | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  ring: LngLat[];
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
  lng: number;
  lat: number;
  area_km2: number;
  demo: boolean;
  source: string;
  occupancy: { industries?: Record<string, number>; sizes?: Record<string, number> };
  company_count: number;
};

export const ESTATE_COLUMNS = `id::int id, kind, name, parent_id::int parent_id, province_code,
  city_code, district_code, address, ring, min_lng, min_lat, max_lng, max_lat, lng, lat, area_km2,
  demo, source, occupancy, company_count`;

export function summaryOf(r: EstateRow): EstateSummary {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    regionName: regionFullName(r.district_code ?? r.city_code ?? r.province_code),
    address: r.address,
    companyCount: r.company_count,
    areaKm2: Math.round(r.area_km2 * 1000) / 1000,
    lng: r.lng,
    lat: r.lat,
    demo: r.demo,
  };
}

/** Names containing the keyword; names starting with it first, then the fuller estates. */
export async function searchEstates(
  body: { keyword: string; kind?: 'park' | 'building'; pageNo: number; pageSize: number },
  db: pg.Pool = getPool(),
): Promise<{ total: number; list: EstateSummary[] }> {
  const p = new SqlParams();
  const where: string[] = [];
  const keyword = body.keyword.trim();
  let order = 'company_count desc, id';
  if (keyword) {
    // A table of parks is small (thousands): a scan of names is cheaper than keeping an index.
    where.push(`strpos(name, ${p.add(keyword)}) > 0`);
    order = `strpos(name, $1) = 1 desc, ${order}`;
  }
  if (body.kind) where.push(`kind = ${p.add(body.kind)}`);
  const { rows } = await db.query<EstateRow & { total: number }>(
    `select ${ESTATE_COLUMNS}, count(*) over ()::int total from estates
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by ${order} limit ${p.add(body.pageSize)} offset ${p.add((body.pageNo - 1) * body.pageSize)}`,
    p.values,
  );
  return { total: rows[0]?.total ?? 0, list: rows.map(summaryOf) };
}

export async function loadEstate(id: number, db: pg.Pool = getPool()): Promise<EstateRow> {
  const { rows } = await db.query<EstateRow>(
    `select ${ESTATE_COLUMNS} from estates where id = $1`,
    [id],
  );
  if (!rows[0]) throw apiError('ESTATE_NOT_FOUND');
  return rows[0];
}

/** At most this many companies are drawn on the detail page's map (the heaviest first). */
export const ESTATE_MAP_POINTS = 200;

export async function estateDetail(
  id: number,
  userId: number,
  db: pg.Pool = getPool(),
): Promise<EstateDetail> {
  const row = await loadEstate(id, db);
  const started = Date.now();
  const shape = shapeOf(row);
  const { total, counts } = await countOccupancy(db, shape);
  const tookMs = Date.now() - started;
  // The stored counts follow the data (recommendations read them).
  if (total !== row.company_count) await storeOccupancy(db, id, total, counts);
  const p = new SqlParams();
  const inside = insideSql(p, shape);
  const [parent, buildings, points, followed] = await Promise.all([
    row.parent_id
      ? db.query<{ id: number; name: string }>(
          'select id::int id, name from estates where id = $1',
          [row.parent_id],
        )
      : null,
    db.query<EstateRow>(
      `select ${ESTATE_COLUMNS} from estates where parent_id = $1 order by company_count desc, id limit 50`,
      [id],
    ),
    db.query<{ id: number; name: string; lng: number; lat: number }>(
      `select e.id::int id, e.name, e.lng, e.lat from enterprises e
        where e.id = any(array(select e.id from enterprises e where ${inside}
                                order by e.weight desc, e.id limit ${ESTATE_MAP_POINTS}))`,
      p.values,
    ),
    db.query('select 1 from estate_follows where user_id = $1 and estate_id = $2', [userId, id]),
  ]);
  return {
    ...summaryOf({ ...row, company_count: total }),
    ring: row.ring,
    bounds: [row.min_lng, row.min_lat, row.max_lng, row.max_lat],
    cityCode: row.city_code,
    source: row.source,
    parent: parent?.rows[0] ?? null,
    buildings: buildings.rows.map(summaryOf),
    occupancy: occupancyView(total, counts, tookMs),
    followed: followed.rows.length > 0,
    points: points.rows,
  };
}

/**
 * The companies inside, heaviest first, narrowed to an industry section (`type`) and a staff
 * size. The box and the exact test pick ids from the index; only the page's rows are read.
 */
export async function estateCompanies(
  body: EstateCompaniesBody,
  db: pg.Pool = getPool(),
): Promise<{ total: number; list: EstateCompany[]; pageNo: number; pageSize: number }> {
  const row = await loadEstate(body.estateId, db);
  const p = new SqlParams();
  const where = [insideSql(p, shapeOf(row))];
  if (body.type !== ESTATE_TYPE_ALL) where.push(`e.industry_section = ${p.add(body.type)}`);
  if (body.staffSize === '未知') where.push('e.staff_size is null');
  else if (body.staffSize) where.push(`e.staff_size = ${p.add(body.staffSize)}`);
  const { rows } = await db.query<{
    total: number;
    id: number | null;
    name: string;
    uncid: string;
    industry_section: string | null;
    staff_size: string | null;
    address: string | null;
    status: string;
    lng: number;
    lat: number;
  }>(
    `with hit as (select e.id, e.weight from enterprises e where ${where.join(' and ')}),
          page as (select id, weight from hit order by weight desc, id
                    limit ${p.add(body.pageSize)} offset ${p.add((body.pageNo - 1) * body.pageSize)})
     select (select count(*) from hit)::int total, e.id::int id, e.name, e.uncid, e.industry_section,
            e.staff_size, e.address, e.status, e.lng, e.lat
       from (select 1) one
       left join page on true
       left join enterprises e on e.id = page.id
      order by page.weight desc nulls last, page.id`,
    p.values,
  );
  return {
    total: rows[0]?.total ?? 0,
    list: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        name: r.name,
        uncid: r.uncid,
        industry: industryName(r.industry_section) || '未知',
        staffSize: r.staff_size,
        address: r.address,
        status: r.status,
        lng: r.lng,
        lat: r.lat,
      })),
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  };
}

/** accountInfo.buildingList: the ids of the estates a member follows, oldest first. */
export async function followedEstateIds(userId: number, db: pg.Pool = getPool()) {
  const { rows } = await db.query<{ id: string }>(
    'select estate_id::text id from estate_follows where user_id = $1 order by created_at, estate_id',
    [userId],
  );
  return rows.map((r) => r.id);
}

export async function followEstate(
  userId: number,
  estateId: number,
  follow: boolean,
  db: pg.Pool = getPool(),
): Promise<{ buildingList: string[] }> {
  await loadEstate(estateId, db);
  if (follow)
    await db.query(
      'insert into estate_follows (user_id, estate_id) values ($1, $2) on conflict do nothing',
      [userId, estateId],
    );
  else
    await db.query('delete from estate_follows where user_id = $1 and estate_id = $2', [
      userId,
      estateId,
    ]);
  return { buildingList: await followedEstateIds(userId, db) };
}
