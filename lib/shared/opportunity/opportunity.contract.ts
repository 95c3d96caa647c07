import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import {
  crmId as id,
  keyword,
  optional,
  pageSizeMessage,
  paging,
  sortOrder,
  splitIds,
} from '@/lib/shared/crm/crm.schemas';
import { recordContracts } from '@/lib/shared/crm/record-contracts';
import {
  AMOUNT_MAX_FEN,
  OPPORTUNITY_MESSAGES as M,
  OPPORTUNITY_PAGE_SIZE_MAX,
  OPPORTUNITY_SORT_FIELDS,
  OPPORTUNITY_STATUSES,
  PIPELINE_CARDS_DEFAULT,
  PIPELINE_CARDS_MAX,
  STAGE_TYPES,
} from './opportunity.constants';

const tags = ['商机管理'];

/** ids as a JSON array, a repeated query key or a comma-separated list. */
const idList = (max: number) => splitIds(z.array(id).max(max));

/** Money in fen (分): a non-negative integer. */
export const amountFenSchema = z.coerce
  .number({ error: M.amountInvalid })
  .int(M.amountInvalid)
  .min(0, M.amountInvalid)
  .max(AMOUNT_MAX_FEN, M.amountTooLarge);

/** A calendar date, YYYY-MM-DD (China time; no time of day). */
export const dateSchema = z
  .string({ error: M.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.dateInvalid);

export const probabilitySchema = z.coerce
  .number({ error: M.probabilityInvalid })
  .int(M.probabilityInvalid)
  .min(0, M.probabilityInvalid)
  .max(100, M.probabilityInvalid);

const nameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(100, M.nameTooLong);

const lostReasonSchema = z
  .string({ error: M.lostReasonRequired })
  .trim()
  .min(1, M.lostReasonRequired)
  .max(200, M.lostReasonTooLong);

/** An opportunity's fields the user types in. */
export const opportunityFieldsSchema = z.object({
  name: nameSchema,
  amount: amountFenSchema.default(0),
  /** An open stage; defaults to the tenant's first stage. */
  stageId: optional(id),
  expectedCloseDate: optional(dateSchema),
  /** Defaults to the stage's probability. */
  probability: optional(probabilitySchema),
  remark: optional(z.string().trim().max(500, '备注最多 500 个字符')),
});
export type OpportunityFields = z.output<typeof opportunityFieldsSchema>;

export const opportunityCreateSchema = opportunityFieldsSchema.extend({
  customerId: z.coerce.number({ error: M.customerRequired }).int().positive(M.customerRequired),
  /** 负责人; defaults to the caller. An active member of the tenant. */
  ownerUserId: optional(id),
});
export type OpportunityCreate = z.output<typeof opportunityCreateSchema>;

/** Update replaces the typed-in fields; the stage moves with move-stage / win / lose. */
export const opportunityUpdateSchema = z.object({
  id,
  name: nameSchema,
  amount: amountFenSchema,
  expectedCloseDate: optional(dateSchema),
  probability: optional(probabilitySchema),
  remark: optional(z.string().trim().max(500, '备注最多 500 个字符')),
  /** 负责人; an active member of the tenant. Absent: unchanged. */
  ownerUserId: optional(id),
});
export type OpportunityUpdate = z.output<typeof opportunityUpdateSchema>;

export const stageViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** open: a step of the pipeline; won / lost: terminal (always last, not deletable). */
  type: z.enum(STAGE_TYPES),
  /** Default probability of an opportunity entering the stage (0-100). */
  probability: z.number().int(),
  sort: z.number().int(),
});
export type StageView = z.infer<typeof stageViewSchema>;

