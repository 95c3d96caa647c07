import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { jobViewSchema } from '@/lib/shared/jobs/job.contract';
import { AI_PREFIX } from './ai.constants';
import {
  OUTREACH_COMPANIES_MAX,
  OUTREACH_DAILY_CAP_DEFAULT,
  OUTREACH_DAILY_CAP_MAX,
  OUTREACH_GREETING_MAX,
  OUTREACH_OPT_OUT_PERMISSION,
  OUTREACH_TEXT as T,
  OUTREACH_TITLE_MAX,
} from './outreach.constants';

/*
 * Add-contact tasks (加微任务, spec 7.4, issue 33, ADR 0199). A task belongs to an assistant
 * message (subType 1 in a conversation, 6 when started from a lead list in a task of its own):
 * the calls name it by messageId (taskId, the conversation, is optional and checked when given).
 * Members see and stop their own tasks; a member whose data scope covers others (an admin) sees
 * and stops theirs too.
 */

const tags = ['AI 助手 · 加微任务'];

const id = z.coerce
  .number({ error: '编号不正确' })
  .int('编号不正确')
  .positive('编号不正确')
  .max(2 ** 53 - 1, '编号不正确');

const title = z
  .string({ error: T.titleRequired })
  .trim()
  .min(1, T.titleRequired)
  .max(OUTREACH_TITLE_MAX, T.titleTooLong);

/** A company picked in a reply or a lead list (spec 3 cluePoolEntList). */
export const cluePoolEntSchema = z.object({
  entId: z.number().int(),
  entName: z.string(),
});
export type CluePoolEnt = z.infer<typeof cluePoolEntSchema>;

/** Spec 3 addWeixinTask, with the counts the card and the detail page show. */
export const addWeixinTaskSchema = z.object({
  /** The add-contact task's own id. */
  id: z.number().int(),
  messageId: z.number().int(),
  taskId: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  greeting: z.string(),
  /** Spec 4.5: 0 not started, 1 in progress (paid), 2 ended. */
  wocStatus: z.number().int(),
  /** 5 when wocStatus is 1 and endTime has passed (spec 4.5), else wocStatus. */
  status: z.number().int(),
  endTime: epochMs,
  /** finished | stopped | expired | failed, null while running. */
  endReason: z.string().nullable(),
  remind: z.boolean(),
  windowStartHour: z.number().int(),
  windowEndHour: z.number().int(),
  dailyCap: z.number().int(),
  companyCount: z.number().int(),
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  accepted: z.number().int(),
  refused: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Credits reserved at creation, given back at the end (unused), and so charged. */
  reserved: z.number().int(),
  released: z.number().int(),
  charged: z.number().int(),
  /** Next send when the daily cap or the sending hours paused it; null otherwise. */
  resumeAfter: epochMs.nullable(),
  /** Names of the first companies (spec 3 cluePoolEntNameList). */
  cluePoolEntNameList: z.array(z.string()),
  /** True while the demo provider answers (演示数据). */
  demo: z.boolean(),
  createTime: epochMs,
});
export type AddWeixinTask = z.infer<typeof addWeixinTaskSchema>;

export const outreachContactSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  entId: z.number().int(),
  entName: z.string(),
  /** Masked (138****1234): the member sees whom, not the number, here. */
  mobile: z.string().nullable(),
  personName: z.string().nullable(),
  state: z.number().int(),
  stateText: z.string(),
  reason: z.string().nullable(),
  sentTime: epochMs.nullable(),
  answerTime: epochMs.nullable(),
});
export type OutreachContactView = z.infer<typeof outreachContactSchema>;

export const creditPackSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  credits: z.number().int(),
  priceFen: z.number().int(),
});

/** get-add-weixin-task-price; also the data of 1010006011 (with need and shortfall). */
export const addWeixinPriceSchema = z.object({
  /** Credits one contact costs. */
  unitCredits: z.number().int(),
  balance: z.number().int(),
  /** Credits the asked count needs (0 without count). */
  need: z.number().int(),
  shortfall: z.number().int(),
  packs: z.array(creditPackSchema),
  /** True when a task created now needs the SMS confirmation (first paid task of the day). */
  confirmRequired: z.boolean(),
  /** The member's mobile, masked, the confirmation code goes to. */
  confirmMobile: z.string().nullable(),
});
export type AddWeixinPrice = z.infer<typeof addWeixinPriceSchema>;

