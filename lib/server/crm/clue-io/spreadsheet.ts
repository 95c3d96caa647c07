import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sheetRows } from './sheet-in-worker';

/**
 * One row of a sheet as text cells, with its row number in the file (the header is row 1); `extra`
 * when a cell past the import's last column had text (those cells are not kept).
 */
export type SheetRow = { number: number; cells: string[]; extra?: boolean };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** What the bytes are: an .xlsx (a zip), a text file taken as CSV, or neither. */
export function detectSpreadsheet(data: Buffer): 'xlsx' | 'csv' | null {
  if (data.length >= 4 && ZIP_MAGIC.every((b, i) => data[i] === b)) return 'xlsx';
  // Text: no NUL byte in the first 64 KB (binary files such as .xls, .pdf or images have them).
  const head = data.subarray(0, 65536);
  if (data.length > 0 && !head.includes(0)) return 'csv';
  return null;
}

/** CSV decoding and parsing: one implementation, shared with the parse worker (ADR 0160). */
export { csvRows, decodeCsv, parseCsv } from './sheet-parse.cjs';

/**
 * The rows of the first worksheet of an .xlsx, streamed from a worker thread with every dimension
 * bounded (sheet-in-worker.ts). Blank rows are left out; no cell past the import's last column.
 */
export function xlsxRows(data: Buffer): AsyncGenerator<SheetRow> {
  return sheetRows('xlsx', data);
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
