import {
  lngLatToWorld,
  MAX_TILES_IN_VIEW,
  parseMapTileSettings,
  placeTiles,
  tileOrigins,
  tilesCovering,
  tileUrl,
  worldToLngLat,
  type MapTileLayer,
} from '../map-tiles';

const LAYER: MapTileLayer = {
  urlTemplate: 'https://t{s}.tiles.example.cn/{z}/{x}/{y}.png?key=k',
  subdomains: ['0', '1', '2'],
  attribution: '© 示例地图',
  datum: 'wgs84',
  minZoom: 3,
  maxZoom: 18,
};

describe('map tile settings', () => {
  it('reads a complete https template with its subdomains and origins', () => {
    const { layer, problem } = parseMapTileSettings({
      url: LAYER.urlTemplate,
      subdomains: '0, 1,2',
      attribution: '© 示例地图',
      maxZoom: '17',
    });
    expect(problem).toBeUndefined();
    expect(layer).toMatchObject({ subdomains: ['0', '1', '2'], datum: 'gcj02', maxZoom: 17 });
    expect(tileOrigins(layer!)).toEqual([
      'https://t0.tiles.example.cn',
      'https://t1.tiles.example.cn',
      'https://t2.tiles.example.cn',
    ]);
  });

  it('is off without a URL and refuses unusable ones with the reason', () => {
    expect(parseMapTileSettings({})).toEqual({ layer: null });
    const refused = (url: string, subdomains?: string) =>
      parseMapTileSettings({ url, subdomains }).problem;
    expect(refused('https://tiles.example.cn/{z}/{x}.png')).toContain('{z}、{x}、{y}');
    expect(refused('http://tiles.example.cn/{z}/{x}/{y}.png')).toContain('https');
    expect(refused('https://u:p@tiles.example.cn/{z}/{x}/{y}.png')).toContain('https');
    expect(refused("https://x.cn; img-src *'/{z}/{x}/{y}")).toContain('https');
    expect(refused('https://t{s}.example.cn/{z}/{x}/{y}.png')).toContain('MAP_TILE_SUBDOMAINS');
    expect(refused('https://t{s}.example.cn/{z}/{x}/{y}.png', 'a;b')).toContain('字母');
  });
});

describe('tile geometry', () => {
  it('maps lng/lat to the zoom-0 world and back', () => {
    expect(lngLatToWorld(-180, 0)).toEqual([0, 128]);
    for (const [lng, lat] of [
      [116.4, 39.9],
      [121.47, 31.23],
      [87.6, 43.8],
    ]) {
      const [x, y] = lngLatToWorld(lng, lat);
      const back = worldToLngLat(x, y);
      expect(back[0]).toBeCloseTo(lng, 9);
      expect(back[1]).toBeCloseTo(lat, 9);
    }
  });

  it('spreads neighbouring tiles over the subdomains', () => {
    const hosts = [0, 1, 2].map((x) => new URL(tileUrl(LAYER, { z: 12, x, y: 7 })).host);
    expect(new Set(hosts).size).toBe(3);
    expect(tileUrl(LAYER, { z: 12, x: 3370, y: 1552 })).toBe(
      'https://t2.tiles.example.cn/12/3370/1552.png?key=k',
    );
  });

  it('covers a box with whole tiles and refuses more than the cap', () => {
    const tiles = tilesCovering([10.5, 20.5, 11.5, 21.2], 8);
    const xs = new Set(tiles.map((t) => t.x));
    const ys = new Set(tiles.map((t) => t.y));
    expect([...xs]).toEqual([10, 11]);
    expect([...ys]).toEqual([20, 21]);
    expect(tilesCovering([0, 0, 256, 256], 10)).toEqual([]);
    expect(tilesCovering([0, 0, 256, 256], 3).length).toBeLessThanOrEqual(MAX_TILES_IN_VIEW);
  });
});

describe('placing the tiles of a view', () => {
  // A chart showing Beijing in a 800 × 500 box, web-Mercator at zoom 11 with the view's NW corner
  // at the pixel origin (the map's own projection does not matter to placeTiles).
  const Z = 11;
  const origin = lngLatToWorld(116.2, 40.05).map((v) => v * 2 ** Z);
  const toPixel = ([lng, lat]: [number, number]): [number, number] => {
    const [x, y] = lngLatToWorld(lng, lat);
    return [x * 2 ** Z - origin[0], y * 2 ** Z - origin[1]];
  };
  const fromPixel = ([px, py]: [number, number]): [number, number] =>
    worldToLngLat((px + origin[0]) / 2 ** Z, (py + origin[1]) / 2 ** Z);
  const view = { width: 800, height: 500 };

  it('fills the view edge to edge at the zoom whose tiles show at their own size', () => {
    const placed = placeTiles(view, fromPixel, toPixel, LAYER, (at) => at);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((t) => t.key.startsWith(`${Z}/`))).toBe(true);
    expect(placed.every((t) => Math.abs(t.width - 257) <= 1 && Math.abs(t.height - 257) <= 1)).toBe(
      true,
    );
    // Every pixel of the view lies in some tile: sample a grid.
    for (let x = 0; x <= view.width; x += 50)
      for (let y = 0; y <= view.height; y += 50)
        expect(
          placed.some(
            (t) => x >= t.left && x <= t.left + t.width && y >= t.top && y <= t.top + t.height,
          ),
        ).toBe(true);
  });

  it('shifts GCJ-02 tiles back onto WGS-84 positions', () => {
    const plain = placeTiles(view, fromPixel, toPixel, LAYER, (at) => at);
    // 0.006° east and 0.0013° north: about the GCJ-02 offset in Beijing.
    const shifted = placeTiles(view, fromPixel, toPixel, { ...LAYER, datum: 'gcj02' }, (at) => [
      at[0] + 0.006,
      at[1] + 0.0013,
    ]);
    const a = plain.find((t) => shifted.some((s) => s.key === t.key))!;
    const b = shifted.find((s) => s.key === a.key)!;
    // A tile drawn for a point further east/north sits further west/south on the screen.
    expect(b.left).toBeLessThan(a.left);
    expect(b.top).toBeGreaterThan(a.top);
  });

  it('draws nothing before the chart has a view', () => {
    expect(
      placeTiles(
        view,
        () => null,
        toPixel,
        LAYER,
        (at) => at,
      ),
    ).toEqual([]);
  });
});
