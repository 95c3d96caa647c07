import type { LngLat } from '@/lib/shared/map/geo-shape';
import {
  ESTATE_IMPORT_MAX_BYTES,
  ESTATE_IMPORT_MAX_FEATURES,
  ESTATE_MAX_RING_POINTS,
  ESTATE_MESSAGES,
  ESTATE_NAME_MAX,
  estateRingProblem,
  type EstateKind,
} from '@/lib/shared/park/estate';
import type { EstateInput } from './estate-store';

/*
 * Reading a file of real parks and buildings (npm run import:parks -- FILE, ADR 0201):
 *   GeoJSON  a FeatureCollection of Polygon features (the outer ring is used; holes are dropped),
 *            properties: name (名称), kind (park/building, 园区/楼宇), address, districtCode,
 *            key (else the name), parentKey (a building's park)
 *   CSV      header: name,kind,address,districtCode,key,parentKey,outline — outline is
 *            "lng lat, lng lat, …" or WKT "POLYGON((lng lat, …))"
 * Every dimension is bounded before work is done: the file's bytes, the feature count, each ring's
 * points. A bad record is rejected with its line/feature number and a Chinese reason; the good
 * ones are loaded.
 */

export type ImportReject = { at: string; name: string; reason: string };
export type ParsedImport = { items: EstateInput[]; rejects: ImportReject[] };

export class ImportFileError extends Error {}

const KIND_WORDS: Record<string, EstateKind> = {
  park: 'park',
  园区: 'park',
  building: 'building',
  楼宇: 'building',
};

function kindOf(v: unknown): EstateKind | null {
  return KIND_WORDS[String(v ?? 'park').trim() || 'park'] ?? null;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

/** One record's checks; pushes to items or rejects. */
function accept(
  out: ParsedImport,
  at: string,
  fields: Record<string, unknown>,
  ring: unknown[] | null,
  ringProblem: string | null,
) {
  const name = text(fields.name ?? fields['名称']) ?? '';
  const reject = (reason: string) => out.rejects.push({ at, name, reason });
  if (!name) return reject(ESTATE_MESSAGES.nameMissing);
  if (Array.from(name).length > ESTATE_NAME_MAX) return reject(ESTATE_MESSAGES.nameLong);
  const kind = kindOf(fields.kind ?? fields['类型']);
  if (!kind) return reject('类型只能是 园区 或 楼宇');
  if (ringProblem || !ring) return reject(ringProblem ?? ESTATE_MESSAGES.ringFew);
  const problem = estateRingProblem(ring, kind);
  if (problem) return reject(problem);
  const district = text(fields.districtCode ?? fields['区县代码']);
  out.items.push({
    kind,
    name,
    ring: ring as LngLat[],
    key: text(fields.key) ?? name,
    parentKey: text(fields.parentKey),
    address: text(fields.address ?? fields['地址']),
    districtCode: district && /^\d{6}$/.test(district) ? district : null,
  });
}

export function parseGeoJson(raw: string): ParsedImport {
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    throw new ImportFileError('GeoJSON 格式错误：不是有效的 JSON');
  }
  const features =
    (doc as { type?: string })?.type === 'FeatureCollection'
      ? (doc as { features?: unknown }).features
      : (doc as { type?: string })?.type === 'Feature'
        ? [doc]
        : null;
  if (!Array.isArray(features)) throw new ImportFileError('GeoJSON 需要是 FeatureCollection');
  if (features.length > ESTATE_IMPORT_MAX_FEATURES)
    throw new ImportFileError(
      `一个文件最多 ${ESTATE_IMPORT_MAX_FEATURES.toLocaleString('en-US')} 个园区/楼宇，请拆分后导入`,
    );
  const out: ParsedImport = { items: [], rejects: [] };
  features.forEach((f: unknown, i) => {
    const feature = f as {
      properties?: Record<string, unknown>;
      geometry?: { type?: string; coordinates?: unknown };
    };
    const geometry = feature?.geometry;
    let ring: unknown[] | null = null;
    let problem: string | null = null;
    if (geometry?.type === 'Polygon' && Array.isArray(geometry.coordinates)) {
      ring = Array.isArray(geometry.coordinates[0]) ? (geometry.coordinates[0] as unknown[]) : null;
    } else if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
      problem = '暂不支持多块轮廓（MultiPolygon），请拆成多个园区/楼宇';
    } else problem = '缺少多边形轮廓（geometry 需为 Polygon）';
    accept(out, `第 ${i + 1} 个要素`, feature?.properties ?? {}, ring, problem);
  });
  return out;
}

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function* csvRows(raw: string): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quoted) {
      if (c === '"' && raw[i + 1] === '"') [cell, i] = [cell + '"', i + 1];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') [row, cell] = [[...row, cell], ''];
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && raw[i + 1] === '\n') i++;
      yield [...row, cell];
      [row, cell] = [[], ''];
    } else cell += c;
  }
  if (cell || row.length) yield [...row, cell];
}

/** "lng lat, lng lat, …" or POLYGON((…)); bounded before parsing the numbers. */
function parseOutline(value: string): { ring: unknown[] | null; problem: string | null } {
  const body = value
    .trim()
    .replace(/^POLYGON\s*\(\(/i, '')
    .replace(/\)\)\s*$/, '');
  const pairs = body.split(/\s*[,;]\s*/).filter(Boolean);
  if (pairs.length > ESTATE_MAX_RING_POINTS + 1)
    return { ring: null, problem: ESTATE_MESSAGES.ringMany };
  const ring = pairs.map((pair) => {
    const [x, y] = pair.trim().split(/\s+/);
    return [Number(x), Number(y)];
  });
  return { ring, problem: null };
}

export function parseCsv(raw: string): ParsedImport {
  const rows = csvRows(raw.replace(/^\uFEFF/, ''));
  const header = rows.next();
  if (header.done) throw new ImportFileError('CSV 文件为空');
  const names = header.value.map((h) => h.trim());
  if (!names.includes('outline') && !names.includes('轮廓'))
    throw new ImportFileError('CSV 缺少 outline（轮廓）列');
  const out: ParsedImport = { items: [], rejects: [] };
  let line = 1;
  for (const cells of rows) {
    line++;
    if (cells.every((c) => !c.trim())) continue;
    if (out.items.length + out.rejects.length >= ESTATE_IMPORT_MAX_FEATURES)
      throw new ImportFileError(
        `一个文件最多 ${ESTATE_IMPORT_MAX_FEATURES.toLocaleString('en-US')} 个园区/楼宇，请拆分后导入`,
      );
    const fields = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
    const { ring, problem } = parseOutline(String(fields.outline ?? fields['轮廓'] ?? ''));
    accept(out, `第 ${line} 行`, fields, ring, problem);
  }
  return out;
}

/** The file's kind by its name or first character; the byte bound comes first. */
export function parseEstateFile(fileName: string, bytes: Buffer): ParsedImport {
  if (bytes.length > ESTATE_IMPORT_MAX_BYTES)
    throw new ImportFileError(`文件超过 ${ESTATE_IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分后导入`);
  const raw = bytes.toString('utf8');
  const json = /\.(geo)?json$/i.test(fileName) || /^\s*[{[]/.test(raw.slice(0, 100));
  return json ? parseGeoJson(raw) : parseCsv(raw);
}
