import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/**
 * A small streaming reader of the first worksheet of an .xlsx, for imports. exceljs 4.4's
 * WorkbookReader decodes each chunk of the unzipped XML on its own, so a Chinese character split
 * across two chunks comes out as U+FFFD (a few names in every 10,000); this reader inflates the
 * sheet as a stream through one StringDecoder and parses rows as they complete, so memory stays
 * flat too. Shared strings are read whole (they are what the rows point at).
 */

type ZipEntry = { name: string; method: number; size: number; offset: number };

function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i -= 1)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken zip directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('broken zip entry');
    const offset = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, { name, method, size, offset });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function entryBytes(zip: Buffer, e: ZipEntry): Buffer {
  return zip.subarray(e.offset, e.offset + e.size);
}

function readEntry(zip: Buffer, e: ZipEntry): string {
  const raw = entryBytes(zip, e);
  return (e.method === 8 ? zlib.inflateRawSync(raw) : raw).toString('utf8');
}

async function* streamEntry(zip: Buffer, e: ZipEntry): AsyncGenerator<string> {
  const raw = Readable.from([entryBytes(zip, e)]);
  const source = e.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source) yield decoder.write(chunk as Buffer);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** XML text: entities and the _xHHHH_ escapes of OOXML. */
export function xmlText(s: string): string {
  return s
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
      if (e === 'lt') return '<';
      if (e === 'gt') return '>';
      if (e === 'amp') return '&';
      if (e === 'quot') return '"';
      if (e === 'apos') return "'";
      return String.fromCodePoint(
        e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
      );
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The text of the <t> elements of a string item (phonetic runs left out). */
function itemText(xml: string): string {
  const body = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  let out = '';
  for (const m of body.matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) out += xmlText(m[1] ?? '');
  return out;
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

function columnIndex(ref: string | undefined): number | null {
  const letters = ref ? /^[A-Z]+/.exec(ref)?.[0] : undefined;
  if (!letters) return null;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v.trim();
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? BigInt(n).toString() : String(n);
}

/** The path of the first worksheet in the workbook's order. */
function firstSheetPath(zip: Buffer, entries: Map<string, ZipEntry>): string {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = /<sheet\b([^>]*)\/?>/.exec(readEntry(zip, workbook));
    const rid = sheet ? attr(sheet[1], 'r:id') : undefined;
    if (rid) {
      for (const m of readEntry(zip, rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
        if (attr(m[1], 'Id') !== rid) continue;
        const target = attr(m[1], 'Target') ?? '';
        const p = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
        if (entries.has(p)) return p;
      }
    }
  }
  const any = [...entries.keys()].filter((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k)).sort();
  if (!any.length) throw new Error('no worksheet');
  return any[0];
}

/** Rows of the first worksheet: 1-based row number and the cells' texts (A = index 0). */
export async function* readFirstSheet(
  data: Buffer,
): AsyncGenerator<{ number: number; cells: string[] }> {
  const entries = zipEntries(data);
  const sheetPath = firstSheetPath(data, entries);
  const sst = entries.get('xl/sharedStrings.xml');
  const shared = sst
    ? [...readEntry(data, sst).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) =>
        itemText(m[1] ?? ''),
      )
    : [];
  const rowPattern = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  let buffer = '';
  let lastNumber = 0;
  for await (const text of streamEntry(data, entries.get(sheetPath)!)) {
    buffer += text;
    let consumed = 0;
    rowPattern.lastIndex = 0;
    for (let m = rowPattern.exec(buffer); m; m = rowPattern.exec(buffer)) {
      consumed = rowPattern.lastIndex;
      const number = Number(attr(m[1], 'r')) || lastNumber + 1;
      lastNumber = number;
      const cells: string[] = [];
      let next = 0;
      for (const c of (m[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const index = columnIndex(attr(c[1], 'r')) ?? next;
        next = index + 1;
        const type = attr(c[1], 't');
        const inner = c[2] ?? '';
        const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
        let value = '';
        if (type === 'inlineStr') value = itemText(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '');
        else if (v === undefined) value = '';
        else if (type === 's') value = shared[Number(v)] ?? '';
        else if (type === 'str' || type === 'e') value = xmlText(v);
        else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
        else value = numberText(xmlText(v));
        while (cells.length < index) cells.push('');
        cells[index] = value.trim();
      }
      yield { number, cells };
    }
    buffer = buffer.slice(consumed);
  }
}
