/**
 * Business failures of customers (1_020_002_xxx, after the leads' 1_020_001_xxx). A customer the
 * caller may not see (other tenant, outside the data scope, deleted) answers the global 404.
 */
export const CUSTOMER_ERRORS = {
  ENTERPRISE_EXISTS: {
    code: 1020002001,
    msg: '该企业已是客户：「{name}」（负责人：{owner}）',
  },
  RESTORE_CONFLICT: {
    code: 1020002002,
    msg: '该企业已有未删除的客户「{name}」，不能恢复',
  },
  OWNER_INVALID: { code: 1020002003, msg: '负责人必须是本企业在职成员' },
  NOT_DELETED: { code: 1020002004, msg: '客户「{name}」未被删除' },
  CLUE_INVALID: { code: 1020002005, msg: '线索「{name}」为无效线索，不能转为客户' },
  CONVERTED_DELETED: {
    code: 1020002007,
    msg: '该线索已转为客户「{name}」，该客户已删除，请在回收站恢复',
  },
  HAS_OPPORTUNITIES: {
    code: 1020002006,
    msg: '客户「{name}」还有 {n} 个商机，请先删除商机',
  },
} as const;
export type CustomerErrorKey = keyof typeof CUSTOMER_ERRORS;
