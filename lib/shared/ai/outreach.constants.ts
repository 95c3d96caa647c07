/**
 * Add-contact tasks (加微任务, issue 33, spec 2.8, 3, 4.5; ADR 0199): codes, limits and texts
 * both sides use.
 */

/** Task status (spec 4.5): 0 not started, 1 in progress (paid), 2 ended. */
export const OUTREACH_STATUS = { notStarted: 0, running: 1, ended: 2 } as const;

/**
 * Overall status of a task card (spec 4.5): 5 when it is still running (wocStatus 1) but its end
 * time has passed — the client shows it as ended; else the task's own status.
 */
export const OUTREACH_EXPIRED_STATUS = 5;

/** What became of one contact. */
export const OUTREACH_CONTACT_STATE = {
  queued: 0,
  /** Claimed and handed to the provider; its answer to the send is not committed yet. */
  sending: 1,
  sent: 2,
  accepted: 3,
  refused: 4,
  failed: 5,
  skipped: 6,
} as const;
export type OutreachContactState =
  (typeof OUTREACH_CONTACT_STATE)[keyof typeof OUTREACH_CONTACT_STATE];

export const OUTREACH_STATE_TEXT: Record<number, string> = {
  0: '排队中',
  1: '发送中',
  2: '已发送',
  3: '已通过',
  4: '已拒绝',
  5: '失败',
  6: '已跳过',
};

export const OUTREACH_END_TEXT: Record<string, string> = {
  finished: '已完成',
  stopped: '已停止',
  expired: '已到结束时间',
  failed: '任务出错',
};

/** Limits. */
export const OUTREACH_COMPANIES_MAX = 10_000;
export const OUTREACH_TITLE_MAX = 30;
export const OUTREACH_GREETING_MAX = 200;
export const OUTREACH_DAILY_CAP_MAX = 500;
export const OUTREACH_DAILY_CAP_DEFAULT = 100;
/** Longest a task may run (days from creation to its end time). */
export const OUTREACH_DURATION_MAX_DAYS = 30;
/** Contacts per job step (ADR 0090: small steps that commit every few seconds). */
export const OUTREACH_STEP_CONTACTS = 10;
/** Credits one contact costs; a contact that is skipped or fails gives its credit back. */
export const OUTREACH_CREDITS_PER_CONTACT = 1;
/** Balance at or below which the tenant's admins are told (notify). */
export const OUTREACH_LOW_BALANCE = 20;

export const OUTREACH_JOB_KIND = 'outreach_task';
export const OUTREACH_EXPORT_KIND = 'outreach_export';
export const OUTREACH_EXPORT_FILE_NAME = '加微结果.xlsx';

/** Signed provider callbacks (ADR 0199). */
export const OUTREACH_SIGNATURE_HEADER = 'x-outreach-signature';
export const OUTREACH_TIMESTAMP_HEADER = 'x-outreach-timestamp';
/** A callback older or newer than this is refused (replay). */
export const OUTREACH_CALLBACK_SKEW_MS = 5 * 60_000;

export const OUTREACH_TEXT = {
  titleRequired: '请输入任务名称',
  titleTooLong: `任务名称最多 ${OUTREACH_TITLE_MAX} 个字`,
  greetingRequired: '请输入打招呼内容',
  greetingTooLong: `打招呼内容最多 ${OUTREACH_GREETING_MAX} 个字`,
  companiesRequired: '请选择要添加的企业',
  companiesTooMany: `一个加微任务最多 ${OUTREACH_COMPANIES_MAX} 家企业`,
  dailyCap: `每日上限为 1-${OUTREACH_DAILY_CAP_MAX}`,
  endTimePast: '结束时间须晚于现在',
  endTimeTooFar: `结束时间最多为 ${OUTREACH_DURATION_MAX_DAYS} 天后`,
  window: '发送时段不正确（开始须早于结束，0-24 点）',
  requestId: '请求编号不正确',
  demo: '演示数据',
  alreadyStopped: '任务已停止',
  stopping: '正在停止',
} as const;

/** Reasons recorded with failed or skipped contacts. */
export const OUTREACH_REASON = {
  noMobile: '无手机号',
  optedOut: '对方已拒绝再被联系',
  alreadyReached: '本企业其他任务已添加过',
  duplicate: '同一手机号在任务中重复',
  stopped: '任务已停止，未发送',
  expired: '任务已到结束时间，未发送',
  providerDown: '服务商无应答',
} as const;

/**
 * Push type of a task's progress on /websocket/message: content is the task (addWeixinTask),
 * sent in the transaction of each committed step, so it arrives when the change is visible.
 */
export const OUTREACH_PUSH_TYPE = 'outreach-task';

/** A task over leads picked in 线索管理 (批量加微) needs this permission besides the data scope. */
export const CLUE_OUTREACH_PERMISSION = 'szjk:clue:update';

/** Viewing and removing numbers of the tenant's 不再联系 list (adding one is open to every member). */
export const OUTREACH_OPT_OUT_PERMISSION = 'szjk:outreach:opt-out';
