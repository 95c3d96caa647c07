/**
 * ECharts' compressed GeoJSON (`UTF8Encoding: true`, decoded by `echarts.registerMap` itself):
 * each ring is a string of character pairs, the zig-zag deltas of coordinates quantised to
 * 1/1024 degree, starting from the ring's `encodeOffsets`. The map files under public/maps are
 * written in it (about a third of plain GeoJSON); the district sources come in both forms.
 */
export const ENCODE_SCALE = 1024;

type Ring = [number, number][];
export type Geometry =
  { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
export type EncodedGeometry =
  | { type: 'Polygon'; coordinates: string[]; encodeOffsets: [number, number][] }
  | { type: 'MultiPolygon'; coordinates: string[][]; encodeOffsets: [number, number][][] };

const zig = (v: number) => (v << 1) ^ (v >> 31);
const zag = (v: number) => (v >> 1) ^ -(v & 1);

export function encodeRing(ring: Ring): { text: string; offset: [number, number] } {
  const q = ring.map(([x, y]) => [Math.round(x * ENCODE_SCALE), Math.round(y * ENCODE_SCALE)]);
  const offset: [number, number] = [q[0][0], q[0][1]];
  let [px, py] = offset;
  let text = '';
  for (const [x, y] of q) {
    text += String.fromCharCode(zig(x - px) + 64, zig(y - py) + 64);
    [px, py] = [x, y];
  }
  return { text, offset };
}

export function decodeRing(text: string, offset: [number, number]): Ring {
  const ring: Ring = [];
  let [px, py] = offset;
  for (let i = 0; i < text.length; i += 2) {
    px += zag(text.charCodeAt(i) - 64);
    py += zag(text.charCodeAt(i + 1) - 64);
    ring.push([px / ENCODE_SCALE, py / ENCODE_SCALE]);
  }
  return ring;
}

export function encodeGeometry(g: Geometry): EncodedGeometry {
  if (g.type === 'Polygon') {
    const rings = g.coordinates.map(encodeRing);
    return {
      type: 'Polygon',
      coordinates: rings.map((r) => r.text),
      encodeOffsets: rings.map((r) => r.offset),
    };
  }
  const polygons = g.coordinates.map((p) => p.map(encodeRing));
  return {
    type: 'MultiPolygon',
    coordinates: polygons.map((p) => p.map((r) => r.text)),
    encodeOffsets: polygons.map((p) => p.map((r) => r.offset)),
  };
}

export function decodeGeometry(g: EncodedGeometry): Geometry {
  if (g.type === 'Polygon')
    return {
      type: 'Polygon',
      coordinates: g.coordinates.map((t, i) => decodeRing(t, g.encodeOffsets[i])),
    };
  return {
    type: 'MultiPolygon',
    coordinates: g.coordinates.map((p, i) => p.map((t, j) => decodeRing(t, g.encodeOffsets[i][j]))),
  };
}
