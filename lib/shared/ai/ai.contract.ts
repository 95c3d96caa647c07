import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import {
  advancedConditionSchema,
  advancedSearchConditionSchema,
} from '@/lib/shared/search/advanced';
import { SORT_OPTIONS, type SortKey } from '@/lib/shared/search/filters';
import { enterpriseSearchHitSchema } from '@/lib/shared/search/search.contract';
import { toCrmResultSchema } from '@/lib/shared/enterprise/enterprise.contract';
import { jobViewSchema } from '@/lib/shared/jobs/job.contract';
import { addWeixinTaskSchema, cluePoolEntSchema } from './outreach.contract';
import {
  AI_DETAIL_PAGE_SIZE_MAX,
  AI_MESSAGES as M,
  AI_PREFIX,
  AI_QUERY_MAX,
  AI_SOURCES,
  AI_TASK_NAME_MAX,
  AI_TITLE_MAX,
  AI_TO_CRM_MAX,
} from './ai.constants';

/*
 * The AI assistant's calls (spec 7.4, prefix /shuzhituoke/intelligent-search/v2; issue 16).
 *
 * Flow of one request (spec 4.5; the three 1 s waits are the client's):
 *   1. GET  get-reply-content?query      → code 200 with {replyContent}; anything else: stop.
 *   2. wait 1 s; POST send-message {taskId, query, replyContent} → the user message and the
 *      assistant reply with its conditions (chips), total and first page (status 3: replied).
 *   3. the reply text streams: GET message-stream?taskId&messageId (text/event-stream, see below)
 *      until `done` (status 4), or wait 1 s and GET get-task-message-list?taskId.
 *   Editing a chip: POST send-message {taskId, condition, editOfMessageId} with the edited
 *   condition (no query needed): a new reply (subType 3) is appended to the same thread.
 *   Chip keys: `${groupIndex}-${conditionIndex}` into aiMessage.condition.groups, and 'keyword'
 *   for the keyword chip. To remove or change a chip, edit a copy of aiMessage.condition and send
 *   it; send keyword: null to drop the keyword chip (absent keeps the edited reply's keyword).
 *   Without a model send-message answers with the reply already complete (status 4).
 *
 * Streaming (message-stream): server-sent events, one JSON object per `data:` line.
 *   event: delta   data: {"text": "…"}             reply text to append
 *   event: status  data: {"status": 3}             message status changed
 *   event: done    data: <AiMessage>               final message (status 4, or 7 = 出错了)
 *   event: error   data: {"msg": "…"}               stream ended abnormally (treat as 出错了)
 * The browser may use `new EventSource('/api' + path + '?taskId=..&messageId=..')` (the BFF
 * session cookie authenticates; same origin). A finished message answers `done` at once.
 */

const tags = ['AI 助手'];

/** A record id from JSON or a query string. */
const id = z.coerce
  .number({ error: '编号不正确' })
  .int('编号不正确')
  .positive('编号不正确')
  .max(2 ** 53 - 1, '编号不正确');

/** taskId that must be present and non-empty (spec 5: loading messages needs a taskId). */
const taskIdRequired = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: M.taskIdRequired })
    .int(M.taskIdRequired)
    .positive(M.taskIdRequired)
    .max(2 ** 53 - 1, M.taskIdRequired),
);

const sortKeys = SORT_OPTIONS.map((s) => s.key) as [SortKey, ...SortKey[]];

// ---- What the assistant answers ----

export const aiTaskSchema = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  /** 0 new, 1 in progress, 2 ended (AI_TASK_STATUS). */
  status: z.number().int(),
  /** subType of the task's kind: 2 search (1/6 add-contact tasks belong to a later issue). */
  subType: z.number().int(),
  /** Text of the newest message (for the list), '' when empty. */
  lastMessage: z.string(),
  messageCount: z.number().int(),
  createTime: epochMs,
  updateTime: epochMs,
});
export type AiTask = z.infer<typeof aiTaskSchema>;

