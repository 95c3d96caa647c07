/**
 * Leads (线索, issue 14): statuses, limits, and the platform's default sources and follow-up
 * channels. Since ADR 0183 sources and channels are the tenant's code groups (these lists are their
 * defaults, lib/shared/code-group); the server validates against the tenant's values.
 */

/** Where a lead came from. Rows before issue 14 were migrated onto this list (企业查询 → 企业搜索). */
export const CLUE_SOURCES = [
  '企业搜索',
  '企业详情',
  '高级搜索',
  '已解锁企业',
  '手动录入',
  '批量导入',
  'AI 助手',
  '地图拓客',
  '产业招商',
  '其他',
] as const;
export type ClueSource = (typeof CLUE_SOURCES)[number];

/** Customer sources (issue 15): the lead sources plus conversion from a lead. */
export const CUSTOMER_SOURCES = [...CLUE_SOURCES, '线索转化'] as const;

/** Source of a lead created by hand (/clue/create without a source). */
export const MANUAL_SOURCE: ClueSource = '手动录入';

/** A source as given by older clients (to-crm takes free text): onto the fixed list. */
export function normaliseClueSource(source: string | null | undefined): ClueSource {
  const s = (source ?? '').trim();
  if (s === '企业查询') return '企业搜索';
  return (CLUE_SOURCES as readonly string[]).includes(s) ? (s as ClueSource) : '其他';
}

export const CLUE_STATUS = {
  new: 0,
  following: 1,
  converted: 2,
  invalid: 3,
} as const;
export type ClueStatus = (typeof CLUE_STATUS)[keyof typeof CLUE_STATUS];

export const CLUE_STATUS_NAMES: Record<ClueStatus, string> = {
  0: '新线索',
  1: '跟进中',
  2: '已转化',
  3: '无效',
};

export const FOLLOW_UP_CHANNELS = ['电话', '微信', '拜访', '邮件', '其他'] as const;
/** A code of the tenant's 跟进方式 group (ADR 0183); FOLLOW_UP_CHANNELS are the defaults. */
export type FollowUpChannel = string;

export const CLUE_PAGE_SIZE_MAX = 100;
/** Bulk calls (delete, status, follow user) take at most this many ids. */
export const CLUE_BULK_MAX = 500;

export const CLUE_SORT_FIELDS = ['createTime', 'nextFollowTime', 'lastFollowTime', 'name'] as const;
export type ClueSortField = (typeof CLUE_SORT_FIELDS)[number];

/** Landline (座机): digits with an optional area code and extension, e.g. 0592-5123412-801. */
export const LANDLINE_PATTERN = /^(\+?\d{1,4}[- ]?)?(\d{3,4}[- ]?)?\d{7,8}([- ]?\d{1,6})?$/;

export const CLUE_MESSAGES = {
  nameRequired: '请输入线索名称',
  nameTooLong: '线索名称最多 100 个字符',
  landlineInvalid: '请输入正确的座机号码',
  creditCodeInvalid: '请输入正确的统一社会信用代码',
  sourceInvalid: '线索来源不正确',
  statusInvalid: '线索状态不正确',
  channelInvalid: '请选择跟进方式',
  contentRequired: '请输入跟进内容',
  contentTooLong: '跟进内容最多 2000 个字符',
  invalidReasonRequired: '请填写无效原因',
  convertThroughCustomer: '已转化请通过「转为客户」完成，会同时建立客户',
  idsRequired: '请选择线索',
  tooManyIds: `单次最多操作 ${CLUE_BULK_MAX} 条线索`,
  timeRange: '时间范围需为 [开始, 结束]',
} as const;

/** The optional columns of the lead list (名称 and 操作 are always shown). */
export const CLUE_LIST_COLUMNS = [
  'creditCode',
  'status',
  'source',
  'followUser',
  'contact',
  'region',
  'industry',
  'nextFollowTime',
  'lastFollowTime',
  'createTime',
] as const;
export type ClueListColumn = (typeof CLUE_LIST_COLUMNS)[number];

export const CLUE_LIST_TABS = ['all', '0', '1', '2', '3', 'due'] as const;
export type ClueListTab = (typeof CLUE_LIST_TABS)[number];
