/**
 * Customers (客户, issue 15): the platform's default sources and levels, limits and messages. Since
 * ADR 0183 sources and levels are the tenant's code groups (these lists are their defaults); the
 * server validates against the tenant's values.
 */

export { CUSTOMER_SOURCES, FOLLOW_UP_CHANNELS } from '@/lib/shared/clue/clue.constants';
/** A code of the tenant's 线索来源 group or 线索转化 (ADR 0183); CUSTOMER_SOURCES are the defaults. */
export type CustomerSource = string;

/**
 * A customer converted from a lead keeps the lead's source (the lead says where the business came
 * from); 线索转化 is for customers recorded as converted without a lead row (e.g. an import).
 */
export const CONVERTED_SOURCE: CustomerSource = '线索转化';
/** Source of a customer created by hand without a source. */
export const CUSTOMER_MANUAL_SOURCE: CustomerSource = '手动录入';

/**
 * Customer levels: a code stored on the row and the name the pages show; three names a user can
 * rank (普通 and 一般 read the same, issue 28 item 7).
 */
export const CUSTOMER_LEVELS = [
  { value: 'A', label: '重点客户' },
  { value: 'B', label: '普通客户' },
  { value: 'C', label: '次要客户' },
] as const;
/** A code of the tenant's 客户级别 group (ADR 0183); CUSTOMER_LEVELS are the platform defaults. */
export type CustomerLevel = string;
export const CUSTOMER_LEVEL_VALUES = ['A', 'B', 'C'] as const satisfies readonly CustomerLevel[];
export const CUSTOMER_LEVEL_NAMES: Record<CustomerLevel, string> = {
  A: '重点客户',
  B: '普通客户',
  C: '次要客户',
};
/** Level of a new customer when none is given. */
export const DEFAULT_CUSTOMER_LEVEL: CustomerLevel = 'B';

export const CUSTOMER_TAGS_MAX = 10;
export const CUSTOMER_TAG_LENGTH_MAX = 20;
export const CUSTOMER_CONTACTS_MAX = 20;
export const CUSTOMER_PAGE_SIZE_MAX = 100;
/** Bulk calls (delete, update-owner) take at most this many ids. */
export const CUSTOMER_BULK_MAX = 500;

export const CUSTOMER_SORT_FIELDS = [
  'createTime',
  'updateTime',
  'name',
  'lastFollowTime',
  'nextFollowTime',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

export const CUSTOMER_MESSAGES = {
  nameRequired: '请输入客户名称',
  nameTooLong: '客户名称最多 100 个字符',
  sourceInvalid: '客户来源不正确',
  levelInvalid: '客户级别不正确',
  tagEmpty: '标签不能为空',
  tagTooLong: `标签最多 ${CUSTOMER_TAG_LENGTH_MAX} 个字符`,
  tooManyTags: `最多 ${CUSTOMER_TAGS_MAX} 个标签`,
  contactNameRequired: '请输入联系人姓名',
  contactNameTooLong: '联系人姓名最多 30 个字符',
  positionTooLong: '职位最多 50 个字符',
  landlineInvalid: '请输入正确的座机号码',
  tooManyContacts: `最多 ${CUSTOMER_CONTACTS_MAX} 个联系人`,
  idsRequired: '请选择客户',
  tooManyIds: `单次最多操作 ${CUSTOMER_BULK_MAX} 个客户`,
  ownerRequired: '请选择负责人',
  clueRequired: '请选择线索',
  timeRange: '时间范围需为 [开始, 结束]',
  channelInvalid: '请选择跟进方式',
  contentRequired: '请输入跟进内容',
  contentTooLong: '跟进内容最多 2000 个字符',
} as const;