/** One understood condition, editable in the reply (lib/server/search/understand conditionChips). */
export const conditionChipSchema = z.object({
  key: z.string(),
  /** Chinese label, e.g. 地区：深圳市南山区 / 注册资本：1000万以上 / 企业标签：专精特新. */
  label: z.string(),
  condition: advancedConditionSchema,
});
export type ConditionChipView = z.infer<typeof conditionChipSchema>;

/**
 * A follow-up that changes the reply's conditions (lib/shared/ai/ai-refine.ts): choosing it
 * re-runs the search with `condition` and `keyword` (send-message with condition, like editing a
 * chip, `query` = label), never as a new request.
 */
export const aiRefinementSchema = z.object({
  /** E.g. 去掉「成立年限：5年以上」, 只看有电话的企业. */
  label: z.string(),
  /** remove: one condition dropped; add: one condition added. */
  kind: z.enum(['remove', 'add']),
  condition: advancedSearchConditionSchema,
  keyword: z.string().nullable(),
});
export type AiRefinementView = z.infer<typeof aiRefinementSchema>;

/** What a search reply found (spec 3 aiMessage, with total). */
export const aiSearchInfoSchema = z.object({
  total: z.number().int(),
  /** True when total is a floor (more than the counting cap matched). */
  totalCapped: z.boolean(),
  /** The one condition schema (advanced search). */
  condition: advancedSearchConditionSchema,
  chips: z.array(conditionChipSchema),
  /** Topic words searched as name / business-scope keyword, null when none. */
  keyword: z.string().nullable(),
  /** Chinese notes: 未识别：…, 已忽略：…, fallbacks (模型不可用，已使用内置解析). */
  notes: z.array(z.string()),
  /** How the request was understood: the built-in parser, the model, or conditions the user edited. */
  source: z.enum(AI_SOURCES),
  /** Why the model was not used although configured (timeout, invalid output, down), else null. */
  fallbackReason: z.string().nullable(),
  /** The request text the reply answers. */
  query: z.string(),
  /** Follow-ups acting on these conditions (drop one when nothing was found, else narrow). */
  refinements: z.array(aiRefinementSchema),
});
export type AiSearchInfo = z.infer<typeof aiSearchInfoSchema>;

export const aiMessageSchema = z.object({
  messageId: z.number().int(),
  taskId: z.number().int(),
  /** 0 user, 1 assistant. */
  type: z.number().int(),
  /** 0 request, 2 search reply, 3 search reply after editing conditions, 4 guidance, 5 other. */
  subType: z.number().int(),
  /** 5 placeholder → 3 replied → 4 sent; 7 failed (content 出错了). */
  status: z.number().int(),
  /** The user's text, or the assistant's reply text (complete once status is 4). */
  content: z.string(),
  /** The get-reply-content answer the user message was sent with (user messages). */
  replyContent: z.string().nullable(),
  /** Customer title of a search reply (edit customer title), null until set. */
  title: z.string().nullable(),
  /** Search replies: what was searched and found; null otherwise. */
  aiMessage: aiSearchInfoSchema.nullable(),
  /**
   * New requests to send as they are (guidance replies). Search replies answer [] here: their
   * follow-ups act on their conditions (aiMessage.refinements).
   */
  suggestions: z.array(z.string()),
  /** The reply this one re-ran with edited conditions (subType 3), else null. */
  editOfMessageId: z.number().int().nullable(),
  /** Spec 3: the add-contact task this message carries (subType 1 / 6), else null. */
  addWeixinTask: addWeixinTaskSchema.nullable(),
  /** Spec 3: the companies the add-contact task was started for (its first ones), else []. */
  cluePoolEntList: z.array(cluePoolEntSchema),
  createTime: epochMs,
});
export type AiMessage = z.infer<typeof aiMessageSchema>;

