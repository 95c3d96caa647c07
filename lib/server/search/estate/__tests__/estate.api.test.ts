import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { point as turfPoint, polygon as turfPolygon } from '@turf/helpers';
import { seedEnterprises } from '@/db/seed';
import { demoEstates, seedDemoEstates } from '@/db/seed/estate-demo';
import { getPool } from '@/lib/server/platform/db';
import type { LngLat } from '@/lib/shared/map/geo-shape';
import { getSztkProfile } from '@/lib/shared/user/user.contract';
import { ESTATE_MAX_RING_POINTS, ESTATE_MESSAGES } from '@/lib/shared/park/estate';
import {
  estateCompanies,
  estateDetail,
  followEstate,
  parkRecommendationPage,
  searchEstates,
} from '@/lib/shared/park/estate.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { SqlParams } from '../../search-sql';
import { insideSql, recountStaleEstates } from '../estate-occupancy';
import { parseCsv, parseEstateFile, parseGeoJson } from '../estate-import';
import { saveEstates } from '../estate-store';
import { intersection, RECOMMEND_WEIGHTS } from '../estate-recommend';
import { searchByPark } from '../park-search';

/**
 * Parks and buildings (issue 30 item 5, ADR 0201) against brute force: 10,000 generated
 * companies, every one tested with turf's point-in-polygon in JavaScript; the API's occupancy and
 * lists must be exactly those.
 */
type Row = {
  id: number;
  lng: number | null;
  lat: number | null;
  industry_section: string | null;
  staff_size: string | null;
  city_code: string | null;
};
type Estate = { id: number; kind: string; name: string; ring: LngLat[]; city_code: string };

let rows: Row[] = [];
let estates: Estate[] = [];
let member: TestUser;
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
const as = (user: TestUser | null) =>
  user ? { token: user.accessToken, tenantId: user.tenantId, ip: nextIp() } : { ip: nextIp() };

const inside = (ring: LngLat[], r: Row) =>
  r.lng !== null &&
  r.lat !== null &&
  booleanPointInPolygon(turfPoint([r.lng, r.lat]), turfPolygon([[...ring, ring[0]]]));

beforeAll(async () => {
  const pool = getPool();
  const { rows: have } = await pool.query<{ n: number }>('select count(*)::int n from enterprises');
  await seedEnterprises(pool, { count: 10_000 - have[0].n });
  await seedDemoEstates(pool);
  rows = (
    await pool.query<Row>(
      'select id::int id, lng, lat, industry_section, staff_size, city_code from enterprises',
    )
  ).rows;
  estates = (
    await pool.query<Estate>(
      `select id::int id, kind, name, ring, city_code from estates where source = 'demo' order by id`,
    )
  ).rows;
  member = await createTestUser({ edition: 4, roleCodes: ['admin'] });
}, 180_000);

describe('demo parks and buildings', () => {
  it('are generated near clusters of companies, deterministically, marked demo', async () => {
    const parks = estates.filter((e) => e.kind === 'park');
    const buildings = estates.filter((e) => e.kind === 'building');
    expect(parks.length).toBeGreaterThanOrEqual(10);
    expect(buildings.length).toBeGreaterThanOrEqual(parks.length);
    // Every park has occupants (it lies over the densest cell of a busy district).
    for (const park of parks) expect(rows.some((r) => inside(park.ring, r))).toBe(true);
    const again = await demoEstates(getPool());
    expect(again.map((e) => [e.key, e.name, e.ring])).toEqual(
      (await demoEstates(getPool())).map((e) => [e.key, e.name, e.ring]),
    );
    expect(again.map((e) => e.name).sort()).toEqual(estates.map((e) => e.name).sort());
    const r = await callContract(searchEstates, { body: { keyword: parks[0].name } }, as(null));
    expect(r.data.list[0]).toMatchObject({ id: parks[0].id, demo: true });
  });
});

