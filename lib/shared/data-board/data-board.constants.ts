/** The steps of the board's funnel: a lead, its customer, an opportunity of it, a won one. */
export const FUNNEL_STEPS = ['lead', 'customer', 'opportunity', 'won'] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_NAMES: Record<FunnelStepKey, string> = {
  lead: '线索',
  customer: '转为客户',
  opportunity: '产生商机',
  won: '赢单',
};

/** A range of at most a year (366 days, both ends included). */
export const BOARD_RANGE_MAX_DAYS = 366;
/** Ranges up to this many days are drawn per day, longer ones per week (Monday first). */
export const BOARD_DAY_BUCKETS_MAX = 62;
/** Departments or members one filter may name. */
export const BOARD_FILTER_IDS_MAX = 200;
/** The days a fresh board shows, today included. */
export const BOARD_DEFAULT_DAYS = 30;

export const BOARD_EXPORT_FILE_NAME = '数据看板.xlsx';

export const DATA_BOARD_MESSAGES = {
  rangeReversed: '结束日期不能早于开始日期',
  rangeTooLong: `时间范围最多 ${BOARD_RANGE_MAX_DAYS} 天`,
  tooManyIds: `最多选择 ${BOARD_FILTER_IDS_MAX} 个`,
} as const;

/** Day or week buckets for a range of `days` days. */
export function bucketFor(days: number): 'day' | 'week' {
  return days <= BOARD_DAY_BUCKETS_MAX ? 'day' : 'week';
}
