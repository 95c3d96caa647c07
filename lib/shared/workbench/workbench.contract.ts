import { z } from 'zod';
import { defineContract, epochMs } from '@/lib/shared/api/contract';
import { JOB_STATUSES } from '@/lib/shared/jobs/job.types';

/**
 * 我的工作台 (issue 29 item 1): the signed-in member's home, read in one call. Every section is
 * the caller's own (follow user, creator, owner = the caller); the team strip is for tenant
 * administrators and lists only the members their data scope reaches. A section the caller may
 * not see is null (not zeros that look like data).
 */

const tags = ['我的工作台'];
const int = z.number().int();

export const workbenchFollowUpSchema = z.object({
  id: int,
  name: z.string(),
  /** 0 新线索, 1 跟进中 */
  status: int,
  contactName: z.string().nullable(),
  nextFollowTime: epochMs,
  /** Due before today (China time). */
  overdue: z.boolean(),
});
export type WorkbenchFollowUp = z.infer<typeof workbenchFollowUpSchema>;

export const workbenchLeadsSchema = z.object({
  /** My open leads due today (not yet overdue). */
  dueToday: int,
  /** My open leads whose next follow-up was before today. */
  overdue: int,
  /** The most urgent first: overdue (oldest first), then today's; at most WORKBENCH_FOLLOW_UP_LIMIT. */
  followUps: z.array(workbenchFollowUpSchema),
  /** My live leads (I am the follow user) by status. */
  stages: z.object({ new: int, following: int, converted: int, invalid: int, total: int }),
  /** Leads I follow that were created since Monday (China time). */
  newThisWeek: int,
  /** My live sample leads (names marked 【示例】) the guide added. */
  sampleLeads: int,
});
export type WorkbenchLeads = z.infer<typeof workbenchLeadsSchema>;

export const workbenchQuotaSchema = z.object({
  edition: int,
  monthlyQuota: int,
  usedThisMonth: int,
  monthlyRemaining: int,
  grantRemaining: int,
  remaining: int,
  /** When the monthly allowance renews (first day of next month, China time). */
  resetTime: epochMs,
});

export const workbenchSearchSchema = z.object({
  kind: z.string(),
  keyword: z.string(),
  time: epochMs,
});

export const workbenchViewSchema = z.object({
  id: int,
  listKey: z.string(),
  name: z.string(),
  mine: z.boolean(),
});

export const workbenchFavouriteSchema = z.object({
  enterpriseId: int,
  name: z.string(),
  uncid: z.string().nullable(),
  /** The latest change (工商变更) date, YYYY-MM-DD. */
  changeDate: z.string(),
  item: z.string(),
  /** Changes since WORKBENCH_CHANGE_DAYS ago. */
  changes: int,
});

export const workbenchJobSchema = z.object({
  id: int,
  kind: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  percent: int,
  createTime: epochMs,
  finishTime: epochMs.nullable(),
});

export const workbenchNotificationSchema = z.object({
  id: int,
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  time: epochMs,
});

export const workbenchMemberSchema = z.object({
  userId: int,
  nickname: z.string(),
  unlocks: int,
  newLeads: int,
  followUps: int,
  conversions: int,
});
export type WorkbenchMember = z.infer<typeof workbenchMemberSchema>;

export const workbenchSchema = z.object({
  /** The server's clock: the page's 今日 / 本周 / 逾期 agree with the counts. */
  now: epochMs,
  weekStart: epochMs,
  nickname: z.string(),
  /** Lead sections; null without 线索查询 permission. */
  leads: workbenchLeadsSchema.nullable(),
  quota: workbenchQuotaSchema,
  recentSearches: z.array(workbenchSearchSchema),
  savedViews: z.array(workbenchViewSchema),
  favouriteChanges: z.array(workbenchFavouriteSchema),
  /** My favourites (any), to tell "no favourites" from "no changes". */
  favouriteCount: int,
  jobs: z.object({ running: z.array(workbenchJobSchema), finished: z.array(workbenchJobSchema) }),
  notifications: z.object({ unread: int, list: z.array(workbenchNotificationSchema) }),
  /** The three-step first-run checklist: which steps the member has done. */
  onboarding: z.object({ search: z.boolean(), lead: z.boolean(), followUp: z.boolean() }),
  /** Tenant administrators: this week per member within their data scope; null for others. */
  team: z.array(workbenchMemberSchema).nullable(),
});
export type Workbench = z.infer<typeof workbenchSchema>;

export const getWorkbench = defineContract({
  method: 'GET',
  path: '/szjk/workbench/get',
  summary:
    '我的工作台：今日待跟进与逾期、我的线索分布、本周新增、解锁额度、最近搜索与视图、收藏企业变更、任务、通知；管理员另含团队本周数据（按数据权限）',
  tags,
  access: 'tenant',
  expensive: true,
  response: workbenchSchema,
});

export const createSampleLeads = defineContract({
  method: 'POST',
  path: '/szjk/workbench/sample-leads',
  summary: '新手引导：为自己添加 3 条示例线索（名称带【示例】，可一键删除）；已有示例时不重复添加',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:create',
  response: int,
});

export const deleteSampleLeads = defineContract({
  method: 'DELETE',
  path: '/szjk/workbench/sample-leads',
  summary: '删除自己的全部示例线索（彻底删除，不进回收站），data 为删除条数',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:create',
  response: int,
});
