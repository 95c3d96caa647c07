/**
 * Streams the records of one import file (CSV or JSONL, `.gz` allowed) without holding the file:
 * gunzip (node:zlib) → strict UTF-8 decoding (a GBK file is refused with a clear message) →
 * csv-parse (RFC 4180, BOM tolerated) or a bounded line splitter. Records longer than
 * MAX_RECORD_CHARS end the CSV read (its structure cannot be trusted past them) and are rejected
 * one by one in JSONL. ADR 0212.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { parse } from 'csv-parse';
import {
  CHILD_KINDS,
  COLUMNS_OF,
  MAX_RECORD_CHARS,
  cellText,
  type SourceKind,
} from './enterprise-columns';

/** The file cannot be imported at all (nothing of it is applied); exit code 2. */
export class ImportFileError extends Error {}

export type SourceFile = { path: string; kind: SourceKind; format: 'csv' | 'jsonl'; gzip: boolean };

/** One record: its row number (CSV: the header is row 1; JSONL: the line), values, the original. */
export type SourceRecord = {
  row: number;
  get: (key: string) => string;
  /** JSONL nested child arrays (undefined when the key is absent). */
  nested?: (kind: (typeof CHILD_KINDS)[number]) => unknown;
  raw: string;
  /** Set when the record is refused before its values are read. */
  reason?: string;
};

/**
 * What a file holds, from its name: `…shareholders.csv`, `…people.jsonl.gz`, … are child tables
 * (the word last before the extension), anything else is companies.
 */
export function describeFile(file: string): SourceFile {
  const base = path.basename(file).toLowerCase();
  const gzip = base.endsWith('.gz');
  const stem = gzip ? base.slice(0, -3) : base;
  const format = stem.endsWith('.csv')
    ? 'csv'
    : stem.endsWith('.jsonl') || stem.endsWith('.ndjson')
      ? 'jsonl'
      : null;
  if (!format) throw new ImportFileError(`${file}：只支持 .csv、.jsonl（可再加 .gz）文件`);
  const name = stem.replace(/\.(csv|jsonl|ndjson)$/, '');
  const kind =
    CHILD_KINDS.find(
      (k) =>
        name === k || name.endsWith(`-${k}`) || name.endsWith(`_${k}`) || name.endsWith(`.${k}`),
    ) ?? 'companies';
  return { path: path.resolve(file), kind, format, gzip };
}

/** UTF-8 bytes → text; a byte sequence that is not UTF-8 ends the read with the line it is on. */
class StrictUtf8 extends Transform {
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private lines = 1;
  constructor(private readonly file: string) {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }
  private decode(chunk: Buffer | undefined, stream: boolean): string {
    try {
      return this.decoder.decode(chunk, { stream });
    } catch {
      // The line of the first bad byte: lines before this chunk plus those in it before the byte.
      const loose = chunk ? new TextDecoder('utf-8').decode(chunk) : '';
      const at = loose.indexOf('\uFFFD');
      const line = this.lines + (at > 0 ? loose.slice(0, at).split('\n').length - 1 : 0);
      throw new ImportFileError(
        `${this.file}：第 ${line} 行附近不是 UTF-8 编码（可能是 GBK/GB2312）。请另存为 UTF-8 后重试，例如 iconv -f GBK -t UTF-8 原文件 > 新文件`,
      );
    }
  }
  private count(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lines++;
  }
  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      const text = this.decode(chunk, true);
      this.count(text);
      done(null, text);
    } catch (err) {
      done(err as Error);
    }
  }
  _flush(done: TransformCallback) {
    try {
      done(null, this.decode(undefined, false));
    } catch (err) {
      done(err as Error);
    }
  }
}

/** Splits text into lines, each at most `max` characters; a longer one is reported, not kept. */
class BoundedLines extends Transform {
  private buf = '';
  private skipping = false;
  private line = 0;
  constructor(private readonly max: number) {
    super({ readableObjectMode: true, writableObjectMode: false, decodeStrings: false });
  }
  private emitLine(text: string) {
    this.line++;
    if (this.skipping) {
      this.skipping = false;
      this.push({ row: this.line, text: '', tooLong: true });
    } else this.push({ row: this.line, text, tooLong: false });
  }
  _transform(chunk: string, _enc: BufferEncoding, done: TransformCallback) {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      this.emitLine(this.skipping ? '' : this.buf + chunk.slice(start, nl));
      this.buf = '';
      start = nl + 1;
    }
    if (!this.skipping) {
      this.buf += chunk.slice(start);
      if (this.buf.length > this.max) {
        this.skipping = true;
        this.buf = '';
      }
    }
    done();
  }
  _flush(done: TransformCallback) {
    if (this.buf.length || this.skipping) this.emitLine(this.buf);
    done();
  }
}

/** a.pipe(b), with an error of a ending b too (pipe alone leaves b waiting forever). */
function chain<T extends NodeJS.WritableStream & Readable>(a: Readable, b: T): T {
  a.on('error', (err) => b.destroy(err));
  return a.pipe(b);
}

function openText(file: SourceFile): Readable {
  const bytes = fs.createReadStream(file.path, { highWaterMark: 1 << 20 });
  const source: Readable = file.gzip ? chain(bytes, zlib.createGunzip()) : bytes;
  return chain(source, new StrictUtf8(path.basename(file.path)));
}

