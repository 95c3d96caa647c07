import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { readFirstSheet } from './xlsx-reader';

/** One row of a sheet as text cells, with its row number in the file (the header is row 1). */
export type SheetRow = { number: number; cells: string[] };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** What the bytes are: an .xlsx (a zip), a text file taken as CSV, or neither. */
export function detectSpreadsheet(data: Buffer): 'xlsx' | 'csv' | null {
  if (data.length >= 4 && ZIP_MAGIC.every((b, i) => data[i] === b)) return 'xlsx';
  // Text: no NUL byte in the first 64 KB (binary files such as .xls, .pdf or images have them).
  const head = data.subarray(0, 65536);
  if (data.length > 0 && !head.includes(0)) return 'csv';
  return null;
}

/** A CSV's text: UTF-8 (with or without BOM), else GB18030 as Excel in China saves it. */
export function decodeCsv(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/** RFC 4180 rows: quoted fields with "" escapes and line breaks, CRLF or LF, comma separated. */
export function* parseCsv(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
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
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      yield row;
      row = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

const blank = (cells: string[]) => cells.every((c) => c === '');

/**
 * The rows of the first worksheet of an .xlsx, streamed (memory stays flat however long the sheet
 * is). Blank rows are left out.
 */
export async function* xlsxRows(data: Buffer): AsyncGenerator<SheetRow> {
  for await (const row of readFirstSheet(data)) if (!blank(row.cells)) yield row;
}

/** The rows of a CSV (row numbers as in the file), blank rows left out. */
export function* csvRows(text: string): Generator<SheetRow> {
  let number = 0;
  for (const cells of parseCsv(text.replace(/^\uFEFF/, ''))) {
    number += 1;
    const trimmed = cells.map((c) => c.trim());
    if (!blank(trimmed)) yield { number, cells: trimmed };
  }
}

type SheetSpec = { name: string; columns: { header: string; width?: number }[] };

/**
 * Writes an .xlsx with exceljs's streaming writer into a temporary file and returns its bytes:
 * rows are flushed as they are added, so only the finished file is ever held in memory.
 * `fill` adds rows through `add(sheetIndex, values)`.
 */
export async function writeXlsx(
  sheets: SheetSpec[],
  fill: (add: (sheet: number, values: (string | number | null)[]) => void) => Promise<void>,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clue-io-'));
  const filename = path.join(dir, 'out.xlsx');
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename,
      useStyles: true,
      useSharedStrings: false,
    });
    const ws = sheets.map((s) => {
      const sheet = workbook.addWorksheet(s.name);
      sheet.columns = s.columns.map((c, i) => ({
        header: c.header,
        key: `c${i}`,
        width: c.width ?? 16,
      }));
      sheet.getRow(1).font = { bold: true };
      return sheet;
    });
    await fill((index, values) => ws[index].addRow(values).commit());
    for (const sheet of ws) sheet.commit();
    await workbook.commit();
    return await readFile(filename);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
