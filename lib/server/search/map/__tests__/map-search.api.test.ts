import { seedEnterprises } from '@/db/seed';
import { getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { GEO_MESSAGES, type LngLat, type MapShape } from '@/lib/shared/map/geo-shape';
import {
  MAP_MESSAGES,
  mapPoints,
  mapRegionCounts,
  searchOnMap,
  type MapSearchResult,
} from '@/lib/shared/map/map.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { shapeHolds } from '../map-shape-sql';

/**
 * Map queries against brute force (issue 30 item 4): 10,000 generated companies, every one read
 * once; each shape's answer must be exactly the companies a plain scan in JavaScript finds.
 */
type Row = {
  id: number;
  lng: number | null;
  lat: number | null;
  province_code: string;
  city_code: string;
  district_code: string | null;
  industry_section: string;
};

let rows: Row[] = [];
let member: TestUser;
let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;
let unplacedId: number;

beforeAll(async () => {
  const pool = getPool();
  const { rows: have } = await pool.query<{ n: number }>('select count(*)::int n from enterprises');
  await seedEnterprises(pool, { count: 10_000 - have[0].n });
  unplacedId = (
    await plantEnterprise({
      name: '厦门无坐标测试有限公司',
      lng: null,
      lat: null,
      districtCode: '350203',
    })
  ).id;
  rows = (
    await pool.query<Row>(
      `select id::int id, lng, lat, province_code, city_code, district_code, industry_section from enterprises`,
    )
  ).rows;
  member = await createTestUser({ edition: 4, roleCodes: ['admin'] });
}, 120_000);

const as = (user: TestUser | null) =>
  user ? { token: user.accessToken, tenantId: user.tenantId, ip: nextIp() } : { ip: nextIp() };

const placed = (r: Row): r is Row & { lng: number; lat: number } =>
  r.lng !== null && r.lat !== null;

/** Every id the API lists for a request, page by page (sorted). */
async function allIds(
  body: Record<string, unknown>,
): Promise<{ ids: number[]; first: MapSearchResult }> {
  const ids: number[] = [];
  let first: MapSearchResult | null = null;
  for (let pageNo = 1; pageNo <= 40; pageNo++) {
    const r = await callContract(
      searchOnMap,
      { body: { ...body, pageNo, pageSize: 50 } },
      as(member),
    );
    expect(r.code).toBe(200);
    first ??= r.data;
    ids.push(...r.data.list.map((h) => h.id));
    if (r.data.list.length < 50) break;
  }
  return { ids: ids.sort((a, b) => a - b), first: first! };
}

const brute = (pick: (r: Row & { lng: number; lat: number }) => boolean) =>
  rows
    .filter(placed)
    .filter(pick)
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** A centre with companies around it: the seat of the busiest district. */
function busiestPoint(): LngLat {
  const byDistrict = new Map<string, Row[]>();
  for (const r of rows.filter(placed))
    byDistrict.set(r.district_code ?? '', [...(byDistrict.get(r.district_code ?? '') ?? []), r]);
  const top = [...byDistrict.values()].sort((a, b) => b.length - a.length)[0];
  return [top[0].lng!, top[0].lat!];
}

describe('shapes equal a brute-force scan of 10,000 companies', () => {
  it('has 10,000 companies to scan', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10_000);
  });

  it.each([2, 5, 20])('a circle of %d km, nearest first, with distances', async (km) => {
    const center = busiestPoint();
    const shape: MapShape = { kind: 'radius', center, radiusKm: km };
    const expected = brute((r) => shapeHolds(shape, [r.lng, r.lat]));
    expect(expected.length).toBeGreaterThan(0);
    const { ids, first } = await allIds({ shape });
    expect(first.total).toBe(expected.length);
    expect(ids).toEqual(expected);
    const d = first.list.map((h) => h.distanceKm!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(Math.max(...d)).toBeLessThanOrEqual(km);
  });

  it('a polygon (concave) around a busy place', async () => {
    const [x, y] = busiestPoint();
    const points: LngLat[] = [
      [x - 0.08, y - 0.06],
      [x + 0.09, y - 0.07],
      [x + 0.02, y],
      [x + 0.1, y + 0.08],
      [x - 0.07, y + 0.05],
    ];
    const shape: MapShape = { kind: 'polygon', points };
    const expected = brute((r) => shapeHolds(shape, [r.lng, r.lat]));
    expect(expected.length).toBeGreaterThan(0);
    const { ids, first } = await allIds({ shape, sort: 'relevance' });
    expect(first.total).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('a region, placed companies only; the one without coordinates is listed apart', async () => {
    const { ids, first } = await allIds({ shape: { kind: 'region', code: '350203' } });
    expect(ids).toEqual(brute((r) => r.district_code === '350203'));
    expect(first.unplaced.total).toBe(1);
    expect(first.unplaced.list).toEqual([
      { id: unplacedId, name: '厦门无坐标测试有限公司', address: expect.any(String) },
    ]);
    expect(ids).not.toContain(unplacedId);
  });

  it('a circle with an advanced-search condition (industry section C)', async () => {
    const shape: MapShape = { kind: 'radius', center: busiestPoint(), radiusKm: 20 };
    const condition = {
      logic: 'and',
      groups: [{ logic: 'and', conditions: [{ field: 'industry', op: 'in', values: ['C'] }] }],
    };
    const expected = brute((r) => r.industry_section === 'C' && shapeHolds(shape, [r.lng, r.lat]));
    const { ids } = await allIds({ shape, ...condition });
    expect(ids).toEqual(expected);
  });

  it('clustered points of a view add up to the companies in it', async () => {
    const [x, y] = busiestPoint();
    const bounds = [x - 0.5, y - 0.4, x + 0.5, y + 0.4];
    const r = await callContract(mapPoints, { body: { bounds } }, as(member));
    expect(r.code).toBe(200);
    const expected = brute(
      (c) => c.lng >= bounds[0] && c.lng <= bounds[2] && c.lat >= bounds[1] && c.lat <= bounds[3],
    );
    expect(r.data.total).toBe(expected.length);
    const singles = r.data.clusters.filter((c) => c.count === 1);
    for (const s of singles) expect(expected).toContain(s.id);
    expect(singles.every((s) => typeof s.name === 'string')).toBe(true);
  });

  it('counts per province and per city of a province equal a group-by of the rows', async () => {
    const national = await callContract(mapRegionCounts, { body: {} }, as(member));
    expect(national.code).toBe(200);
    const byProvince = new Map<string, number>();
    for (const r of rows)
      byProvince.set(r.province_code, (byProvince.get(r.province_code) ?? 0) + 1);
    for (const region of national.data.regions)
      expect([region.code, region.count]).toEqual([region.code, byProvince.get(region.code) ?? 0]);
    expect(national.data.total).toBe(rows.length);

    const fujian = await callContract(
      mapRegionCounts,
      { body: { parentCode: '350000' } },
      as(member),
    );
    const byCity = new Map<string, number>();
    for (const r of rows.filter((x) => x.province_code === '350000'))
      byCity.set(r.city_code, (byCity.get(r.city_code) ?? 0) + 1);
    expect(fujian.data.regions.map((c) => [c.code, c.count])).toEqual(
      fujian.data.regions.map((c) => [c.code, byCity.get(c.code) ?? 0]),
    );
  });
});

describe('bad input: a clear message, never a 500', () => {
  const refused = async (
    body: Record<string, unknown>,
    contract: typeof searchOnMap | typeof mapPoints = searchOnMap,
  ) => {
    const r = await callContract(contract, { body }, as(member));
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(400);
    return r.msg ?? '';
  };

  it('refuses crossing, huge and country-sized polygons', async () => {
    const bowTie = [
      [118.0, 24.4],
      [118.1, 24.5],
      [118.1, 24.4],
      [118.0, 24.5],
    ];
    expect(await refused({ shape: { kind: 'polygon', points: bowTie } })).toContain(
      GEO_MESSAGES.polygonCrossing,
    );
    const many = Array.from({ length: 3000 }, (_, i) => [
      118 + 0.01 * Math.cos(i / 500),
      24.5 + 0.01 * Math.sin(i / 500),
    ]);
    expect(await refused({ shape: { kind: 'polygon', points: many } })).toContain(
      GEO_MESSAGES.polygonMany,
    );
    const china = [
      [74, 18],
      [135, 18],
      [135, 53],
      [74, 53],
    ];
    expect(await refused({ shape: { kind: 'polygon', points: china } })).toContain(
      GEO_MESSAGES.polygonLarge,
    );
  });

  it('refuses radius 0 and 5,000 km, NaN and points outside China', async () => {
    const c = [118.09, 24.48];
    expect(await refused({ shape: { kind: 'radius', center: c, radiusKm: 0 } })).toContain(
      GEO_MESSAGES.radiusMin,
    );
    expect(await refused({ shape: { kind: 'radius', center: c, radiusKm: 5000 } })).toContain(
      GEO_MESSAGES.radiusMax,
    );
    // JSON has no NaN: a client's NaN arrives as null, or as the string "NaN".
    expect(await refused({ shape: { kind: 'radius', center: [null, 24], radiusKm: 5 } })).toContain(
      GEO_MESSAGES.notNumber,
    );
    expect(
      await refused({ shape: { kind: 'radius', center: ['NaN', 24], radiusKm: 5 } }),
    ).toContain(GEO_MESSAGES.notNumber);
    expect(await refused({ shape: { kind: 'radius', center: [0, 0], radiusKm: 5 } })).toContain(
      GEO_MESSAGES.outsideChina,
    );
    expect(await refused({ shape: { kind: 'region', code: '990000' } })).toContain(
      GEO_MESSAGES.regionUnknown,
    );
  });

  it('refuses points for a view of the whole country (region counts serve it)', async () => {
    expect(await refused({ bounds: [73, 18, 135, 53] }, mapPoints)).toContain(
      MAP_MESSAGES.viewTooLarge,
    );
  });
});

describe('access and masking as company search', () => {
  it('needs a signed-in member of a tenant', async () => {
    const r = await callContract(
      searchOnMap,
      { body: { shape: { kind: 'region', code: '350203' } } },
      as(null),
    );
    expect(r.code).toBe(401);
  });

  it('lists counts of contacts, never the contacts', async () => {
    const r = await callContract(
      searchOnMap,
      { body: { shape: { kind: 'region', code: '350203' } } },
      as(member),
    );
    const keys = Object.keys(r.data.list[0]);
    expect(keys).toEqual(expect.arrayContaining(['phoneCount', 'emailCount', 'lng', 'lat']));
    expect(keys.some((k) => /contacts|phones|mobile|emails/i.test(k))).toBe(false);
  });

  it('pages no deeper than the edition allows', async () => {
    const free = await createTestUser({ edition: 0 });
    const r = await callContract(
      searchOnMap,
      { body: { shape: { kind: 'region', code: '350000' }, pageNo: 500, pageSize: 50 } },
      as(free),
    );
    expect(r.code).toBe(200);
    expect(r.data.list).toEqual([]);
    expect(r.data.notice).toContain('当前版本最多可查看');
  });
});