export const opportunityViewSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  name: z.string(),
  /** fen (分) */
  amount: z.number().int(),
  stageId: z.number().int(),
  stageName: z.string(),
  status: z.enum(OPPORTUNITY_STATUSES),
  probability: z.number().int(),
  /** YYYY-MM-DD */
  expectedCloseDate: z.string().nullable(),
  lostReason: z.string().nullable(),
  remark: z.string().nullable(),
  ownerUserId: z.number().int(),
  ownerUserName: z.string().nullable(),
  creatorUserId: z.number().int(),
  /** When it was won or lost. */
  closeTime: epochMs.nullable(),
  createTime: epochMs,
  updateTime: epochMs,
});
export type OpportunityView = z.infer<typeof opportunityViewSchema>;

/** Filters shared by the page, the pipeline, a pipeline column and the funnel. */
export const opportunityFilterSchema = z.object({
  /** Opportunity or customer name contains. */
  keyword,
  customerId: optional(id),
  ownerUserIds: idList(200).optional(),
  /** expected close date [from, to], YYYY-MM-DD, either end may be null. */
  expectedCloseDate: z
    .array(dateSchema.nullable(), { error: M.timeRange })
    .length(2, M.timeRange)
    .optional(),
});
export type OpportunityFilter = z.output<typeof opportunityFilterSchema>;

export const opportunityPageSchema = opportunityFilterSchema.extend({
  ...paging(OPPORTUNITY_PAGE_SIZE_MAX, pageSizeMessage(OPPORTUNITY_PAGE_SIZE_MAX)),
  stageIds: z.array(id).max(50).optional(),
  status: z.array(z.enum(OPPORTUNITY_STATUSES)).max(3).optional(),
  sortField: z.enum(OPPORTUNITY_SORT_FIELDS).default('createTime'),
  sortOrder,
});
export type OpportunityPageQuery = z.output<typeof opportunityPageSchema>;

export const pipelineColumnSchema = z.object({
  stage: stageViewSchema,
  /** Opportunities in the stage (under the filters and the data scope). */
  count: z.number().int(),
  /** Sum of their amounts, fen. */
  amount: z.number().int(),
  /** The first cards, newest update first; page the rest with pipeline-stage-page. */
  cards: z.array(opportunityViewSchema),
});
export type PipelineColumn = z.infer<typeof pipelineColumnSchema>;

