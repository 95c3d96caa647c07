/**
 * Code groups (代码组, ADR 0183): the tenant's dictionaries behind the CRM forms, filters and list
 * labels. Each group has values (code, label, order, enabled); these are the platform defaults a
 * tenant uses until its administrator edits the group. Records store the code; pages show the label.
 */
import { CLUE_SOURCES, FOLLOW_UP_CHANNELS } from '@/lib/shared/clue/clue.constants';
import { CUSTOMER_LEVELS } from '@/lib/shared/customer/customer.constants';

export const CODE_GROUP_KEYS = [
  'clueSource',
  'followUpChannel',
  'customerLevel',
  'lostReason',
  'customerTag',
] as const;
export type CodeGroupKey = (typeof CODE_GROUP_KEYS)[number];

export type CodeGroupDefault = { code: string; label: string };

export type CodeGroupDef = {
  key: CodeGroupKey;
  name: string;
  /** What the group is for (shown under its name). */
  usedBy: string;
  /**
   * strict: a record's value must be an enabled value of the group (the server checks).
   * suggest: the values are offered in the form; free text stays allowed (tags, lost reasons).
   */
  mode: 'strict' | 'suggest';
  defaults: readonly CodeGroupDefault[];
};

const same = (list: readonly string[]): CodeGroupDefault[] =>
  list.map((s) => ({ code: s, label: s }));

export const CODE_GROUPS: readonly CodeGroupDef[] = [
  {
    key: 'clueSource',
    name: '线索来源',
    usedBy: '线索、客户的来源（表单、筛选、列表）',
    mode: 'strict',
    defaults: same(CLUE_SOURCES),
  },
  {
    key: 'followUpChannel',
    name: '跟进方式',
    usedBy: '线索、客户的跟进记录',
    mode: 'strict',
    defaults: same(FOLLOW_UP_CHANNELS),
  },
  {
    key: 'customerLevel',
    name: '客户级别',
    usedBy: '客户的级别（表单、筛选、列表）',
    mode: 'strict',
    defaults: CUSTOMER_LEVELS.map((l) => ({ code: l.value, label: l.label })),
  },
  {
    key: 'lostReason',
    name: '输单原因',
    usedBy: '商机输单时可选的原因（也可另填）',
    mode: 'suggest',
    defaults: same(['价格因素', '选择了竞品', '需求变化', '预算不足', '联系不上', '其他']),
  },
  {
    key: 'customerTag',
    name: '客户标签',
    usedBy: '客户表单中可选的标签（也可另填）',
    mode: 'suggest',
    defaults: same(['重点跟进', '老客户', '转介绍', '政府项目', '上市公司']),
  },
];

export function codeGroupDef(key: CodeGroupKey): CodeGroupDef {
  return CODE_GROUPS.find((g) => g.key === key)!;
}

/** The customer source a conversion writes; always valid for customers, never in the group. */
export const CONVERTED_SOURCE_CODE = '线索转化';

/** Values per group at most. */
export const CODE_GROUP_VALUES_MAX = 50;

export const CODE_GROUP_MESSAGES = {
  groupInvalid: '代码组不存在',
  codeRequired: '请输入编码',
  codeTooLong: '编码最多 20 个字符',
  labelRequired: '请输入名称',
  labelTooLong: '名称最多 20 个字符',
  codesRequired: '请按顺序提供该组全部编码',
  codeExists: '编码「{code}」已存在',
  labelExists: '名称「{label}」已存在',
  tooMany: `每个代码组最多 ${CODE_GROUP_VALUES_MAX} 个值`,
  notFound: '该值不存在',
  builtIn: '「{label}」是系统预置值，不能删除，可停用',
  inUse: '「{label}」已被 {n} 条记录使用，不能删除，可停用',
  orderMismatch: '该组的值已变化，请刷新后重试',
  valueInvalid: '{group}「{value}」不存在或已停用',
} as const;