export const createAddWeixinTaskSchema = z
  .object({
    /** The conversation; absent: a new one is created for the task (subType 6). */
    taskId: id.optional(),
    /** Companies picked in a reply … */
    entIds: z.array(id).max(OUTREACH_COMPANIES_MAX, T.companiesTooMany).optional(),
    /** … or leads picked in a lead list (the caller's data scope). */
    clueIds: z.array(id).max(OUTREACH_COMPANIES_MAX, T.companiesTooMany).optional(),
    title,
    greeting: z
      .string({ error: T.greetingRequired })
      .trim()
      .min(1, T.greetingRequired)
      .max(OUTREACH_GREETING_MAX, T.greetingTooLong),
    dailyCap: z.coerce
      .number()
      .int(T.dailyCap)
      .min(1, T.dailyCap)
      .max(OUTREACH_DAILY_CAP_MAX, T.dailyCap)
      .default(OUTREACH_DAILY_CAP_DEFAULT),
    windowStartHour: z.coerce.number().int(T.window).min(0, T.window).max(23, T.window).default(9),
    windowEndHour: z.coerce.number().int(T.window).min(1, T.window).max(24, T.window).default(21),
    endTime: z.coerce.number({ error: T.endTimePast }).int(T.endTimePast),
    /** The client's key for this creation (a retried request answers the same task). */
    requestId: z
      .string({ error: T.requestId })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, T.requestId),
    /** The SMS code (scene 4) before the first paid task of the day. */
    smsCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, '请输入 6 位验证码')
      .optional(),
  })
  .refine((v) => (v.entIds?.length ?? 0) + (v.clueIds?.length ?? 0) > 0, {
    message: T.companiesRequired,
    path: ['entIds'],
  })
  .refine((v) => v.windowStartHour < v.windowEndHour, {
    message: T.window,
    path: ['windowEndHour'],
  });
export type CreateAddWeixinTaskBody = z.output<typeof createAddWeixinTaskSchema>;

const byMessage = z.object({ messageId: id, taskId: id.optional() });

export const createAddWeixinTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/create-add-weixin-task`,
  summary:
    '新建加微任务：所选企业（已解锁企业的手机号）按每日上限与发送时段逐一添加；按联系人预扣加微余额，余额不足为 1010006011（data 为价格与差额）；同一 requestId 只建一次',
  tags,
  access: 'tenant',
  body: createAddWeixinTaskSchema,
  response: z.object({ addWeixinTask: addWeixinTaskSchema, created: z.boolean() }),
});

export const stopAddWeixinTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/stop-add-weixin-task`,
  summary:
    '停止加微任务：未发送的联系人不再发送，预扣的余额退回；已结束的任务答「该加微任务已结束」',
  tags,
  access: 'tenant',
  body: byMessage,
  response: addWeixinTaskSchema,
});

export const getAddWeixinTaskDetail = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-add-weixin-task-detail`,
  summary: '加微任务详情：任务与每个联系人的结果（分页，可按结果筛选）',
  tags,
  access: 'tenant',
  query: z.object({
    messageId: id,
    taskId: id.optional(),
    pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, '每页最多 100 条').default(20),
    state: z.coerce.number().int().min(0).max(6).optional(),
  }),
  response: z.object({
    addWeixinTask: addWeixinTaskSchema,
    list: z.array(outreachContactSchema),
    total: z.number().int(),
  }),
});

export const getAddWeixinTaskPrice = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-add-weixin-task-price`,
  summary:
    '加微价格与余额、次数包；count 为要添加的联系人数。未登录时 code 200、msg「请先登录」、data 为 null（规格 6）',
  tags,
  access: 'public',
  query: z.object({ count: z.coerce.number().int().min(0).max(1_000_000).optional() }),
  response: addWeixinPriceSchema.nullable(),
});

export const updateAddWeixinTaskTitle = defineContract({
  method: 'PUT',
  path: `${AI_PREFIX}/update-add-weixin-task-title`,
  summary: `重命名加微任务（1-${OUTREACH_TITLE_MAX} 字）`,
  tags,
  access: 'tenant',
  body: byMessage.extend({ title }),
  response: addWeixinTaskSchema,
});

