/**
 * Business failures of opportunities and stages (1_020_003_xxx). An opportunity the caller may not
 * see (other tenant, outside the data scope) answers the global 404.
 */
export const OPPORTUNITY_ERRORS = {
  STAGE_IN_USE: { code: 1020003001, msg: '阶段「{name}」还有 {n} 个商机，不能删除' },
  STAGE_TERMINAL: { code: 1020003002, msg: '赢单、输单阶段不能删除或调整顺序' },
  STAGE_NAME_EXISTS: { code: 1020003003, msg: '阶段名称「{name}」已存在' },
  STAGES_TOO_MANY: { code: 1020003004, msg: '进行中阶段最多 {max} 个' },
  STAGE_ORDER_MISMATCH: { code: 1020003005, msg: '阶段列表已变化，请刷新后重试' },
  LOST_REASON_REQUIRED: { code: 1020003006, msg: '请填写输单原因' },
  STAGE_LAST: { code: 1020003007, msg: '至少保留一个进行中阶段' },
  STAGE_NOT_OPEN: { code: 1020003008, msg: '新建商机只能选择进行中的阶段' },
} as const;
export type OpportunityErrorKey = keyof typeof OPPORTUNITY_ERRORS;
