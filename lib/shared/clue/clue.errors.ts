/**
 * Business failures of leads (yudao CRM codes 1_020_001_xxx). A lead the caller may not see (other
 * tenant, outside the data scope, deleted) answers the global 404 instead, so its existence is not
 * revealed. These belong in lib/shared/api/error-codes.ts (not owned by this change; see ADR 0100).
 */
export const CLUE_ERRORS = {
  ENTERPRISE_EXISTS: {
    code: 1020001001,
    msg: '该企业已在线索中：「{name}」（跟进人：{owner}）',
  },
  RESTORE_CONFLICT: {
    code: 1020001002,
    msg: '该企业已有未删除的线索「{name}」，不能恢复',
  },
  FOLLOW_USER_INVALID: { code: 1020001003, msg: '跟进人必须是本企业在职成员' },
  STATUS_TRANSITION: { code: 1020001004, msg: '线索「{name}」为{from}，不能改为{to}' },
  NOT_DELETED: { code: 1020001005, msg: '线索「{name}」未被删除' },
} as const;
export type ClueErrorKey = keyof typeof CLUE_ERRORS;
