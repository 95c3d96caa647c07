import fs from 'node:fs';
import path from 'node:path';
import { getRegion } from '@/lib/shared/geo';
import { decodeGeometry, encodeGeometry, type Geometry } from '../echarts-geo-encoding';

describe("ECharts' compressed GeoJSON", () => {
  it('encodes and decodes rings on the 1/1024-degree grid without loss', () => {
    const g: Geometry = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [118.0517578125, 24.4384765625],
            [118.25, 24.4384765625],
            [118.25, 24.75],
            [118.0517578125, 24.4384765625],
          ],
        ],
        [
          [
            [73.5, 39.25],
            [74, 39.25],
            [73.5, 40],
            [73.5, 39.25],
          ],
        ],
      ],
    };
    expect(decodeGeometry(encodeGeometry(g))).toEqual(g);
  });
});

describe('the district files under public/maps', () => {
  const dir = path.join(process.cwd(), 'public/maps');
  const index: string[] = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));

  it('exist for the cities of the index, with districts of that city, and are small', () => {
    const cities = index.filter((code) => getRegion(code)?.level === 2);
    expect(cities.length).toBeGreaterThan(300);
    for (const code of ['110100', '120100', '310100', '500100', '350200', '440300'])
      expect(cities).toContain(code);
    for (const code of cities) {
      const file = path.join(dir, `${code}.json`);
      expect(fs.statSync(file).size).toBeLessThan(40_000);
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(json.UTF8Encoding).toBe(true);
      const codes = json.features
        .map((f: { properties: { code: string } }) => f.properties.code)
        .filter(Boolean);
      expect(codes.length).toBeGreaterThan(0);
      for (const c of codes) expect(getRegion(c)?.parentCode).toBe(code);
    }
  });

  it('draw 厦门市 as its six districts, closed rings inside the city', () => {
    const json = JSON.parse(fs.readFileSync(path.join(dir, '350200.json'), 'utf8'));
    expect(
      json.features.map((f: { properties: { name: string } }) => f.properties.name).sort(),
    ).toEqual(['同安区', '思明区', '海沧区', '湖里区', '翔安区', '集美区'].sort());
    for (const f of json.features) {
      const g = decodeGeometry(f.geometry);
      const rings = g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
      for (const ring of rings) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        for (const [lng, lat] of ring) {
          expect(lng).toBeGreaterThan(117.8);
          expect(lng).toBeLessThan(118.6);
          expect(lat).toBeGreaterThan(24.3);
          expect(lat).toBeLessThan(24.95);
        }
      }
    }
  });
});