export const aiEntPageSchema = z.object({
  list: z.array(enterpriseSearchHitSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Deepest row the caller's edition may page to. */
  maxResults: z.number().int(),
  /** E.g. the edition-limit notice; null when none. */
  notice: z.string().nullable(),
});
export type AiEntPage = z.infer<typeof aiEntPageSchema>;

export const recommendQuerySchema = z.object({
  /** A full request the user can send as is. */
  query: z.string(),
  /** Category name (get-all-query-category), e.g. 按地区. */
  category: z.string(),
});
export type RecommendQuery = z.infer<typeof recommendQuerySchema>;

export const queryCategorySchema = z.object({
  type: z.string(),
  name: z.string(),
  queries: z.array(recommendQuerySchema),
});
export type QueryCategory = z.infer<typeof queryCategorySchema>;

// ---- Calls ----

export const createAiTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/create-task`,
  summary:
    '新建 AI 任务（对话），data 为任务；taskName 缺省为「新的对话」，发送首条请求后改为请求摘要',
  tags,
  access: 'tenant',
  body: z.object({
    taskName: z.string().trim().max(AI_TASK_NAME_MAX, M.taskNameTooLong).optional(),
  }),
  response: aiTaskSchema,
});

export const getRecommendDefaultQuery = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-recommend-default-query`,
  summary: '空对话的推荐请求（可直接发送）',
  tags,
  access: 'tenant',
  query: z.object({ taskId: id.optional() }),
  response: z.array(recommendQuerySchema),
});

export const getAiTaskList = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-task-list`,
  summary: '我的 AI 任务（最近更新的在前；只含本人在本企业的任务）',
  tags,
  access: 'tenant',
  response: z.array(aiTaskSchema),
});

export const getEntDetailList = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/get-ent-detail-list`,
  summary:
    '搜索回复的企业列表（/intelligenceSearchDetail 全页表格：可排序、每页最多 50 条；按调用者的版本深度）',
  tags,
  access: 'tenant',
  expensive: true,
  write: false,
  body: z.object({
    taskId: id,
    messageId: id,
    pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(AI_DETAIL_PAGE_SIZE_MAX, `每页最多 ${AI_DETAIL_PAGE_SIZE_MAX} 条`)
      .default(10),
    sort: z.enum(sortKeys).default('relevance'),
  }),
  response: aiEntPageSchema,
});

export const getMessageDetail = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-message-detail`,
  summary: '一条消息（搜索回复含条件、数量与第一页企业）；他人的消息为 404',
  tags,
  access: 'tenant',
  expensive: true,
  query: z.object({ taskId: id, messageId: id }),
  response: z.object({ message: aiMessageSchema, page: aiEntPageSchema.nullable() }),
});

export const getRecommendCustomerPortrait = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-recommend-customer-portrait`,
  summary: '客户画像推荐：按本人线索与客户的地区、行业分布给出画像与可直接发送的请求',
  tags,
  access: 'tenant',
  query: z.object({ taskId: id.optional() }),
  response: z.object({
    /** One line, e.g. 您的线索多为 广东省深圳市 的 软件和信息技术服务业 企业; '' when no leads. */
    summary: z.string(),
    regions: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
    industries: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
    queries: z.array(recommendQuerySchema),
  }),
});

export const messageEntPage = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/message-ent-page`,
  summary: '搜索回复的企业分页（每页 10 条，按相关度；按调用者的版本深度）',
  tags,
  access: 'tenant',
  expensive: true,
  query: z.object({
    taskId: id,
    messageId: id,
    pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
  }),
  response: aiEntPageSchema,
});

export const getAllQueryCategory = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-all-query-category`,
  summary: '推荐请求的分类与各类请求；未登录时 code 200、msg「请先登录」、data 为空数组（规格 6）',
  tags,
  access: 'public',
  response: z.array(queryCategorySchema),
});

export const keywordAnalyzeSchema = z.object({
  messageId: z.number().int(),
  query: z.string(),
  keyword: z.string().nullable(),
  chips: z.array(conditionChipSchema),
  notes: z.array(z.string()),
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** Where the matches are: top provinces, industry sections and capital bands (counts). */
  distribution: z.object({
    region: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
    industry: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
    capitalBand: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  }),
  /** New requests (none: the follow-ups of a search act on its conditions, see refinements). */
  suggestions: z.array(z.string()),
  /** Follow-ups that narrow or widen this reply's conditions. */
  refinements: z.array(aiRefinementSchema),
});
export type KeywordAnalyze = z.infer<typeof keywordAnalyzeSchema>;

