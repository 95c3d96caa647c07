import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { crmId as id, splitIds } from '@/lib/shared/crm/crm.schemas';
import { dateSchema } from '@/lib/shared/opportunity/opportunity.contract';
import { STAGE_TYPES } from '@/lib/shared/opportunity/opportunity.constants';
import {
  BOARD_FILTER_IDS_MAX,
  BOARD_RANGE_MAX_DAYS,
  DATA_BOARD_MESSAGES as M,
  FUNNEL_STEPS,
} from './data-board.constants';

const tags = ['数据看板'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * The board's filters: a date range in China time (both ends included, at most a year) and
 * optionally departments (each with the departments below it) and members. Only departments and
 * members inside the caller's data scope may be chosen; the server checks again.
 */
export const dataBoardFilterSchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    deptIds: splitIds(z.array(id).max(BOARD_FILTER_IDS_MAX, M.tooManyIds)).optional(),
    memberIds: splitIds(z.array(id).max(BOARD_FILTER_IDS_MAX, M.tooManyIds)).optional(),
  })
  .refine((v) => v.from <= v.to, { message: M.rangeReversed, path: ['to'] })
  .refine((v) => dayNumber(v.to) - dayNumber(v.from) < BOARD_RANGE_MAX_DAYS, {
    message: M.rangeTooLong,
    path: ['to'],
  });
export type DataBoardFilter = z.output<typeof dataBoardFilterSchema>;

const count = z.number().int();
/** A share 0..1, or null when its base is 0 (no rate to speak of). */
const rate = z.number().nullable();

export const funnelStepSchema = z.object({
  key: z.enum(FUNNEL_STEPS),
  name: z.string(),
  count,
  /** Of the previous step (null for the first step or a previous step of 0). */
  rateFromPrevious: rate,
  /** Of the leads (null for the leads themselves or no leads). */
  rateFromLeads: rate,
  /** Median days from the previous step to this one (null: first step or no conversions). */
  medianDays: z.number().nullable(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const trendBucketSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD (a Monday for weeks). */
  start: z.string(),
  leads: count,
  followUps: count,
});

export const sourceRowSchema = z.object({
  source: z.string(),
  leads: count,
  /** Leads of the source that became customers. */
  converted: count,
  rate,
});

export const memberRowSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  deptName: z.string().nullable(),
  leads: count,
  followUps: count,
  /** Customers created in the range with the member as owner. */
  customers: count,
  wonCount: count,
  /** fen */
  wonAmount: count,
});

export const dimensionRowSchema = z.object({
  /** Province code or GB/T 4754 section letter; null: not filled in. */
  code: z.string().nullable(),
  name: z.string(),
  leads: count,
});

export const pipelineStageRowSchema = z.object({
  stageId: z.number().int(),
  name: z.string(),
  type: z.enum(STAGE_TYPES),
  count,
  /** fen */
  amount: count,
  /** Amount × the opportunity's win probability, fen. */
  weightedAmount: count,
});

export const dataBoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week']),
  funnel: z.array(funnelStepSchema),
  trend: z.array(trendBucketSchema),
  bySource: z.array(sourceRowSchema),
  byMember: z.array(memberRowSchema),
  byRegion: z.array(dimensionRowSchema),
  byIndustry: z.array(dimensionRowSchema),
  /** Open stages: opportunities open now; 赢单 / 输单: closed in the range. */
  pipeline: z.array(pipelineStageRowSchema),
});
export type DataBoard = z.infer<typeof dataBoardSchema>;

export const dataBoardOptionsSchema = z.object({
  /** 全部 / 本部门及以下 / … as the caller's roles give it. */
  scope: z.enum(['all', 'members']),
  depts: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int() })),
  members: z.array(
    z.object({ id: z.number().int(), name: z.string(), deptId: z.number().int().nullable() }),
  ),
});
export type DataBoardOptions = z.infer<typeof dataBoardOptionsSchema>;

export const getDataBoardOptions = defineContract({
  method: 'GET',
  path: '/szjk/data-board/options',
  summary: '数据看板可选的部门与成员（仅数据权限内）',
  tags,
  access: 'tenant',
  permission: 'szjk:data-board:query',
  response: dataBoardOptionsSchema,
});

export const getDataBoard = defineContract({
  method: 'POST',
  path: '/szjk/data-board/get',
  summary:
    '数据看板：线索→客户→商机→赢单漏斗（转化率、阶段间中位天数）、新增线索与跟进趋势、按来源 / 成员 / 地区 / 行业、各阶段商机金额（服务端汇总，按数据权限）',
  tags,
  access: 'tenant',
  permission: 'szjk:data-board:query',
  expensive: true,
  write: false,
  body: dataBoardFilterSchema,
  response: dataBoardSchema,
});

export const exportDataBoard = defineContract({
  method: 'POST',
  path: '/szjk/data-board/export',
  summary: '导出数据看板（.xlsx，每个图表一张工作表，数字与看板相同）',
  tags,
  access: 'tenant',
  permission: 'szjk:data-board:export',
  expensive: true,
  write: false,
  body: dataBoardFilterSchema,
  response: z.null(),
  responseKind: 'file',
  fileType: XLSX,
});
