'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by a worker without a compiler (ADR 0160) */
/**
 * The readers of uploaded spreadsheets (issue 28 item 1, ADR 0160): the first worksheet of an
 * .xlsx and CSV text, every dimension bounded. Plain CommonJS without dependencies so that the
 * parse worker (sheet-worker.cjs) loads it as it is under tsx, jest and a Next bundle alike; the
 * server itself only re-exports the small helpers (xlsx-reader.ts, spreadsheet.ts).
 *
 * Why not exceljs's WorkbookReader (ADR 0160): it decodes each chunk of the unzipped XML on its own
 * (a Chinese character split across two chunks comes out as U+FFFD, a few names in every 10,000),
 * fails on rows without `r` attributes, refuses a far column outright and bounds nothing.
 *
 * Every scan below is linear: tags are found with indexOf from where the last one ended, never by
 * a regular expression that could restart at every position of an unclosed element.
 */
const { StringDecoder } = require('node:string_decoder');
const { Readable } = require('node:stream');
const zlib = require('node:zlib');

/** A bound was passed ('tooLarge', 'tooManyRows') or the bytes are not a workbook ('unreadable'). */
class SheetLimitError extends Error {
  constructor(code, detail) {
    super(detail || code);
    this.name = 'SheetLimitError';
    this.code = code;
  }
}

const tooLarge = (detail) => new SheetLimitError('tooLarge', detail);
const unreadable = (detail) => new SheetLimitError('unreadable', detail);

/** The central directory: name → method, compressed size and data offset; all offsets checked. */
function zipEntries(zip, maxEntries) {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i -= 1)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw unreadable('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  if (count > maxEntries) throw unreadable(`${count} zip entries`);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw unreadable('broken zip directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (at + 46 + nameLen > zip.length) throw unreadable('broken zip directory');
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw unreadable('broken zip entry');
    const offset = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (offset + size > zip.length) throw unreadable('zip entry past the end');
    entries.set(name, { name, method, size, offset });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function entryBytes(zip, e) {
  return zip.subarray(e.offset, e.offset + e.size);
}

/** A whole entry as text, never inflated past `max` bytes (the size in the zip is not trusted). */
function readEntry(zip, e, max) {
  const raw = entryBytes(zip, e);
  if (e.method === 0) {
    if (raw.length > max) throw tooLarge(`${e.name} over ${max} bytes`);
    return raw.toString('utf8');
  }
  if (e.method !== 8) throw unreadable(`compression method ${e.method}`);
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: max }).toString('utf8');
  } catch (err) {
    if (err && err.code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`${e.name} over ${max} bytes`);
    throw unreadable(`${e.name}: ${err && err.message}`);
  }
}

