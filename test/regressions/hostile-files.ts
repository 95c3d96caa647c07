import zlib from 'node:zlib';
import { IMPORT_COLUMNS } from '@/lib/shared/clue-io/clue-io.constants';

/**
 * Hostile uploads for issue 28 item 1, built in memory in a few milliseconds: small files that
 * inflate to hundreds of megabytes. A repeated part is deflated once with a full flush (which
 * ends the block on a byte boundary and forgets the dictionary), so its compressed bytes can be
 * repeated as often as wanted and the whole stays one valid raw-deflate stream.
 */

type Part = Buffer | { repeat: Buffer; times: number };
type Entry = { name: string; parts: Part[] };

const FULL = { finishFlush: zlib.constants.Z_FULL_FLUSH };

function deflateParts(parts: Part[]): { data: Buffer; size: number } {
  const out: Buffer[] = [];
  let size = 0;
  for (const p of parts) {
    if (Buffer.isBuffer(p)) {
      out.push(zlib.deflateRawSync(p, FULL));
      size += p.length;
    } else {
      const unit = zlib.deflateRawSync(p.repeat, FULL);
      for (let i = 0; i < p.times; i += 1) out.push(unit);
      size += p.repeat.length * p.times;
    }
  }
  out.push(zlib.deflateRawSync(Buffer.alloc(0))); // the final (empty) block
  return { data: Buffer.concat(out), size };
}

/** A zip of deflated entries (CRCs left 0: readers of uploads must not trust them anyway). */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, size } = deflateParts(e.parts);
    const name = Buffer.from(e.name, 'utf8');
    const clamp = (n: number) => Math.min(n, 0xffffffff);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(clamp(size), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(clamp(size), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const b = (s: string) => Buffer.from(s, 'utf8');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;
const col = (i: number) => String.fromCharCode(65 + i);

/** The header row of the import template as row 1, cells as inline strings. */
export const headerRow = () =>
  `<row r="1">${IMPORT_COLUMNS.map((c, i) => inline(`${col(i)}1`, c.header)).join('')}</row>`;
export const leadRow = (n: number, name: string) => `<row r="${n}">${inline(`A${n}`, name)}</row>`;

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook around the first sheet's parts (and shared strings' parts, when given). */
export function workbook(sheet: Part[], sharedStrings?: Part[]): Buffer {
  const entries: Entry[] = [
    {
      name: '[Content_Types].xml',
      parts: [
        b(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="xml" ContentType="application/xml"/>' +
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
            (sharedStrings
              ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
              : '') +
            '</Types>',
        ),
      ],
    },
    {
      name: 'xl/workbook.xml',
      parts: [
        b(
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
            '<sheets><sheet name="线索" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      parts: [
        b(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
            (sharedStrings
              ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
              : '') +
            '</Relationships>',
        ),
      ],
    },
    { name: 'xl/worksheets/sheet1.xml', parts: sheet },
  ];
  if (sharedStrings) entries.push({ name: 'xl/sharedStrings.xml', parts: sharedStrings });
  return zip(entries);
}

/** A lead, then a cell at column ZZZZZZ (index 321,272,405): a reader that pads dies. */
export function farColumn(name: string): Buffer {
  return workbook([
    b(SHEET_HEAD + headerRow()),
    b(`<row r="2">${inline('A2', name)}${inline('ZZZZZZ2', '远')}</row>`),
    b(SHEET_TAIL),
  ]);
}

/** ~100 MB of shared strings from a few hundred KB. */
export function sharedStringsBomb(megabytes = 100): Buffer {
  const item = '<si><t>重复</t></si>';
  const unit = b(item.repeat(Math.ceil((1 << 20) / Buffer.byteLength(item))));
  return workbook(
    [
      b(SHEET_HEAD + headerRow()),
      b(`<row r="2"><c r="A2" t="s"><v>0</v></c></row>`),
      b(SHEET_TAIL),
    ],
    [
      b(
        '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      ),
      { repeat: unit, times: megabytes },
      b('</sst>'),
    ],
  );
}

/** A row that opens and never closes: ~30 MB of cells inside one <row>. */
export function unclosedRow(megabytes = 30): Buffer {
  const cells = inline('A2', '未闭合').repeat(Math.ceil((1 << 20) / 60));
  return workbook([
    b(SHEET_HEAD + headerRow() + '<row r="2">'),
    { repeat: b(cells), times: megabytes },
  ]);
}

/** The classic: 1 GB of nothing (spaces) after a good row, from about a megabyte. */
export function zipBomb(megabytes = 1024): Buffer {
  return workbook([
    b(SHEET_HEAD + headerRow() + leadRow(2, '炸弹')),
    { repeat: Buffer.alloc(1 << 20, 0x20), times: megabytes },
    b(SHEET_TAIL),
  ]);
}

/** More rows than an import takes: `rows` rows without r attributes (as some writers do). */
export function manyRows(rows: number, blank = false): Buffer {
  const row = blank ? '<row/>' : `<row>${'<c t="inlineStr"><is><t>某公司</t></is></c>'}</row>`;
  const per = 10_000;
  return workbook([
    b(SHEET_HEAD + headerRow()),
    { repeat: b(row.repeat(per)), times: Math.ceil(rows / per) },
    b(SHEET_TAIL),
  ]);
}

/** Not zips: a binary with NUL bytes, a PNG, and a file that only starts like a zip. */
export function notZips(): [Buffer, string][] {
  const random = Buffer.alloc(4096);
  for (let i = 0; i < random.length; i += 1) random[i] = (i * 7919) & 0xff;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    random,
  ]);
  const fakeZip = Buffer.concat([Buffer.from('PK\u0003\u0004'), random]);
  // A zip whose end record points far outside the file.
  const lying = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(65535, 10);
  eocd.writeUInt32LE(0xfffffff0, 16);
  return [
    [random, '随机.xlsx'],
    [png, '图片.xlsx'],
    [fakeZip, '伪装.xlsx'],
    [Buffer.concat([lying, eocd]), '目录越界.xlsx'],
  ];
}