export const pipelineSchema = z.object({
  columns: z.array(pipelineColumnSchema),
  totalCount: z.number().int(),
  totalAmount: z.number().int(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const funnelItemSchema = z.object({
  stageId: z.number().int(),
  name: z.string(),
  type: z.enum(STAGE_TYPES),
  count: z.number().int(),
  /** fen */
  amount: z.number().int(),
});
export type FunnelItem = z.infer<typeof funnelItemSchema>;

/** page, get, create and update: the CRM kit's record contracts (ADR 0196). */
export const {
  page: opportunityPage,
  get: getOpportunity,
  create: createOpportunity,
  update: updateOpportunity,
} = recordContracts({
  entity: 'opportunity',
  tags,
  schemas: {
    page: opportunityPageSchema,
    view: opportunityViewSchema,
    create: opportunityCreateSchema,
    update: opportunityUpdateSchema,
  },
  summary: {
    page: '商机分页（筛选、排序；按数据权限）',
    get: '商机详情（数据权限之外为 404）',
    create: '新建商机，data 为商机编号（客户须在数据权限内）',
    update: '修改商机（阶段另有接口：move-stage / win / lose）',
  },
});

export const deleteOpportunity = defineContract({
  method: 'DELETE',
  path: '/szjk/opportunity/delete',
  summary: '删除商机',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:delete',
  query: z.object({ id }),
  response: z.boolean(),
});

export const moveOpportunityStage = defineContract({
  method: 'PUT',
  path: '/szjk/opportunity/move-stage',
  summary:
    '移动商机到某阶段（看板拖动，一次请求）：进入阶段的默认赢单概率；移到赢单即赢单，移到输单需填写原因；移回进行中阶段即重新打开',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:update',
  body: z.object({
    id,
    stageId: z.coerce.number({ error: M.stageRequired }).int().positive(M.stageRequired),
    /** Required when stageId is the 输单 stage. */
    lostReason: optional(lostReasonSchema),
  }),
  response: opportunityViewSchema,
});

export const winOpportunity = defineContract({
  method: 'PUT',
  path: '/szjk/opportunity/win',
  summary: '赢单（移到赢单阶段，概率 100）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:update',
  body: z.object({ id }),
  response: opportunityViewSchema,
});

export const loseOpportunity = defineContract({
  method: 'PUT',
  path: '/szjk/opportunity/lose',
  summary: '输单（必须填写原因；移到输单阶段，概率 0）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:update',
  body: z.object({ id, lostReason: lostReasonSchema }),
  response: opportunityViewSchema,
});

export const getPipeline = defineContract({
  method: 'POST',
  path: '/szjk/opportunity/pipeline',
  summary: '销售看板：各阶段商机数、金额合计与前 N 张卡片（服务端汇总，按数据权限）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:query',
  expensive: true,
  body: opportunityFilterSchema.extend({
    cardLimit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PIPELINE_CARDS_MAX, `每列最多 ${PIPELINE_CARDS_MAX} 张`)
      .default(PIPELINE_CARDS_DEFAULT),
  }),
  response: pipelineSchema,
});

export const getPipelineStagePage = defineContract({
  method: 'POST',
  path: '/szjk/opportunity/pipeline-stage-page',
  summary: '看板某一列的更多卡片（与看板相同的顺序：最近更新在前）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:query',
  expensive: true,
  body: opportunityFilterSchema.extend({
    stageId: id,
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(PIPELINE_CARDS_MAX, `每页最多 ${PIPELINE_CARDS_MAX} 条`)
      .default(PIPELINE_CARDS_DEFAULT),
  }),
  response: pageResponse(opportunityViewSchema),
});

export const getFunnel = defineContract({
  method: 'POST',
  path: '/szjk/opportunity/funnel',
  summary: '销售漏斗：各阶段商机数与金额（含赢单、输单；按数据权限）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:query',
  expensive: true,
  body: opportunityFilterSchema,
  response: z.array(funnelItemSchema),
});

export const listStages = defineContract({
  method: 'GET',
  path: '/szjk/opportunity/stage/list',
  summary: '商机阶段（按顺序；首次使用时建立默认阶段）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:query',
  response: z.array(stageViewSchema),
});

const stageName = z
  .string({ error: M.stageNameRequired })
  .trim()
  .min(1, M.stageNameRequired)
  .max(20, M.stageNameTooLong);

export const createStage = defineContract({
  method: 'POST',
  path: '/szjk/opportunity/stage/create',
  summary: '新增进行中阶段（排在进行中阶段最后），data 为阶段编号',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:stage',
  body: z.object({ name: stageName, probability: probabilitySchema }),
  response: z.number().int(),
});

export const updateStage = defineContract({
  method: 'PUT',
  path: '/szjk/opportunity/stage/update',
  summary: '修改阶段名称与默认概率（赢单、输单阶段只能改名称）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:stage',
  body: z.object({ id, name: stageName, probability: optional(probabilitySchema) }),
  response: z.boolean(),
});

export const reorderStages = defineContract({
  method: 'PUT',
  path: '/szjk/opportunity/stage/reorder',
  summary: '调整进行中阶段的顺序：ids 为全部进行中阶段的新顺序',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:stage',
  body: z.object({
    ids: z.array(id, { error: M.stageIdsRequired }).min(1, M.stageIdsRequired).max(50),
  }),
  response: z.array(stageViewSchema),
});

export const deleteStage = defineContract({
  method: 'DELETE',
  path: '/szjk/opportunity/stage/delete',
  summary: '删除进行中阶段（阶段中还有商机时拒绝）',
  tags,
  access: 'tenant',
  permission: 'szjk:opportunity:stage',
  query: z.object({ id }),
  response: z.boolean(),
});