describe('occupancy equals a brute-force scan of 10,000 companies', () => {
  it('has 10,000 companies', () => expect(rows.length).toBeGreaterThanOrEqual(10_000));

  it('counts by industry and size for every demo park and building', async () => {
    for (const estate of estates) {
      const expected = rows.filter((r) => inside(estate.ring, r));
      const r = await callContract(estateDetail, { body: { estateId: estate.id } }, as(member));
      expect(r.code).toBe(200);
      const occ = r.data.occupancy;
      expect(occ.total).toBe(expected.length);
      const bySection = new Map<string, number>();
      for (const c of expected)
        bySection.set(
          c.industry_section ?? '未知',
          (bySection.get(c.industry_section ?? '未知') ?? 0) + 1,
        );
      expect(Object.fromEntries(occ.industries.map((i) => [i.key, i.count]))).toEqual(
        Object.fromEntries(bySection),
      );
      expect(occ.sizes.reduce((a, s) => a + s.count, 0)).toBe(expected.length);
      // The map's points are occupants.
      const ids = new Set(expected.map((c) => c.id));
      expect(r.data.points.every((p) => ids.has(p.id))).toBe(true);
    }
  });

  it('recounts stored counts once a day old, stalest first, in bounded batches', async () => {
    const pool = getPool();
    const [stale, older, fresh] = estates;
    const truth = rows.filter((r) => inside(stale.ring, r)).length;
    // Counts gone wrong (companies moved since): two stale, one counted just now.
    await pool.query(
      `update estates set company_count = 0, occupancy = '{"industries":{},"sizes":{}}',
              occupancy_at = now() - make_interval(hours => $2) where id = $1`,
      [stale.id, 30],
    );
    await pool.query(
      `update estates set occupancy_at = now() - interval '40 hours' where id = $1`,
      [older.id],
    );
    await pool.query(`update estates set company_count = 0, occupancy_at = now() where id = $1`, [
      fresh.id,
    ]);
    await pool.query(`update estates set occupancy_at = now() where id <> all($1::bigint[])`, [
      [stale.id, older.id, fresh.id],
    ]);
    // One per run: the stalest (40 h) goes first, then the 30 h one; the fresh one is left.
    expect(await recountStaleEstates(pool, { limit: 1 })).toBe(1);
    const count = async (id: number) =>
      (
        await pool.query<{ n: number; at: Date }>(
          'select company_count n, occupancy_at at from estates where id = $1',
          [id],
        )
      ).rows[0];
    expect((await count(stale.id)).n).toBe(0);
    expect(await recountStaleEstates(pool, { limit: 1 })).toBe(1);
    expect((await count(stale.id)).n).toBe(truth);
    expect(await recountStaleEstates(pool)).toBe(0);
    expect((await count(fresh.id)).n).toBe(0);
    // Put the fresh one right for the tests after this one.
    await pool.query(`update estates set occupancy_at = null where id = $1`, [fresh.id]);
    expect(await recountStaleEstates(pool)).toBe(1);
    expect((await count(fresh.id)).n).toBe(rows.filter((r) => inside(fresh.ring, r)).length);
  });

  it('lists the companies of a park by type, page by page, as brute force', async () => {
    const park = estates.find((e) => e.kind === 'park')!;
    const expected = rows.filter((r) => inside(park.ring, r));
    const section = expected[0].industry_section!;
    for (const type of ['all', section]) {
      const want = expected
        .filter((c) => type === 'all' || c.industry_section === type)
        .map((c) => c.id)
        .sort((a, b) => a - b);
      const got: number[] = [];
      for (let pageNo = 1; pageNo <= 100; pageNo++) {
        const r = await callContract(
          estateCompanies,
          { body: { estateId: park.id, type, pageNo, pageSize: 50 } },
          as(member),
        );
        expect(r.code).toBe(200);
        expect(r.data.total).toBe(want.length);
        got.push(...r.data.list.map((c) => c.id));
        if (r.data.list.length < 50) break;
      }
      expect(got.sort((a, b) => a - b)).toEqual(want);
    }
  });

  it('reads the box from the geo index, not the whole table', async () => {
    const park = estates[0];
    const ring = park.ring;
    const lngs = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    const p = new SqlParams();
    const where = insideSql(p, {
      ring,
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
    });
    const pool = getPool();
    const client = await pool.connect();
    try {
      // A small table would be scanned; the plan the 1,000,000-row table gets is forced here.
      await client.query('begin; set local enable_seqscan = off');
      const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
        `explain select count(*) from enterprises e where ${where}`,
        p.values,
      );
      const text = plan.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('enterprises_geo_idx');
      expect(text).not.toMatch(/Seq Scan on enterprises/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('an unknown estate or type is a clear message, not a 500', async () => {
    const r = await callContract(estateDetail, { body: { estateId: 987654321 } }, as(member));
    expect(r.code).toBe(ERRORS.ESTATE_NOT_FOUND.code);
    expect(r.msg).toBe('园区或楼宇不存在');
    const t = await callContract(
      estateCompanies,
      { body: { estateId: estates[0].id, type: 'ZZ' } },
      as(member),
    );
    expect(t.code).toBe(400);
    expect(t.msg).toContain(ESTATE_MESSAGES.typeUnknown);
    const v = await callContract(estateDetail, { body: { estateId: estates[0].id } }, as(null));
    expect(v.code).toBe(401);
  });
});

describe('the top bar park search', () => {
  it('finds a park by part of its name and lists its occupants', async () => {
    const park = estates.find((e) => e.kind === 'park')!;
    const part = Array.from(park.name).slice(-3).join('');
    const found = await callContract(searchEstates, { body: { keyword: part } }, as(null));
    expect(found.code).toBe(200);
    expect(found.data.list.map((e) => e.id)).toContain(park.id);
    const r = await searchByPark(
      { keyword: park.name, filters: {}, sort: 'relevance', pageNo: 1, pageSize: 50 } as never,
      { maxResults: 5000 },
    );
    const expected = rows.filter((c) => inside(park.ring, c)).map((c) => c.id);
    expect(r.park?.id).toBe(park.id);
    expect(r.total).toBe(expected.length);
    expect(r.list.every((h) => expected.includes(h.id))).toBe(true);
  });

  it('narrows the park’s occupants by the results page’s quick filters (issue 30)', async () => {
    const park = estates.find((e) => e.kind === 'park')!;
    const occupants = rows.filter((c) => inside(park.ring, c));
    // The park's most common industry section and staff size: both filters at once.
    const top = (key: 'industry_section' | 'staff_size') =>
      [
        ...occupants.reduce(
          (m, c) => (c[key] ? m.set(c[key], (m.get(c[key]) ?? 0) + 1) : m),
          new Map<string, number>(),
        ),
      ].sort((a, b) => b[1] - a[1])[0][0];
    const section = top('industry_section');
    const size = top('staff_size');
    const expected = occupants
      .filter((c) => c.industry_section === section && c.staff_size === size)
      .map((c) => c.id);
    const r = await searchByPark(
      {
        keyword: park.name,
        filters: { industries: [section], staffSizes: [size] },
        sort: 'relevance',
        pageNo: 1,
        pageSize: 50,
      },
      { maxResults: 5000 },
    );
    expect(r.park?.id).toBe(park.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(occupants.length);
    expect(r.total).toBe(expected.length);
    expect(r.list.every((h) => expected.includes(h.id))).toBe(true);
  });

  it('without a park of that name, falls back to addresses and says so', async () => {
    const r = await searchByPark(
      {
        keyword: '不存在的园区名称',
        filters: {},
        sort: 'relevance',
        pageNo: 1,
        pageSize: 10,
      } as never,
      { maxResults: 5000 },
    );
    expect(r.park).toBeNull();
    expect(r.notice).toContain('未找到名为');
  });
});

describe('park recommendations from the member’s leads and customers', () => {
  it('score = 50% industry + 20% size + 30% region, and the matching park comes first', async () => {
    const pool = getPool();
    const user = await createTestUser({ edition: 4, roleCodes: ['admin'] });
    const park = estates.find((e) => e.kind === 'park')!;
    const occupants = rows.filter((r) => inside(park.ring, r)).slice(0, 12);
    for (const c of occupants)
      await pool.query(
        `insert into clues (tenant_id, enterprise_id, name, owner_user_id, creator_user_id, source)
         values ($1, $2, $3, $4, $4, '企业查询')`,
        [user.tenantId, c.id, `线索${c.id}`, user.userId],
      );
    const r = await callContract(
      parkRecommendationPage,
      { body: { pageNo: 1, pageSize: 50 } },
      as(user),
    );
    expect(r.code).toBe(200);
    expect(r.data.portrait.basis).toBe(occupants.length);
    const top = r.data.list[0];
    // The portrait is drawn from this park's own companies: its city holds all of them.
    expect(top.parts.region).toBe(1);
    const mine = r.data.list.find((e) => e.id === park.id)!;
    expect(mine).toBeDefined();
    expect(top.score).toBeGreaterThanOrEqual(mine.score);
    // The documented formula, by hand, for the park.
    const tally = (values: (string | null)[]) => {
      const m = new Map<string, number>();
      const known = values.filter((v): v is string => !!v);
      for (const v of known) m.set(v, (m.get(v) ?? 0) + 1 / known.length);
      return m;
    };
    const inPark = rows.filter((c) => inside(park.ring, c));
    const industry = intersection(
      tally(occupants.map((c) => c.industry_section)),
      tally(inPark.map((c) => c.industry_section)),
    );
    const size = intersection(
      tally(occupants.map((c) => c.staff_size)),
      tally(inPark.map((c) => c.staff_size)),
    );
    const w = RECOMMEND_WEIGHTS;
    expect(mine.parts.industry).toBeCloseTo(industry, 3);
    expect(mine.parts.size).toBeCloseTo(size, 3);
    expect(mine.score).toBeCloseTo(100 * (w.industry * industry + w.size * size + w.region), 0);
    expect(mine.reasons.length).toBeGreaterThan(0);
  });

  it('a member without leads gets the fullest parks and a reason saying why', async () => {
    const user = await createTestUser({ edition: 4, roleCodes: ['admin'] });
    const r = await callContract(parkRecommendationPage, { body: {} }, as(user));
    expect(r.code).toBe(200);
    expect(r.data.portrait.basis).toBe(0);
    const counts = r.data.list.map((e) => e.companyCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(r.data.list[0].reasons[0]).toContain('暂无线索或客户');
  });
});

describe('accountInfo.buildingList', () => {
  it('lists the buildings a member follows', async () => {
    const building = estates.find((e) => e.kind === 'building')!;
    const before = await callContract(getSztkProfile, {}, as(member));
    expect(before.data.accountInfo.buildingList).toEqual([]);
    const f = await callContract(
      followEstate,
      { body: { estateId: building.id, follow: true } },
      as(member),
    );
    expect(f.data.buildingList).toEqual([String(building.id)]);
    const after = await callContract(getSztkProfile, {}, as(member));
    expect(after.data.accountInfo.buildingList).toEqual([String(building.id)]);
    const d = await callContract(estateDetail, { body: { estateId: building.id } }, as(member));
    expect(d.data.followed).toBe(true);
    await callContract(
      followEstate,
      { body: { estateId: building.id, follow: false } },
      as(member),
    );
    const gone = await callContract(getSztkProfile, {}, as(member));
    expect(gone.data.accountInfo.buildingList).toEqual([]);
  });
});

describe('import: real parks from GeoJSON or CSV, bad input rejected clearly', () => {
  const square = (x: number, y: number, d = 0.01): LngLat[] => [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ];
  const feature = (name: string, ring: unknown[], kind = '园区') => ({
    type: 'Feature',
    properties: { name, kind },
    geometry: { type: 'Polygon', coordinates: [ring] },
  });

  it('rejects self-crossing, 3,000 points, NaN, outside China and a missing name', () => {
    const many = Array.from({ length: 3000 }, (_, i) => [
      118 + 0.01 * Math.cos((2 * Math.PI * i) / 3000),
      24.5 + 0.01 * Math.sin((2 * Math.PI * i) / 3000),
    ]);
    const { items, rejects } = parseGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature('交叉园', [
            [118, 24],
            [118.01, 24.01],
            [118.01, 24],
            [118, 24.01],
            [118, 24],
          ]),
          feature('三千点园', many),
          feature('非数字园', [
            [118, 24],
            ['NaN', 24.1],
            [118.1, 24.1],
            [118, 24],
          ]),
          feature('境外园', square(-73.9, 40.7)),
          feature('', square(118, 24)),
          feature('好园区', square(118.08, 24.48)),
          {
            type: 'Feature',
            properties: { name: '多块园' },
            geometry: { type: 'MultiPolygon', coordinates: [] },
          },
        ],
      }),
    );
    expect(items.map((i) => i.name)).toEqual(['好园区']);
    expect(rejects.map((r) => r.reason)).toEqual([
      ESTATE_MESSAGES.ringCrossing,
      ESTATE_MESSAGES.ringMany,
      ESTATE_MESSAGES.notNumber,
      ESTATE_MESSAGES.outsideChina,
      ESTATE_MESSAGES.nameMissing,
      '暂不支持多块轮廓（MultiPolygon），请拆成多个园区/楼宇',
    ]);
    expect(rejects[0].at).toBe('第 1 个要素');
    expect(ESTATE_MAX_RING_POINTS).toBeLessThan(3000);
  });

  it('rejects whole files that are too big, have too many features or are not GeoJSON', () => {
    expect(() => parseEstateFile('a.geojson', Buffer.alloc(21 * 1024 * 1024, 32))).toThrow(
      '文件超过 20 MB',
    );
    const many = {
      type: 'FeatureCollection',
      features: Array.from({ length: 10_001 }, (_, i) => feature(`园${i}`, square(118, 24))),
    };
    expect(() => parseGeoJson(JSON.stringify(many))).toThrow('一个文件最多 10,000 个');
    expect(() => parseGeoJson('{oops')).toThrow('不是有效的 JSON');
    expect(() => parseCsv('name,kind\n园,园区\n')).toThrow('缺少 outline');
  });

  it('loads a CSV park and building, replaces them on a second import, counts occupants', async () => {
    const park = estates.find((e) => e.kind === 'park')!;
    const [x, y] = park.ring[0];
    const csv = [
      'name,kind,address,districtCode,key,parentKey,outline',
      `测试导入园,园区,导入路 1 号,,imp-1,,"POLYGON((${park.ring.map((p) => p.join(' ')).join(', ')}))"`,
      `测试导入楼,楼宇,,,imp-2,imp-1,"${x} ${y}, ${x + 0.001} ${y}, ${x + 0.001} ${y + 0.001}"`,
      `坏的楼,楼宇,,,imp-3,,"${x} abc, 1 2, 3 4"`,
    ].join('\n');
    const parsed = parseEstateFile('parks.csv', Buffer.from(csv));
    expect(parsed.items.map((i) => i.name)).toEqual(['测试导入园', '测试导入楼']);
    expect(parsed.rejects).toEqual([
      { at: '第 4 行', name: '坏的楼', reason: ESTATE_MESSAGES.notNumber },
    ]);
    const pool = getPool();
    const ids = await saveEstates(pool, 'import', parsed.items);
    const again = await saveEstates(pool, 'import', parsed.items);
    expect(again).toEqual(ids);
    const r = await callContract(estateDetail, { body: { estateId: ids[0] } }, as(member));
    expect(r.data.occupancy.total).toBe(rows.filter((c) => inside(park.ring, c)).length);
    expect(r.data.demo).toBe(false);
    expect(r.data.cityCode).toBe(park.city_code);
    expect(r.data.buildings.map((b) => b.id)).toEqual([ids[1]]);
  });
});
