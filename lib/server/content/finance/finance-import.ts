import 'server-only';
import fs from 'node:fs';
import readline from 'node:readline';
import type pg from 'pg';
import { withTransaction } from '@/lib/server/platform';
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { financeImportRowSchema, type FinanceImportRow } from '@/lib/shared/finance/finance';
import { refreshFinanceIndex } from './finance.service';

/*
 * npm run import:finance (issue 32 item 2, ADR 0193): real financing events into
 * enterprise_financing, the same rows the company page's 融资信息 tab shows; the finance index is
 * recomputed at the end. Parsing is bounded: the file is read line by line, a line longer than
 * MAX_LINE_CHARS, a file bigger than MAX_FILE_BYTES or more than MAX_ROWS rows is refused, and
 * every bad row is reported by its line number in Chinese while the good rows load.
 */

export const MAX_FILE_BYTES = 512 * 1024 * 1024;
export const MAX_LINE_CHARS = 16 * 1024;
export const MAX_ROWS = 2_000_000;
/** Rows resolved and written per transaction. */
const BATCH = 1_000;
/** Bad rows kept with their message (the count goes on beyond). */
const KEPT_ERRORS = 1_000;

const COLUMNS = ['uncid', 'round', 'date', 'amount', 'investors'] as const;

export type FinanceImportReport = {
  rows: number;
  inserted: number;
  updated: number;
  errorCount: number;
  /** The first KEPT_ERRORS bad rows: line number (from 1) and what is wrong. */
  errors: { line: number; message: string }[];
};

/** One CSV line into cells: commas, double-quoted cells with "" for a quote (no line breaks). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

type Parsed = { ok: true; row: FinanceImportRow } | { ok: false; message: string };

/**
 * One line of the file: a JSON object, or CSV cells in the header's order (uncid, round, date,
 * amount, investors by default; investors separated by 、 or ;).
 */
export function parseFinanceLine(line: string, header: readonly string[] | null): Parsed {
  let raw: unknown;
  if (line.startsWith('{')) {
    try {
      raw = JSON.parse(line);
    } catch {
      return { ok: false, message: '不是有效的 JSON' };
    }
  } else {
    const cells = splitCsvLine(line);
    const names = header ?? COLUMNS;
    raw = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  }
  const parsed = financeImportRowSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues.map((i) => i.message).join('；') };
  if (!validateUncid(parsed.data.uncid))
    return { ok: false, message: '统一社会信用代码校验位不正确' };
  return { ok: true, row: parsed.data };
}

type Pending = { line: number; row: FinanceImportRow };

/** Writes a batch: unknown companies are errors; an event is (company, round, date): updated. */
async function writeBatch(
  db: pg.Pool,
  batch: Pending[],
  report: FinanceImportReport,
  fail: (line: number, message: string) => void,
): Promise<void> {
  const codes = [...new Set(batch.map((p) => p.row.uncid))];
  const { rows } = await db.query<{ id: string; uncid: string }>(
    'select id::text, uncid from enterprises where uncid = any($1::text[])',
    [codes],
  );
  const ids = new Map(rows.map((r) => [r.uncid, r.id]));
  await withTransaction(db, async (tx) => {
    for (const { line, row } of batch) {
      const id = ids.get(row.uncid);
      if (!id) {
        fail(line, `未找到统一社会信用代码为 ${row.uncid} 的企业`);
        continue;
      }
      const updated = await tx.query(
        `update enterprise_financing set amount = $4, investors = $5::text[]
         where enterprise_id = $1 and round = $2 and financing_date = $3::date`,
        [id, row.round, row.date, row.amount, row.investors],
      );
      if (updated.rowCount) report.updated += 1;
      else {
        await tx.query(
          `insert into enterprise_financing (enterprise_id, round, financing_date, amount, investors)
           values ($1, $2, $3::date, $4, $5::text[])`,
          [id, row.round, row.date, row.amount, row.investors],
        );
        report.inserted += 1;
      }
    }
  });
}

/** Imports a JSON-lines or CSV file of financing events; see the file's opening comment. */
export async function importFinanceFile(
  db: pg.Pool,
  file: string,
  limits: { maxBytes?: number; maxRows?: number } = {},
): Promise<FinanceImportReport> {
  const size = fs.statSync(file).size;
  const maxBytes = limits.maxBytes ?? MAX_FILE_BYTES;
  if (size > maxBytes)
    throw new Error(
      `文件过大（${Math.ceil(size / 1024 / 1024)} MB），上限 ${maxBytes / 1024 / 1024} MB`,
    );
  const maxRows = limits.maxRows ?? MAX_ROWS;
  const report: FinanceImportReport = {
    rows: 0,
    inserted: 0,
    updated: 0,
    errorCount: 0,
    errors: [],
  };
  const fail = (line: number, message: string) => {
    report.errorCount += 1;
    if (report.errors.length < KEPT_ERRORS) report.errors.push({ line, message });
  };
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let header: string[] | null = null;
  let batch: Pending[] = [];
  let n = 0;
  try {
    for await (const rawLine of lines) {
      n += 1;
      const line = (n === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine).trim();
      if (!line) continue;
      if (line.length > MAX_LINE_CHARS) {
        fail(n, `行过长（超过 ${MAX_LINE_CHARS} 个字符），已跳过`);
        continue;
      }
      // A CSV header names the columns (any order); it is not a row.
      if (report.rows === 0 && header === null && !line.startsWith('{') && /uncid/i.test(line)) {
        header = splitCsvLine(line).map((c) => c.toLowerCase());
        const missing = ['uncid', 'round', 'date'].filter((c) => !header!.includes(c));
        if (missing.length) throw new Error(`表头缺少列：${missing.join('、')}`);
        continue;
      }
      report.rows += 1;
      if (report.rows > maxRows)
        throw new Error(`行数超过上限 ${maxRows}，已停止（之前的行已导入）`);
      const parsed = parseFinanceLine(line, header);
      if (!parsed.ok) fail(n, parsed.message);
      else batch.push({ line: n, row: parsed.row });
      if (batch.length >= BATCH) {
        await writeBatch(db, batch, report, fail);
        batch = [];
      }
    }
    if (batch.length) await writeBatch(db, batch, report, fail);
  } finally {
    lines.close();
    input.destroy();
    // What was written is shown at once (also when the file stopped part-way).
    if (report.inserted + report.updated > 0) await refreshFinanceIndex(db);
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}
