/**
 * The AI assistant (/ai, issue 16, spec 2.8, 3, 4.5): task and message codes, limits and the texts
 * both sides show. The server stores these numbers; the screens read them from here.
 */

/** Prefix of every assistant call (spec 7.4). */
export const AI_PREFIX = '/shuzhituoke/intelligent-search/v2';

/** Task states (spec 4.5): 0 new (no message yet), 1 in progress, 2 ended. */
export const AI_TASK_STATUS = { new: 0, active: 1, ended: 2 } as const;
export type AiTaskStatus = (typeof AI_TASK_STATUS)[keyof typeof AI_TASK_STATUS];

/** Message type (spec 3): 0 the user's, 1 the assistant's. */
export const AI_MESSAGE_TYPE = { user: 0, assistant: 1 } as const;
export type AiMessageType = (typeof AI_MESSAGE_TYPE)[keyof typeof AI_MESSAGE_TYPE];

/**
 * Message subType (spec 3, 0-6). 1 and 6 carry add-contact (加微) tasks (issue 33, ADR 0199).
 */
export const AI_SUB_TYPE = {
  /** a user's request (type 0) */
  request: 0,
  /** add-contact task started in a conversation (issue 33) */
  addWeixin: 1,
  /** search reply understood from a request */
  search: 2,
  /** search reply re-run from conditions the user edited (chips) */
  searchEdited: 3,
  /** guidance: nothing searchable was understood (empty, emoji-only, nonsense); suggestions */
  guide: 4,
  /** other assistant text (greeting, notices) */
  other: 5,
  /** add-contact task started from a lead list, in a conversation of its own (issue 33) */
  addWeixinResult: 6,
} as const;
export type AiSubType = (typeof AI_SUB_TYPE)[keyof typeof AI_SUB_TYPE];

/** Messages that carry an add-contact task (spec 4.5: subType 1 and 6). */
export function isAddWeixin(subType: number): boolean {
  return subType === AI_SUB_TYPE.addWeixin || subType === AI_SUB_TYPE.addWeixinResult;
}

export function isSearchReply(subType: number): boolean {
  return subType === AI_SUB_TYPE.search || subType === AI_SUB_TYPE.searchEdited;
}

/**
 * Message status (spec 4.5, 9: placeholder 5 → 3 reply received → 4 sent). On the server an
 * assistant message is written with 5 while it is being prepared, becomes 3 once its conditions,
 * count and first page are stored (the reply text may still be streaming) and 4 when the reply
 * text is complete. A user message is stored with 4. 7 marks a reply that failed (content 出错了).
 */
export const AI_MESSAGE_STATUS = { placeholder: 5, replied: 3, sent: 4, failed: 7 } as const;
export type AiMessageStatus = (typeof AI_MESSAGE_STATUS)[keyof typeof AI_MESSAGE_STATUS];

/** Where the understanding of a request came from. */
export const AI_SOURCES = ['parser', 'model', 'edited'] as const;
export type AiSource = (typeof AI_SOURCES)[number];

/** Limits. */
export const AI_QUERY_MAX = 2000;
export const AI_TASK_NAME_MAX = 30;
export const AI_TITLE_MAX = 30;
/** Rows of an enterprise page in the thread (message-ent-page). */
export const AI_ENT_PAGE_SIZE = 10;
/** Rows per page on /intelligenceSearchDetail (get-ent-detail-list). */
export const AI_DETAIL_PAGE_SIZE_MAX = 50;
/** Tasks a user keeps (the oldest beyond this cannot be created: delete some first). */
export const AI_TASKS_MAX = 200;
/** Messages in one thread. */
export const AI_MESSAGES_PER_TASK_MAX = 1000;
/** Companies one to-crm call adds (selected ids, or the first of all results). */
export const AI_TO_CRM_MAX = 500;
/** Companies one clue-export task adds to leads (all results, in order). */
export const AI_CLUE_TASK_MAX = 5000;

/** Wait times of the send flow on the client (spec 4.5, 9): three waits of 1 s each. */
export const AI_SEND_WAIT_MS = 1000;

export const AI_MESSAGES = {
  defaultTaskName: '新的对话',
  failed: '出错了',
  notLoggedIn: '请先登录',
  taskNameRequired: '请输入任务名称',
  taskNameTooLong: `任务名称最多 ${AI_TASK_NAME_MAX} 个字`,
  titleRequired: '请输入客户标题',
  titleTooLong: `客户标题最多 ${AI_TITLE_MAX} 个字`,
  queryTooLong: `请求最多 ${AI_QUERY_MAX} 个字`,
  queryOrCondition: '请输入您要找的企业，或修改条件后再发送',
  taskIdRequired: '请选择任务',
  notSearchReply: '该消息不是搜索结果',
  nothingSelected: '请选择企业',
} as const;

/** Lead source of companies added from the assistant (lib/shared/clue/clue.constants.ts). */
export const AI_CLUE_SOURCE = 'AI 助手';

/** Job kinds (download centre). */
export const AI_EXPORT_KIND = 'ai_export';
export const AI_CLUE_EXPORT_KIND = 'ai_clue_export';