export const getKeywordAnalyze = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-keyword-analyze`,
  summary: '关键词分析：请求被理解成的条件、未识别的部分、结果的地区/行业/注册资本分布与推荐',
  tags,
  access: 'tenant',
  expensive: true,
  query: z.object({ messageId: id }),
  response: keywordAnalyzeSchema,
});

/** Which companies of a search reply: the selected ids, or all results (in relevance order). */
const selectionBody = z
  .object({
    taskId: id,
    messageId: id,
    entIds: z.array(id).max(AI_TO_CRM_MAX, `一次最多选择 ${AI_TO_CRM_MAX} 家企业`).optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all || (v.entIds && v.entIds.length > 0), {
    message: M.nothingSelected,
    path: ['entIds'],
  });
export type AiSelection = z.output<typeof selectionBody>;

export const createClueExportTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/create-clue-export-task`,
  summary:
    '结果加入线索（后台任务）：所选或全部结果（最多 5000 家）建为本人线索（来源 AI 助手，已有的不重复），完成后下载中心有加入明细',
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:to-crm',
  body: selectionBody,
  response: jobViewSchema,
});

export const createExportTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/create-export-task`,
  summary:
    '导出搜索结果（后台任务）：所选或全部结果为 导出.xlsx，条数上限为版本的导出上限，未解锁的联系方式打码；在下载中心下载',
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:export',
  expensive: true,
  body: selectionBody,
  response: jobViewSchema,
});

export const RECOMMEND_TYPES = ['default', 'keyword', 'type'] as const;

export const getRecommendQuery = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-recommend-query`,
  summary:
    '推荐请求：type=default 通用；type=keyword 按 keyword 补全；type=type 按分类 category（get-all-query-category 的 type）',
  tags,
  access: 'tenant',
  query: z.object({
    type: z.enum(RECOMMEND_TYPES).default('default'),
    taskId: id.optional(),
    keyword: z.string().trim().max(50).optional(),
    category: z.string().trim().max(30).optional(),
  }),
  response: z.array(recommendQuerySchema),
});

export const getReplyContent = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-reply-content`,
  summary:
    '发送前的确认语：总是 code 200 并带 data（规格 5）；空请求、纯表情或无法识别时给出引导语而不是错误',
  tags,
  access: 'tenant',
  query: z.object({
    query: z
      .string()
      .max(AI_QUERY_MAX * 2)
      .optional(),
  }),
  response: z.object({
    replyContent: z.string(),
    /** The request as it will be searched (trimmed, at most 2,000 characters). */
    query: z.string(),
    /** False when nothing searchable was recognised (send-message will answer with guidance). */
    recognized: z.boolean(),
  }),
});

export const getTaskMessageList = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-task-message-list`,
  summary: '任务的消息（时间顺序）；taskId 必填（规格 5），他人的任务为 404',
  tags,
  access: 'tenant',
  query: z.object({ taskId: taskIdRequired }),
  response: z.array(aiMessageSchema),
});

export const deleteAiTask = defineContract({
  method: 'DELETE',
  path: `${AI_PREFIX}/delete-task`,
  summary: '删除任务及其消息（他人的任务为 404）',
  tags,
  access: 'tenant',
  query: z.object({ taskId: id }),
  response: z.boolean(),
});

export const deleteAiMessage = defineContract({
  method: 'DELETE',
  path: `${AI_PREFIX}/delete-message`,
  summary: '删除一条消息（他人的消息为 404）',
  tags,
  access: 'tenant',
  query: z.object({ messageId: id }),
  response: z.boolean(),
});

export const updateTaskName = defineContract({
  method: 'PUT',
  path: `${AI_PREFIX}/update-task-name`,
  summary: '重命名任务（1-30 字）',
  tags,
  access: 'tenant',
  body: z.object({
    taskId: id,
    taskName: z
      .string({ error: M.taskNameRequired })
      .trim()
      .min(1, M.taskNameRequired)
      .max(AI_TASK_NAME_MAX, M.taskNameTooLong),
  }),
  response: aiTaskSchema,
});

