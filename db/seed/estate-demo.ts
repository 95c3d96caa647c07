import type pg from 'pg';
import { getRegion, shortRegionName } from '@/lib/shared/geo';
import type { LngLat } from '@/lib/shared/map/geo-shape';
import { estateRingProblem } from '@/lib/shared/park/estate';
import { saveEstates, type EstateInput } from '@/lib/server/search/estate/estate-store';
import { mixSeed, Rng } from './prng';

/**
 * Demo parks and buildings (issue 30 item 5, ADR 0201), generated like the demo companies:
 * deterministic (the companies' positions and a fixed seed decide everything), marked demo
 * (演示数据 on every page that shows one). A park is laid over the densest 0.01° cell of a busy
 * district, so it has occupants; its buildings over the densest small cells inside it.
 */

export const DEMO_ESTATE_SEED = 20261129;
/** Districts that get a park, busiest first. */
const DEMO_DISTRICTS = 30;
const BUILDINGS_PER_PARK = 2;

/** A park's name follows what its companies mostly do (GB/T 4754 section). */
const THEMES: Record<string, string[]> = {
  I: ['软件园', '数字经济产业园'],
  C: ['智能制造产业园', '先进制造园'],
  M: ['科技创新园', '科创园'],
  F: ['商贸物流园', '电商产业园'],
  G: ['物流园', '港航物流园'],
  J: ['金融港', '金融科技园'],
  L: ['总部基地', '商务园'],
  E: ['建筑产业园', '建设科技园'],
  R: ['文化创意园', '文创园'],
};
const DEFAULT_THEMES = ['高新产业园', '创业园', '经济开发区'];
const ROADS = ['创新', '科技', '腾飞', '同心', '智慧', '新城', '星火', '凤凰'];

/** Uniform in [a, b) (Rng.range is for integers). */
const between = (rng: Rng, a: number, b: number) => a + rng.next() * (b - a);

/** A star-shaped octagon around a point: strictly increasing angles, so never self-crossing. */
function parkRing(rng: Rng, [x, y]: LngLat, radius: number): LngLat[] {
  const squash = Math.cos((y * Math.PI) / 180);
  return Array.from({ length: 8 }, (_, k) => {
    const t = (2 * Math.PI * k) / 8 + between(rng, -0.15, 0.15);
    const r = radius * between(rng, 0.75, 1.15);
    return [
      Math.round((x + (r * Math.cos(t)) / squash) * 1e6) / 1e6,
      Math.round((y + r * Math.sin(t)) * 1e6) / 1e6,
    ] as LngLat;
  });
}

function boxRing([x, y]: LngLat, w: number, h: number): LngLat[] {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return [
    [r(x - w / 2), r(y - h / 2)],
    [r(x + w / 2), r(y - h / 2)],
    [r(x + w / 2), r(y + h / 2)],
    [r(x - w / 2), r(y + h / 2)],
  ];
}

/** The generated parks and buildings for the current companies (no writes). */
export async function demoEstates(pool: pg.Pool, seed = DEMO_ESTATE_SEED): Promise<EstateInput[]> {
  const { rows: districts } = await pool.query<{ code: string }>(
    `select district_code code from enterprises
      where lng is not null and lat is not null and district_code is not null
      group by 1 order by count(*) desc, 1 limit ${DEMO_DISTRICTS}`,
  );
  const out: EstateInput[] = [];
  const taken = new Set<string>();
  for (const [i, { code }] of districts.entries()) {
    const rng = new Rng(mixSeed(seed, i));
    const { rows: cells } = await pool.query<{ lng: number; lat: number; s: string | null }>(
      `select avg(lng) lng, avg(lat) lat, mode() within group (order by industry_section) s
         from enterprises where district_code = $1 and lng is not null and lat is not null
        group by floor(lng * 100), floor(lat * 100) order by count(*) desc, 1, 2 limit 1`,
      [code],
    );
    const cell = cells[0];
    if (!cell) continue;
    const themes = THEMES[cell.s ?? ''] ?? DEFAULT_THEMES;
    // 市辖区 and the like name no place: the city's name stands in.
    const district = getRegion(code);
    const city = district?.parentCode ? getRegion(district.parentCode) : undefined;
    const place =
      shortRegionName(district?.name ?? '') === '市辖' || !shortRegionName(district?.name ?? '')
        ? shortRegionName(city?.name ?? '')
        : shortRegionName(district?.name ?? '');
    // The industry's own names first, then the general ones; never two parks of one name.
    const first = rng.int(themes.length);
    const name = [...themes.slice(first), ...themes.slice(0, first), ...DEFAULT_THEMES]
      .map((theme) => `${place}${theme}`)
      .find((n) => !taken.has(n));
    if (!name) continue;
    taken.add(name);
    const centre: LngLat = [cell.lng, cell.lat];
    const ring = parkRing(rng, centre, between(rng, 0.009, 0.014));
    if (estateRingProblem(ring, 'park')) continue;
    const key = `demo-park-${code}`;
    const address = `${(shortRegionName(district?.name ?? '') === '市辖' ? city?.name : district?.name) ?? ''}${ROADS[rng.int(ROADS.length)]}路 ${1 + rng.int(300)} 号`;
    out.push({ kind: 'park', name, ring, key, address, districtCode: code });
    // Buildings over the densest small cells inside the park's box.
    const [w, s] = [Math.min(...ring.map((p) => p[0])), Math.min(...ring.map((p) => p[1]))];
    const [e, n] = [Math.max(...ring.map((p) => p[0])), Math.max(...ring.map((p) => p[1]))];
    const { rows: spots } = await pool.query<{ lng: number; lat: number }>(
      `select avg(lng) lng, avg(lat) lat from enterprises
        where lng is not null and lat is not null
          and point(lng, lat) <@ box(point($1, $2), point($3, $4))
        group by floor(lng * 500), floor(lat * 500) order by count(*) desc, 1, 2 limit ${BUILDINGS_PER_PARK}`,
      [w + (e - w) / 4, s + (n - s) / 4, e - (e - w) / 4, n - (n - s) / 4],
    );
    for (const [j, spot] of spots.entries()) {
      const letter = 'ABCDEF'[j];
      out.push({
        kind: 'building',
        name: `${name}${letter}座`,
        ring: boxRing([spot.lng, spot.lat], 0.003, 0.002),
        key: `${key}-${letter}`,
        parentKey: key,
        address: `${address} ${letter} 座`,
        districtCode: code,
      });
    }
  }
  return out;
}

/**
 * Writes the demo parks and buildings (replacing earlier demo ones by key) and counts their
 * companies. Skipped when demo estates exist, unless `force`.
 */
export async function seedDemoEstates(
  pool: pg.Pool,
  options: { force?: boolean; seed?: number } = {},
): Promise<number> {
  if (!options.force) {
    const { rows } = await pool.query<{ has: boolean }>(
      `select exists(select 1 from estates where source = 'demo') has`,
    );
    if (rows[0]?.has) return 0;
  }
  const inputs = await demoEstates(pool, options.seed);
  await saveEstates(pool, 'demo', inputs);
  return inputs.length;
}