/** An entry inflated as a stream through one decoder, stopped once past `max` bytes. */
async function* streamEntry(zip, e, max) {
  if (e.method !== 0 && e.method !== 8) throw unreadable(`compression method ${e.method}`);
  const raw = Readable.from([entryBytes(zip, e)]);
  const source = e.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  const decoder = new StringDecoder('utf8');
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > max) throw tooLarge(`${e.name} over ${max} bytes`);
      yield decoder.write(chunk);
    }
  } catch (err) {
    if (err instanceof SheetLimitError) throw err;
    throw unreadable(`${e.name}: ${err && err.message}`);
  } finally {
    source.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** XML text: entities and the _xHHHH_ escapes of OOXML. */
function xmlText(s) {
  return s
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e) => {
      if (e === 'lt') return '<';
      if (e === 'gt') return '>';
      if (e === 'amp') return '&';
      if (e === 'quot') return '"';
      if (e === 'apos') return "'";
      return String.fromCodePoint(
        e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
      );
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** Longest start tag read (attributes included); real ones are well under 300 characters. */
const MAX_TAG = 4096;
const NAME_END = new Set([' ', '\t', '\r', '\n', '>', '/']);

/** Where the next start tag `name` begins (not a longer name such as <rowBreaks>), or -1. */
function findStart(xml, name, from) {
  const open = `<${name}`;
  let at = xml.indexOf(open, from);
  while (at >= 0 && !NAME_END.has(xml[at + open.length])) at = xml.indexOf(open, at + 1);
  return at;
}

/**
 * The next element `name` in xml[from, to): its attributes, its body (null when self-closing) and
 * where it ends; null when there is none or it does not close before `to`.
 */
function nextElement(xml, name, from, to) {
  const at = findStart(xml, name, from);
  if (at < 0 || at >= to) return null;
  const open = `<${name}`;
  const close = `</${name}>`;
  const gt = xml.indexOf('>', at);
  if (gt < 0 || gt >= to) return null;
  if (gt - at > MAX_TAG) throw unreadable(`<${name}> start tag too long`);
  if (xml[gt - 1] === '/')
    return { start: at, attrs: xml.slice(at + open.length, gt - 1), body: null, end: gt + 1 };
  const end = xml.indexOf(close, gt + 1);
  if (end < 0 || end + close.length > to) return null;
  return {
    start: at,
    attrs: xml.slice(at + open.length, gt),
    body: xml.slice(gt + 1, end),
    end: end + close.length,
  };
}

/** The text of the <t> elements of a string item (phonetic runs left out). */
function itemText(xml) {
  let out = '';
  let at = 0;
  let rph = nextElement(xml, 'rPh', 0, xml.length);
  for (;;) {
    const t = nextElement(xml, 't', at, xml.length);
    if (!t) return out;
    while (rph && rph.end <= t.start) rph = nextElement(xml, 'rPh', rph.end, xml.length);
    // A <t> inside a phonetic run (<rPh>…<t>…</t></rPh>) is not part of the text.
    if (rph && rph.start < t.start) {
      at = rph.end;
      continue;
    }
    out += xmlText(t.body || '');
    at = t.end;
  }
}

/** An attribute's value; attribute lists are short (MAX_TAG), so the pattern stays cheap. */
const attrPatterns = new Map();
function attr(attrs, name) {
  let re = attrPatterns.get(name);
  if (!re) attrPatterns.set(name, (re = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return re.exec(attrs)?.[1];
}

/** A1-style column letters as a 0-based index; Infinity past Excel's last column (XFD). */
function columnIndex(ref) {
  const letters = ref ? /^[A-Z]+/.exec(ref)?.[0] : undefined;
  if (!letters) return null;
  if (letters.length > 3) return Infinity;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function numberText(v) {
  const n = Number(v);
  if (!Number.isFinite(n)) return v.trim();
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? BigInt(n).toString() : String(n);
}

/** The path of the first worksheet in the workbook's order. */
function firstSheetPath(zip, entries, limits) {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = nextElement(readEntry(zip, workbook, limits.maxPartBytes), 'sheet', 0, Infinity);
    const rid = sheet ? attr(sheet.attrs, 'r:id') : undefined;
    if (rid) {
      const xml = readEntry(zip, rels, limits.maxPartBytes);
      for (let r = nextElement(xml, 'Relationship', 0, xml.length); r;) {
        if (attr(r.attrs, 'Id') === rid) {
          const target = attr(r.attrs, 'Target') ?? '';
          const p = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
          if (entries.has(p)) return p;
        }
        r = nextElement(xml, 'Relationship', r.end, xml.length);
      }
    }
  }
  const any = [...entries.keys()].filter((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k)).sort();
  if (!any.length) throw unreadable('no worksheet');
  return any[0];
}

/** The shared strings, read whole within their bounds (size, count, one item). */
function sharedStrings(zip, entries, limits) {
  const sst = entries.get('xl/sharedStrings.xml');
  if (!sst) return [];
  const xml = readEntry(zip, sst, limits.maxSharedStringsBytes);
  const out = [];
  for (let si = nextElement(xml, 'si', 0, xml.length); si;) {
    if (out.length >= limits.maxSharedStrings) throw tooLarge(`over ${out.length} shared strings`);
    const body = si.body || '';
    if (body.length > limits.maxRowChars) throw tooLarge('a shared string too long');
    out.push(itemText(body));
    si = nextElement(xml, 'si', si.end, xml.length);
  }
  return out;
}

/** One cell's text. */
function cellValue(c, shared) {
  const type = attr(c.attrs, 't');
  const inner = c.body || '';
  if (type === 'inlineStr') return itemText(nextElement(inner, 'is', 0, inner.length)?.body || '');
  const v = nextElement(inner, 'v', 0, inner.length);
  if (!v) return '';
  const text = v.body || '';
  if (type === 's') return shared[Number(text)] ?? '';
  if (type === 'str' || type === 'e') return xmlText(text);
  if (type === 'b') return text === '1' ? 'TRUE' : 'FALSE';
  return numberText(xmlText(text));
}

/**
 * The cells of a row's body: A = index 0, nothing kept past `maxColumns` (a far reference such as
 * ZZZZZZ1 is not padded to); `extra` tells whether such a column had any text.
 */
function rowCells(body, shared, maxColumns) {
  const cells = [];
  let extra = false;
  let next = 0;
  for (let c = nextElement(body, 'c', 0, body.length); c;) {
    const index = columnIndex(attr(c.attrs, 'r')) ?? next;
    next = index + 1;
    const value = cellValue(c, shared).trim();
    if (index < maxColumns) {
      while (cells.length < index) cells.push('');
      cells[index] = value;
    } else if (value !== '') extra = true;
    c = nextElement(body, 'c', c.end, body.length);
  }
  return { cells, extra };
}

/**
 * Rows of the first worksheet: 1-based row number and the cells' texts (A = index 0), the sheet
 * inflated as a stream. Bounds (ADR 0160): maxPartBytes (workbook parts), maxSharedStringsBytes
 * and maxSharedStrings, maxSheetBytes (the sheet as inflated), maxRowChars (one row's XML, also
 * what may stay unconsumed: an unclosed row), maxRawRows (every <row>, blank ones too),
 * maxColumns (cells kept per row).
 */
async function* readFirstSheet(data, limits) {
  const zip = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.length);
  const entries = zipEntries(zip, limits.maxZipEntries);
  const sheetPath = firstSheetPath(zip, entries, limits);
  const shared = sharedStrings(zip, entries, limits);
  let buffer = '';
  let lastNumber = 0;
  let rawRows = 0;
  // True while the buffer starts with a row whose start tag is complete: until a '</row>' comes
  // the chunks are only appended (an unclosed row costs no rescans).
  let open = false;
  let tail = '';
  for await (const text of streamEntry(zip, entries.get(sheetPath), limits.maxSheetBytes)) {
    buffer += text;
    const probe = tail + text;
    tail = probe.slice(-6);
    if (open && !probe.includes('</row>')) {
      if (buffer.length > limits.maxRowChars)
        throw tooLarge(`a row over ${limits.maxRowChars} characters`);
      continue;
    }
    let consumed = 0;
    for (;;) {
      const row = nextElement(buffer, 'row', consumed, buffer.length);
      if (!row) break;
      consumed = row.end;
      rawRows += 1;
      if (rawRows > limits.maxRawRows) throw new SheetLimitError('tooManyRows');
      const number = Number(attr(row.attrs, 'r')) || lastNumber + 1;
      lastNumber = number;
      yield { number, ...rowCells(row.body || '', shared, limits.maxColumns) };
    }
    // The rows end with </sheetData>: what follows (merged cells, validations…) is not read.
    const next = findStart(buffer, 'row', consumed);
    const end = buffer.indexOf('</sheetData>', consumed);
    if (end >= 0 && (next < 0 || end < next)) return;
    // Kept for the next chunk: a row still open, else only a tag cut at the chunk's end (so a
    // megabyte of spaces between rows does not pile up).
    const lt = buffer.lastIndexOf('<');
    buffer = buffer.slice(next >= 0 ? next : lt >= consumed ? lt : buffer.length);
    open = next >= 0 && buffer.indexOf('>') > 0;
    if (buffer.length > limits.maxRowChars)
      throw tooLarge(`a row over ${limits.maxRowChars} characters`);
  }
}

/** A CSV's text: UTF-8 (with or without BOM), else GB18030 as Excel in China saves it. */
function decodeCsv(data) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/**
 * RFC 4180 records: quoted fields with "" escapes and line breaks, CRLF or LF, comma separated.
 * Fields past `maxColumns` are not kept; `extra` tells whether one had any text.
 */
function* csvRecords(text, maxColumns = Infinity) {
  let row = [];
  let extra = false;
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  const push = () => {
    if (row.length < maxColumns) row.push(field);
    else if (field.trim() !== '') extra = true;
    field = '';
  };
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') push();
    else if (c === '\n' || c === '\r') {
      push();
      yield { fields: row, extra };
      row = [];
      extra = false;
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    push();
    yield { fields: row, extra };
  }
}

/** RFC 4180 rows as arrays of fields (every field kept). */
function* parseCsv(text) {
  for (const r of csvRecords(text)) yield r.fields;
}

const blank = (cells) => cells.every((c) => c === '');

/** The rows of a CSV (row numbers as in the file), blank rows left out. */
function* csvRows(text, maxColumns = Infinity) {
  let number = 0;
  for (const r of csvRecords(text.replace(/^\uFEFF/, ''), maxColumns)) {
    number += 1;
    const cells = r.fields.map((c) => c.trim());
    if (r.extra) yield { number, cells, extra: true };
    else if (!blank(cells)) yield { number, cells };
  }
}

module.exports = {
  SheetLimitError,
  readFirstSheet,
  xmlText,
  decodeCsv,
  parseCsv,
  csvRows,
};