/** A read error as what the operator is told. */
export function explainReadError(file: SourceFile, err: unknown): Error {
  if (err instanceof ImportFileError) return err;
  const e = err as NodeJS.ErrnoException & { code?: string; lines?: number; records?: number };
  const name = path.basename(file.path);
  if (e.code === 'ENOENT') return new ImportFileError(`找不到文件 ${file.path}`);
  if (e.code?.startsWith('Z_') || /unexpected end of file|incorrect header check/i.test(e.message))
    return new ImportFileError(`${name}：gzip 文件损坏或不完整（${e.message}），未导入任何数据`);
  if (e.code === 'CSV_MAX_RECORD_SIZE')
    return new ImportFileError(
      `${name}：第 ${(e.records ?? 0) + 1} 行超过 ${MAX_RECORD_CHARS / 1024 / 1024} MB 上限（文件第 ${e.lines} 行附近），未导入任何数据`,
    );
  if (e.code?.startsWith('CSV_'))
    return new ImportFileError(
      `${name}：第 ${(e.records ?? 0) + 1} 行 CSV 格式错误（引号或分隔符不成对，文件第 ${e.lines} 行附近），未导入任何数据`,
    );
  return e;
}

function csvField(values: string[], header: Map<string, number>) {
  return (key: string) => {
    const i = header.get(key);
    return i === undefined ? '' : (values[i] ?? '');
  };
}

/** The header row of a CSV file (trimmed, lower-case); reads only as far as it. */
async function* csvRecords(file: SourceFile): AsyncGenerator<SourceRecord | { header: string[] }> {
  const parser = chain(
    openText(file),
    parse({
      bom: true,
      raw: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  );
  let header: Map<string, number> | null = null;
  let width = 0;
  for await (const item of parser as AsyncIterable<{
    record: string[];
    raw: string;
    info: { records: number };
  }>) {
    if (!header) {
      const names = item.record.map((h) =>
        h
          .trim()
          .replace(/^\uFEFF/, '')
          .toLowerCase(),
      );
      header = new Map(names.map((h, i) => [h, i]));
      width = names.length;
      yield { header: names };
      continue;
    }
    const row = item.info.records;
    const raw = item.raw.replace(/\r?\n$/, '');
    if (item.record.length !== width)
      yield {
        row,
        get: () => '',
        raw,
        reason: `列数为 ${item.record.length}，表头为 ${width} 列`,
      };
    else yield { row, get: csvField(item.record, header), raw };
  }
}

async function* jsonlRecords(file: SourceFile): AsyncGenerator<SourceRecord> {
  const lines = chain(openText(file), new BoundedLines(MAX_RECORD_CHARS));
  for await (const line of lines as AsyncIterable<{
    row: number;
    text: string;
    tooLong: boolean;
  }>) {
    const text = line.row === 1 ? line.text.replace(/^\uFEFF/, '') : line.text;
    if (line.tooLong) {
      yield {
        row: line.row,
        get: () => '',
        raw: '',
        reason: `该行超过 ${MAX_RECORD_CHARS / 1024 / 1024} MB 上限`,
      };
      continue;
    }
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { row: line.row, get: () => '', raw: text, reason: '不是有效的 JSON' };
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      yield { row: line.row, get: () => '', raw: text, reason: '每行须为一个 JSON 对象' };
      continue;
    }
    const obj = value as Record<string, unknown>;
    yield {
      row: line.row,
      get: (key) => cellText(obj[key]),
      nested: (kind) => obj[kind],
      raw: text,
    };
  }
}

/**
 * The records of one file. A CSV header without a required column is refused here, before any
 * record is read (and checkHeaders runs it for every file before anything is written).
 */
export async function* readRecords(file: SourceFile): AsyncGenerator<SourceRecord> {
  try {
    if (file.format === 'jsonl') {
      yield* jsonlRecords(file);
      return;
    }
    for await (const item of csvRecords(file)) {
      if ('header' in item) {
        checkHeader(file, item.header);
        continue;
      }
      yield item;
    }
  } catch (err) {
    throw explainReadError(file, err);
  }
}

/** Refuses a CSV header that lacks a required column; answers the unknown columns. */
export function checkHeader(file: SourceFile, header: string[]): string[] {
  const specs = COLUMNS_OF[file.kind];
  const missing = specs.filter((s) => s.required && !header.includes(s.key)).map((s) => s.key);
  if (missing.length)
    throw new ImportFileError(
      `${path.basename(file.path)}：缺少必填列 ${missing.join('、')}（${file.kind === 'companies' ? '企业' : file.kind} 文件），未导入任何数据`,
    );
  return header.filter((h) => h && !specs.some((s) => s.key === h));
}

/** Reads only the header of each CSV file: a missing column refuses the run before any write. */
export async function preflight(files: SourceFile[]): Promise<string[]> {
  const notes: string[] = [];
  for (const file of files) {
    if (!fs.existsSync(file.path)) throw new ImportFileError(`找不到文件 ${file.path}`);
    if (file.format !== 'csv') continue;
    const records = csvRecords(file);
    try {
      const first = await records.next();
      if (first.done || !('header' in first.value))
        throw new ImportFileError(`${path.basename(file.path)}：文件为空，没有表头`);
      const unknown = checkHeader(file, first.value.header);
      if (unknown.length)
        notes.push(`${path.basename(file.path)}：忽略未知列 ${unknown.join('、')}`);
    } catch (err) {
      throw explainReadError(file, err);
    } finally {
      await records.return(undefined);
    }
  }
  return notes;
}
