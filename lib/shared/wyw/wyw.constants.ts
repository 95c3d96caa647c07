/**
 * 挖一挖 / 批量导出 (spec 2.7, 3, 4.6, 7.3, 7.5, 7.6, 9): names and numbers shared by the server,
 * the overlay and the tests.
 */

export const WYW_BATCH_KIND = 'wyw_batch';
export const WYW_BATCH_TITLE = '批量导出';
/** 挖一挖 for one company runs as a small job (not listed in 下载中心). */
export const WYW_SINGLE_KIND = 'wyw_single';
/** How long the 挖一挖 request waits for its job before answering that it is still running. */
export const WYW_SINGLE_WAIT_MS = 20_000;
/** Real .xlsx content, so the name says .xlsx (ARCHITECTURE.md: Excel and WPS warn otherwise). */
export const WYW_EXPORT_FILE_NAME = '导出.xlsx';
/** Leads per batch job at most (a 10,000-lead list selected whole). */
export const WYW_BATCH_MAX = 10_000;
/** Leads collected per job step (one transaction, one checkpoint). */
export const WYW_STEP_LEADS = 20;

/** WebSocket path of the job state; the page sends the job id every WYW_POLL_MS. */
export const WYW_SOCKET_PATH = '/websocket/wyw/get-batch-wyw-job';
export const WYW_POLL_MS = 1000;
/** Ring of the overlay (spec 4.6 / 9). */
export const WYW_RING_RADIUS = 80;
export const WYW_RING_WIDTH = 10;

/** Job state status: 0 running (or waiting), 1 finished, 2 stopped, 3 failed. */
export const WYW_STATUS = { running: 0, finished: 1, stopped: 2, failed: 3 } as const;

/** Outcome of one lead in a batch (wyw_batch_items.outcome). */
export const WYW_OUTCOME = { collected: 1, gone: 2, noCompany: 3, sourceFailed: 4 } as const;

/** localStorage keys (spec 4.6): the download parameters and the tab that downloads. */
export const WYW_CALLBACK_PARAMS_KEY = 'WYWCallbackParams';
export const WYW_CALLBACK_KEY = 'WYWCallback';
/** Window event the start button fires so the overlay opens at once. */
export const WYW_STARTED_EVENT = 'wyw-batch-started';

export const WYW_TEXT = {
  title: '批量导出',
  collecting: '补充数据中',
  noteCollect: '导出前，再次进行数据全网采集',
  noteStop: '终止导出会停止采集',
  stop: '终止导出',
  stopped: '已终止导出',
  failed: '导出失败',
  noSelection: '请先选择线索',
  noneInScope: '所选线索不存在或无权操作',
  tooMany: `一次最多导出 ${WYW_BATCH_MAX.toLocaleString('en-US')} 条线索`,
  alreadyRunning: '已有批量导出正在进行',
  collectButton: '挖一挖',
  collectDone: '采集完成',
  sourceUnavailable: '联系方式采集暂不可用，请稍后重试',
  stillCollecting: '采集仍在进行，完成后刷新即可看到新的联系方式',
  companyGone: '企业不存在',
  lockedTitle: '部分线索的联系方式未解锁',
  unlockAndExport: '解锁后导出',
  omitLocked: '只导出已解锁的',
  maskLocked: '全部导出（未解锁的打码）',
  quotaShort: '解锁额度不足',
} as const;

/** 成功采集{n}家企业，挖到{m}个联系方式 (n: companies collected, m: contacts new to them) */
export function wywSuccessText(companies: number, contacts: number): string {
  return `成功采集${companies}家企业，挖到${contacts}个联系方式`;
}

/**
 * What 批量导出 does with leads whose company the enterprise has not unlocked (issue 28 item 7):
 * unlock them against the quota before the file is written, leave them out of the file, or list
 * them with masked contacts (the API's default; the page always asks).
 */
export const WYW_LOCKED_MODES = ['unlock', 'omit', 'mask'] as const;
export type WywLockedMode = (typeof WYW_LOCKED_MODES)[number];

/** The counts of a finished 批量导出: the toast, the job's message (下载中心) and the file say the same. */
export type WywSummary = {
  /** Distinct companies the source answered for (each is 已采集 in the file). */
  collectedCompanyNum: number;
  /** Contacts new to those companies (the file's 本次新增联系方式 adds up to this). */
  newContactNum: number;
  /** Lead rows in the file. */
  exportedNum: number;
  /** Leads left out because their company is not unlocked (mode omit). */
  omittedNum: number;
  /** Lead rows whose contacts are masked (not unlocked). */
  maskedNum: number;
  /** Companies unlocked for this export (mode unlock; each charged one unit of quota). */
  unlockedNum: number;
};

/** 成功采集10家企业，挖到12个联系方式；导出10条，解锁9家 / 9条未解锁未导出 / 9条联系方式打码 */
export function wywSummaryText(s: WywSummary): string {
  const parts = [`导出${s.exportedNum}条`];
  if (s.unlockedNum > 0) parts.push(`解锁${s.unlockedNum}家`);
  if (s.omittedNum > 0) parts.push(`${s.omittedNum}条未解锁未导出`);
  if (s.maskedNum > 0) parts.push(`${s.maskedNum}条未解锁（联系方式打码）`);
  return `${wywSuccessText(s.collectedCompanyNum, s.newContactNum)}；${parts.join('，')}`;
}

/** 0-100; 100 only once finished (spec 9: 100 = done). */
export function wywPercent(finished: boolean, processed: number, total: number): number {
  if (finished) return 100;
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((processed / total) * 100));
}
