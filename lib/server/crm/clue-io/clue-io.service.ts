import 'server-only';
import type { JobView } from '@/lib/shared/jobs/job.types';
import { formatMessage } from '@/lib/shared/api/error-codes';
import { CLUE_SOURCES } from '@/lib/shared/clue/clue.constants';
import {
  CLUE_EXPORT_KIND,
  CLUE_IMPORT_KIND,
  CLUE_IO_MESSAGES as M,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NOTES_SHEET_NAME,
  IMPORT_SHEET_NAME,
} from '@/lib/shared/clue-io/clue-io.constants';
import type { ClueExportQuery } from '@/lib/shared/clue-io/clue-io.contract';
import { admitExportJob } from '@/lib/server/enterprise';
import {
  ApiError,
  apiError,
  enqueueJob,
  getJob,
  jobFile,
  type JobOwner,
  storeJobFile,
} from '@/lib/server/platform';
import { sheetRows, SheetReadError } from './sheet-in-worker';
import { detectSpreadsheet, writeXlsx, type SheetRow } from './spreadsheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const refuse = (msg: string) => new ApiError(400, msg);

/** The import template: the 线索 sheet (headers, one example row) and the 填写说明 sheet. */
export async function importTemplate(): Promise<Buffer> {
  const notes: [string, string][] = [
    ['必填', '线索名称（每行必须填写）'],
    ['表头', `第一行为表头，请勿修改、增删或调换列：${HEADERS.join('、')}`],
    ['统一社会信用代码', '18 位，按 GB 32100 校验最后一位校验码；填写后按代码关联企业'],
    ['企业关联', '按统一社会信用代码关联企业；未填写时按线索名称与企业名称完全一致关联'],
    ['手机号', '11 位中国大陆手机号，如 13800138000'],
    ['座机', '如 0592-5123456 或 0592-5123456-801'],
    ['邮箱', '如 name@example.com'],
    ['网址', '以 http:// 或 https:// 开头，如 https://www.example.com'],
    [
      '线索来源',
      `导入的线索来源为「批量导入」，跟进人为导入人（来源列表：${CLUE_SOURCES.join('、')}）`,
    ],
    [
      '去重',
      '同一企业已有线索、或已有名称和手机号都相同的线索时跳过，重复导入同一文件不会重复创建',
    ],
    [
      '文件',
      `.xlsx 或 .csv（UTF-8 或 GBK），不超过 20MB，最多 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行`,
    ],
    ['失败明细', '校验不通过的行不会导入，导入完成后可下载失败明细（含行号与失败原因）'],
  ];
  return writeXlsx(
    [
      {
        name: IMPORT_SHEET_NAME,
        columns: IMPORT_COLUMNS.map((c) => ({
          header: c.required ? `${c.header}` : c.header,
          width: 22,
        })),
      },
      {
        name: IMPORT_NOTES_SHEET_NAME,
        columns: [
          { header: '项目', width: 18 },
          { header: '说明', width: 90 },
        ],
      },
    ],
    async (add) => {
      add(
        0,
        IMPORT_COLUMNS.map((c) => c.example),
      );
      for (const [k, v] of notes) add(1, [k, v]);
    },
  );
}

function headersMatch(row: SheetRow | undefined): boolean {
  if (!row || row.extra) return false;
  const cells = row.cells.slice(0, HEADERS.length).map((c) => c.replace(/^\*|\*$/g, '').trim());
  return (
    HEADERS.every((h, i) => cells[i] === h) &&
    row.cells.slice(HEADERS.length).every((c) => c === '')
  );
}

/**
 * Checks an upload before anything is written: type by content, size, headers, row count. Returns
 * the .xlsx to import (a CSV is converted, so the job reads one format) and its data row count.
 * Both formats are read in a bounded worker (ADR 0160): a hostile file gets a message, the server
 * goes on.
 */
export async function checkUpload(file: File): Promise<{ data: Buffer; rows: number }> {
  if (file.size > IMPORT_MAX_BYTES) throw refuse(M.tooLarge);
  const raw = Buffer.from(await file.arrayBuffer());
  if (raw.length > IMPORT_MAX_BYTES) throw refuse(M.tooLarge);
  const type = detectSpreadsheet(raw);
  if (!type) throw refuse(M.notSpreadsheet);
  const wrongHeaders = () => refuse(formatMessage(M.wrongHeaders, { headers: HEADERS.join('、') }));

  let rows = -1;
  const body: SheetRow[] = [];
  try {
    for await (const row of sheetRows(type, raw)) {
      if (rows === -1 && !headersMatch(row)) throw wrongHeaders();
      rows += 1;
      if (rows > IMPORT_MAX_ROWS) throw refuse(M.tooManyRows);
      if (type === 'csv' && rows > 0) body.push(row);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof SheetReadError) throw refuse(err.message);
    // A zip that is not a workbook (a .docx, a broken file).
    throw refuse(M.unreadable);
  }
  if (rows === -1) throw wrongHeaders();
  if (rows === 0) throw refuse(M.empty);
  if (type === 'xlsx') return { data: raw, rows };

  const data = await writeXlsx(
    [{ name: IMPORT_SHEET_NAME, columns: HEADERS.map((header) => ({ header })) }],
    async (add) => {
      for (let i = 0; i < body.length; i += 1) {
        add(
          0,
          HEADERS.map((_, c) => body[i].cells[c] ?? ''),
        );
        // Writing 100,000 rows is seconds of CPU: let other requests in between (ADR 0160).
        if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
      }
    },
  );
  return { data, rows };
}

export async function startImport(owner: JobOwner, form: FormData): Promise<JobView> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw refuse(M.fileRequired);
  const { data, rows } = await checkUpload(file);
  const fileKey = await storeJobFile('upload.xlsx', XLSX, data);
  const fileName = (file.name || '线索导入.xlsx').slice(0, 100);
  return enqueueJob(owner, {
    kind: CLUE_IMPORT_KIND,
    title: `线索导入：${fileName}`,
    params: { inputFileKey: fileKey, fileName, total: rows },
  });
}

/** The failures file of an import job of the caller (404 for anyone else's). */
export async function importFailures(owner: JobOwner, jobId: number) {
  const job = await getJob(owner, jobId);
  if (job.kind !== CLUE_IMPORT_KIND) throw refuse(M.notImportJob);
  if (job.status !== 'succeeded') throw refuse(M.failuresNotReady);
  const file = await jobFile(owner, jobId);
  if (!file) throw apiError('NOT_FOUND');
  return file;
}

export async function startExport(owner: JobOwner, filters: ClueExportQuery): Promise<JobView> {
  return enqueueJob(
    owner,
    { kind: CLUE_EXPORT_KIND, title: '线索导出', params: filters },
    { admit: admitExportJob(owner) },
  );
}
