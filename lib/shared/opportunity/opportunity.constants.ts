/**
 * Opportunities (商机, issue 15): stage kinds, the default pipeline a tenant starts with, statuses,
 * limits and messages.
 */

/** open: a step of the pipeline (configurable); won / lost: the two terminal stages. */
export const STAGE_TYPES = ['open', 'won', 'lost'] as const;
export type StageType = (typeof STAGE_TYPES)[number];

/** The pipeline a tenant gets on first use (its stages are created lazily), with probabilities. */
export const DEFAULT_STAGES: readonly { name: string; probability: number }[] = [
  { name: '初步接洽', probability: 10 },
  { name: '需求确认', probability: 30 },
  { name: '方案报价', probability: 50 },
  { name: '商务谈判', probability: 80 },
];
/** The terminal stages, always after the open ones. */
export const WON_STAGE = { name: '赢单', probability: 100 } as const;
export const LOST_STAGE = { name: '输单', probability: 0 } as const;

/** Status of an opportunity: follows its stage's type (open stages → open). */
export const OPPORTUNITY_STATUSES = ['open', 'won', 'lost'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];
export const OPPORTUNITY_STATUS_NAMES: Record<OpportunityStatus, string> = {
  open: '进行中',
  won: '赢单',
  lost: '输单',
};

/** Open stages per tenant. */
export const STAGES_MAX = 20;
/** Cards per stage in one pipeline answer (default and most). */
export const PIPELINE_CARDS_DEFAULT = 20;
export const PIPELINE_CARDS_MAX = 50;
export const OPPORTUNITY_PAGE_SIZE_MAX = 100;
/** Largest amount of one opportunity: 100 亿元 in fen. */
export const AMOUNT_MAX_FEN = 1_000_000_000_000;

export const OPPORTUNITY_SORT_FIELDS = [
  'createTime',
  'updateTime',
  'amount',
  'expectedCloseDate',
  'name',
] as const;
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];

export const OPPORTUNITY_MESSAGES = {
  nameRequired: '请输入商机名称',
  nameTooLong: '商机名称最多 100 个字符',
  customerRequired: '请选择客户',
  amountInvalid: '金额需为不小于 0 的整数（单位：分）',
  amountTooLarge: '金额不能超过 100 亿元',
  probabilityInvalid: '赢单概率需为 0-100 的整数',
  dateInvalid: '日期格式应为 YYYY-MM-DD',
  stageRequired: '请选择阶段',
  stageNameRequired: '请输入阶段名称',
  stageNameTooLong: '阶段名称最多 20 个字符',
  lostReasonRequired: '请填写输单原因',
  lostReasonTooLong: '输单原因最多 200 个字符',
  stageIdsRequired: '请按顺序提供全部进行中阶段',
  timeRange: '时间范围需为 [开始, 结束]',
} as const;
