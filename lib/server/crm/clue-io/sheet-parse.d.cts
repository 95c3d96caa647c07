/** Types of sheet-parse.cjs (plain CommonJS so the parse worker loads it anywhere; ADR 0160). */

export type ParsedRow = { number: number; cells: string[]; extra?: boolean };

export type SheetLimits = {
  /** Cells kept per row (A = 0); past it only `extra` tells that a cell had text. */
  maxColumns: number;
  /** Non-blank rows handed back (the worker stops reading after them). */
  maxRows: number;
  /** Every <row> element, blank ones too. */
  maxRawRows: number;
  maxZipEntries: number;
  /** workbook.xml and its relationships, inflated. */
  maxPartBytes: number;
  maxSharedStringsBytes: number;
  maxSharedStrings: number;
  /** The worksheet, inflated (read as a stream). */
  maxSheetBytes: number;
  /** One row's XML, and what may stay unconsumed between two chunks. */
  maxRowChars: number;
};

export type SheetLimitCode = 'tooLarge' | 'tooManyRows' | 'unreadable';

export class SheetLimitError extends Error {
  constructor(code: SheetLimitCode, detail?: string);
  readonly code: SheetLimitCode;
}

export function readFirstSheet(
  data: Uint8Array,
  limits: SheetLimits,
): AsyncGenerator<{ number: number; cells: string[]; extra: boolean }>;
export function xmlText(s: string): string;
export function decodeCsv(data: Uint8Array): string;
export function parseCsv(text: string): Generator<string[]>;
export function csvRows(text: string, maxColumns?: number): Generator<ParsedRow>;