export const sendMessageSchema = z
  .object({
    taskId: id,
    /** The request text; may be empty or anything (a helpful reply, not an error). */
    query: z
      .string()
      .max(AI_QUERY_MAX * 2, M.queryTooLong)
      .optional(),
    /** The get-reply-content answer (stored with the user message). */
    replyContent: z.string().max(2000).optional(),
    /** Edited conditions (chips): re-run the search with exactly these, appended as subType 3. */
    condition: advancedSearchConditionSchema.optional(),
    /** The reply whose chips were edited (with condition). */
    editOfMessageId: id.optional(),
    /** Keyword kept with edited conditions (null/absent: the edited reply's keyword is dropped). */
    keyword: z.string().trim().max(50).nullable().optional(),
    // Original client payload fields (spec 7.4), accepted and ignored here.
    cluePoolEntList: z.array(z.unknown()).max(500).optional(),
    messageType: z.union([z.string(), z.number()]).optional(),
    isTable: z.union([z.boolean(), z.number()]).optional(),
    isSelectedTask: z.union([z.boolean(), z.number()]).optional(),
  })
  .refine((v) => v.query !== undefined || v.condition !== undefined, {
    message: M.queryOrCondition,
    path: ['query'],
  });
export type SendMessageBody = z.output<typeof sendMessageSchema>;

export const sendMessageResultSchema = z.object({
  task: aiTaskSchema,
  userMessage: aiMessageSchema,
  /** Status 3 while the reply text still streams (message-stream), 4 when already complete. */
  reply: aiMessageSchema,
  /** First page of a search reply (null for guidance). */
  page: aiEntPageSchema.nullable(),
});
export type SendMessageResult = z.infer<typeof sendMessageResultSchema>;

export const sendMessage = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/send-message`,
  summary:
    '发送请求：理解（配置了模型时用模型，否则内置解析）、按调用者的企业与权限搜索，保存用户消息与搜索回复（条件、数量、第一页）；回复文字经 message-stream 流式返回',
  tags,
  access: 'tenant',
  expensive: true,
  body: sendMessageSchema,
  response: sendMessageResultSchema,
});

export const getDefaultQueryByKeyword = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-default-query-by-keyword`,
  summary: '按输入的关键词补全为完整请求（输入框联想）',
  tags,
  access: 'tenant',
  query: z.object({ keyword: z.string().trim().max(50).default('') }),
  response: z.array(recommendQuerySchema),
});

/** Edit customer title (spec 7.4, path not shown): the title of a search reply's company list. */
export const updateCustomerTitle = defineContract({
  method: 'PUT',
  path: `${AI_PREFIX}/update-customer-title`,
  summary: '编辑客户标题：搜索回复的企业名单标题（1-30 字，用于列表与导出）',
  tags,
  access: 'tenant',
  body: z.object({
    taskId: id,
    messageId: id,
    title: z
      .string({ error: M.titleRequired })
      .trim()
      .min(1, M.titleRequired)
      .max(AI_TITLE_MAX, M.titleTooLong),
  }),
  response: aiMessageSchema,
});

/** Streaming of a reply's text (server-sent events; format at the top of this file). */
export const messageStream = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/message-stream`,
  summary: '回复文字的流（text/event-stream：delta / status / done / error 事件）',
  tags,
  access: 'tenant',
  query: z.object({ taskId: id, messageId: id }),
  responseKind: 'file',
  fileType: 'text/event-stream',
  response: z.null(),
});

/** Adds companies of a search reply to leads at once (the to-crm service, source AI 助手). */
export const messageToCrm = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/to-crm`,
  summary: `结果加入线索：所选企业，或 all=true 时按相关度的前 ${AI_TO_CRM_MAX} 家；同一企业只建一次`,
  tags,
  access: 'tenant',
  permission: 'szjk:enterprise:to-crm',
  body: selectionBody,
  response: toCrmResultSchema,
});

/** SSE payloads of message-stream. */
export type AiStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'status'; data: { status: number } }
  | { event: 'done'; data: AiMessage }
  | { event: 'error'; data: { msg: string } };
