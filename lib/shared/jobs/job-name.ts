/**
 * What a 下载中心 row and its file are called (issue 28 item 7: every row read 批量导出 ·
 * 导出.xlsx): the content (what was exported, how many) and the date, and whether the job
 * exported nothing.
 */
export type NamedJob = {
  kind: string;
  title: string;
  status: string;
  total: number | null;
  result: Record<string, unknown> | null;
  fileName: string | null;
  createTime: number;
};

/** Kinds whose rows are leads; the other exports are companies. */
const LEAD_KINDS = new Set(['wyw_batch', 'clue_export', 'ai_clue_export']);
const EXPORT_KINDS = new Set([
  'wyw_batch',
  'clue_export',
  'ai_export',
  'export_enterprises',
  'export_unlocked',
  'export_advanced_search',
  'export_industry_list',
]);

/**
 * Jobs whose file is not their subject: an import's file is its 失败明细, which named after the
 * job would read 线索导入：名单.xlsx_….xlsx; these keep the name the job gave the file.
 */
const NAMED_BY_FILE_KINDS = new Set(['clue_import']);

/** Rows the job's file holds, when the job says (result.rows, or 批量导出's exportedNum). */
export function exportedRows(job: Pick<NamedJob, 'result'>): number | null {
  const r = job.result ?? {};
  const n = typeof r.rows === 'number' ? r.rows : r.exportedNum;
  return typeof n === 'number' ? n : null;
}

/** A finished export whose file has no rows: flagged in 下载中心. */
export function exportedNothing(job: Pick<NamedJob, 'kind' | 'status' | 'result'>): boolean {
  return job.status === 'succeeded' && EXPORT_KINDS.has(job.kind) && exportedRows(job) === 0;
}

/** The title with its content: 批量导出（12 条线索）; titles that already count stay as they are. */
export function jobContentTitle(
  job: Pick<NamedJob, 'kind' | 'title' | 'total' | 'result'>,
): string {
  if (/（.+）|：/.test(job.title) || !EXPORT_KINDS.has(job.kind)) return job.title;
  const n = exportedRows(job) ?? job.total;
  if (n === null) return job.title;
  return `${job.title}（${n} ${LEAD_KINDS.has(job.kind) ? '条线索' : '家企业'}）`;
}

const CHINA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function chinaParts(ms: number): Record<string, string> {
  return Object.fromEntries(CHINA_TIME.formatToParts(ms).map((p) => [p.type, p.value]));
}

/**
 * The file's name with its date: 批量导出（12条线索）_20261129-1030.xlsx for an export,
 * 线索导入失败明细_20261129-1030.xlsx for an import's failures.
 */
export function jobFileName(job: NamedJob): string | null {
  if (!job.fileName) return null;
  const ext = /\.[A-Za-z0-9]{1,6}$/.exec(job.fileName)?.[0] ?? '';
  const p = chinaParts(job.createTime);
  const stamp = `${p.year}${p.month}${p.day}-${p.hour}${p.minute}`;
  const named = NAMED_BY_FILE_KINDS.has(job.kind)
    ? job.fileName.slice(0, job.fileName.length - ext.length)
    : jobContentTitle(job);
  const base = named.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 60);
  return `${base}_${stamp}${ext}`;
}