export const updateAddWeixinTaskRemindStatus = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/update-add-weixin-task-remind-status`,
  summary: '加微任务的提醒开关：开启时任务完成、达到每日上限、余额不足会发到消息中心',
  tags,
  access: 'tenant',
  body: byMessage.extend({ remind: z.boolean({ error: '请选择是否提醒' }) }),
  response: addWeixinTaskSchema,
});

export const checkFollowWeixin = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/check_follow_weixin`,
  summary: '本人微信是否已关注公众号（已绑定微信，规格 4.4）；data 为 true / false',
  tags,
  access: 'tenant',
  response: z.boolean(),
});

export const createExportTaskByWeixinTask = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/create-export-task-by-weixin-task`,
  summary: '导出加微任务的结果（后台任务，加微结果.xlsx，在下载中心下载）',
  tags,
  access: 'tenant',
  body: byMessage,
  response: jobViewSchema,
});

const mobile = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '手机号格式不正确');

export const addWeixinOptOut = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/add-weixin-opt-out`,
  summary: '标记手机号为「不再联系」：本企业的任何加微任务都不再联系它',
  tags,
  access: 'tenant',
  body: z.object({
    mobile,
    reason: z.string().trim().max(100, '原因最多 100 个字').optional(),
  }),
  response: z.boolean(),
});

/** A task in the tenant's list (加微任务管理): with its owner's name. */
export const addWeixinTaskRowSchema = addWeixinTaskSchema.extend({ ownerName: z.string() });
export type AddWeixinTaskRow = z.infer<typeof addWeixinTaskRowSchema>;

export const getAddWeixinTaskList = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-add-weixin-task-list`,
  summary:
    '加微任务列表：本人的任务；数据权限覆盖他人（管理员）时含他人的任务，可按成员（userId）与状态（1 进行中、2 已结束）筛选；owners 为可筛选的成员',
  tags,
  access: 'tenant',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    userId: id.optional(),
    status: z.coerce
      .number({ error: '状态不正确' })
      .int('状态不正确')
      .min(0, '状态不正确')
      .max(2, '状态不正确')
      .optional(),
  }),
  response: z.object({
    list: z.array(addWeixinTaskRowSchema),
    total: z.number().int(),
    owners: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  }),
});

export const optOutSchema = z.object({
  mobile: z.string(),
  reason: z.string().nullable(),
  createTime: epochMs,
});
export type OptOutView = z.infer<typeof optOutSchema>;

export const getAddWeixinOptOutList = defineContract({
  method: 'GET',
  path: `${AI_PREFIX}/get-add-weixin-opt-out-list`,
  summary: '「不再联系」名单：本企业任何加微任务都不联系这些手机号；mobile 为号码片段',
  tags,
  access: 'tenant',
  permission: OUTREACH_OPT_OUT_PERMISSION,
  query: z.object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    mobile: z.string().trim().max(11, '手机号最多 11 位').regex(/^\d*$/, '请输入数字').optional(),
  }),
  response: z.object({ list: z.array(optOutSchema), total: z.number().int() }),
});

export const deleteAddWeixinOptOut = defineContract({
  method: 'POST',
  path: `${AI_PREFIX}/delete-add-weixin-opt-out`,
  summary: '把手机号移出「不再联系」名单：之后新建的加微任务可以再联系它',
  tags,
  access: 'tenant',
  permission: OUTREACH_OPT_OUT_PERMISSION,
  body: z.object({ mobile }),
  response: z.boolean(),
});

/**
 * A provider's answer for one contact (HTTP provider, ADR 0199): signed with HMAC-SHA256 over
 * `${timestamp}.${ref}.${result}` by the shared secret, hex, in x-outreach-signature, the time
 * (ms) in x-outreach-timestamp. Unsigned, wrongly signed, stale or unknown answers change nothing.
 */
export const outreachCallback = defineContract({
  method: 'POST',
  path: '/outreach/provider-callback',
  summary: '加微服务商回调（签名校验）：联系人已通过 / 已拒绝',
  tags,
  access: 'public',
  body: z.object({
    ref: z.string().min(1).max(100),
    result: z.enum(['accepted', 'refused']),
    reason: z.string().max(100).optional(),
  }),
  response: z.boolean(),
});
