import { getChildren } from '@/lib/shared/geo';
import { CHOROPLETH_COLORS, choroplethColor } from '@/lib/shared/map/choropleth';
import { buildRegionMap, regionMapSvg, relativePath, type BoundaryFeature } from '../region-map';

/** A square of `size` degrees at (lng, lat), south-west corner. */
const square = (code: string, name: string, lng: number, lat: number, size = 1) =>
  ({
    properties: { name, code },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + size, lat],
          [lng + size, lat + size],
          [lng, lat + size],
          [lng, lat],
        ],
      ],
    },
  }) satisfies BoundaryFeature;

const box = (viewBox: string) => viewBox.split(' ').map(Number);

const three = [
  square('350100', '福州市', 119, 26),
  square('350200', '厦门市', 118, 24),
  square('350300', '莆田市', 120, 25),
];

describe('the server-drawn region map', () => {
  it('draws every child as a path, linked and coloured by its number on the shared scale', () => {
    const map = buildRegionMap(
      three,
      { childrenDrawn: true },
      {
        regionCode: '350000',
        values: [
          { code: '350100', value: 100 },
          { code: '350200', value: 0 },
        ],
        hrefs: { '350100': '/m?region=350100', '350200': '/m?region=350200' },
      },
    );
    expect(map.max).toBe(100);
    expect(map.areas.map((a) => a.code)).toEqual(['350100', '350200', '350300']);
    const [fuzhou, xiamen, putian] = map.areas;
    expect(fuzhou).toMatchObject({ href: '/m?region=350100', value: 100, fill: '#123f91' });
    expect(xiamen).toMatchObject({ href: '/m?region=350200', value: 0, fill: '#e6f0ff' });
    // No number and no page: an outline in the plain area colour, not a link.
    expect(putian.href).toBeUndefined();
    expect(putian.value).toBeUndefined();
    expect(putian.fill).toBe('#e8f0fe');
    // Whole units; the drawing is 600 units on its longer side, with ECharts' margin (an
    // eighth on each side: the drawing fills 80 % of the box).
    const [x, y, w, h] = box(map.viewBox);
    expect(Math.max(w, h)).toBe(750);
    expect([x, y]).toEqual([-Math.round(w / 10), -Math.round(h / 10)]);
    // Whole numbers in relative steps; each square closes where it started.
    for (const a of map.areas) expect(a.d).toMatch(/^M\d+ \d+l-?\d+[-\d ]*z$/);
    const steps = map.areas[0].d
      .match(/l(.*)z/)![1]
      .match(/-?\d+/g)!
      .map(Number);
    expect(steps.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('keeps north up and squeezes east-west as ECharts does (aspect 0.75)', () => {
    const map = buildRegionMap(
      [square('1', 'a', 100, 30, 4), square('2', 'b', 104, 34, 4)],
      { childrenDrawn: true },
      { regionCode: '', values: [], hrefs: {} },
    );
    // 8° wide × 0.75 against 8° tall.
    const [, , w, h] = box(map.viewBox);
    expect(w / h).toBeCloseTo(0.75, 2);
    const start = (d: string) => d.slice(1).split(/[ l]/).slice(0, 2).map(Number);
    const [ax, ay] = start(map.areas[0].d);
    const [bx, by] = start(map.areas[1].d);
    expect(bx).toBeGreaterThan(ax); // b lies east
    expect(by).toBeLessThan(ay); // and north, so higher up
  });

  it('without numbers: no scale, plain areas', () => {
    const map = buildRegionMap(
      three,
      { childrenDrawn: true },
      { regionCode: '', values: [], hrefs: {} },
    );
    expect(map.max).toBeNull();
    expect(new Set(map.areas.map((a) => a.fill))).toEqual(new Set(['#e8f0fe']));
  });

  it('a region inside an ancestor’s file: marked, framed, no links nor numbers', () => {
    const far = square('360000', '江西省', 60, 50);
    const map = buildRegionMap(
      [...three, far],
      { childrenDrawn: false },
      { regionCode: '350200', values: [{ code: '350100', value: 9 }], hrefs: { '350100': '/x' } },
    );
    expect(map.max).toBeNull();
    // Neighbours within a frame's size stay (福州 a degree north); the far outline is left out;
    // the marked region is drawn last (its border on top).
    expect(map.areas.map((a) => a.code)).toEqual(['350100', '350300', '350200']);
    expect(map.areas.at(-1)).toMatchObject({ focus: true, fill: '#91b8f5' });
    expect(map.areas.some((a) => a.href || a.value !== undefined)).toBe(false);
  });

  it('reads the real boundary files: China by its provinces, a district on its city', async () => {
    const provinces = getChildren('');
    const china = await regionMapSvg({
      regionCode: '',
      values: provinces.map((p, i) => ({ code: p.code, value: i })),
      hrefs: Object.fromEntries(provinces.map((p) => [p.code, `/m?region=${p.code}`])),
    });
    // The provinces, linked, and the 南海诸岛 inset as ECharts draws it for 'china'.
    expect(china!.areas).toHaveLength(35);
    expect(china!.areas.filter((a) => a.href)).toHaveLength(34);
    expect(china!.areas.find((a) => !a.href)).toMatchObject({ name: '南海诸岛', code: null });
    // Wider than tall, as China is drawn.
    const [, , w, h] = box(china!.viewBox);
    expect(w).toBeGreaterThan(h);

    const siming = await regionMapSvg({ regionCode: '350203', values: [], hrefs: {} });
    expect(siming!.areas.find((a) => a.focus)?.name).toBe('思明区');
    expect(siming!.max).toBeNull();
    // Beijing (no file of its own) on the country map.
    const beijing = await regionMapSvg({ regionCode: '110000', values: [], hrefs: {} });
    expect(beijing!.areas.find((a) => a.focus)?.name).toBe('北京市');
    expect(beijing!.areas.length).toBeLessThan(34);
  });
});

describe('relativePath', () => {
  it('turns d3’s absolute outline into relative steps, rings and minus signs included', () => {
    expect(relativePath('M10,20L12,19L9,25ZM-3,4L5,-6Z')).toBe('M10 20l2-1-3 6zM-3 4l8-10z');
    expect(relativePath('')).toBe('');
  });
});

describe('the choropleth scale', () => {
  it('runs through the four stops, evenly over 0 … max', () => {
    expect(choroplethColor(0, 90)).toBe(CHOROPLETH_COLORS[0]);
    expect(choroplethColor(30, 90)).toBe(CHOROPLETH_COLORS[1]);
    expect(choroplethColor(60, 90)).toBe(CHOROPLETH_COLORS[2]);
    expect(choroplethColor(90, 90)).toBe(CHOROPLETH_COLORS[3]);
    expect(choroplethColor(200, 90)).toBe(CHOROPLETH_COLORS[3]);
    expect(choroplethColor(5, 0)).toBe(CHOROPLETH_COLORS[0]);
    // Half-way between the first two stops.
    expect(choroplethColor(15, 90)).toBe('#bcd4fa');
  });
});
