import { z } from 'zod';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  ORG_TYPE_OPTIONS,
  SORT_OPTIONS,
  STAFF_SIZE_OPTIONS,
  STATUS_OPTIONS,
  TAG_OPTIONS,
  type Option,
  type SortKey,
} from './filters';
import { normalizeKeyword, searchForm } from './query';
import type { EnterpriseFilters } from './types';

/**
 * Advanced search (spec 2.1 /advancedSearch): condition groups combined with AND/OR, every
 * condition one field of the enterprise (a text field, a filter option list, a yes/no flag or the
 * registered-capital range). The same shape travels in the API body, templates and history.
 */

/** Text fields matched by "contains" (normalised: case, whitespace and punctuation ignored). */
export const TEXT_FIELDS = [
  { key: 'name', label: '企业名称', minLength: 1 },
  { key: 'formerName', label: '曾用名', minLength: 2 },
  { key: 'brand', label: '品牌', minLength: 2 },
  { key: 'legalPerson', label: '法定代表人', minLength: 2 },
  { key: 'shareholder', label: '股东', minLength: 2 },
  { key: 'address', label: '注册地址', minLength: 2 },
  { key: 'businessScope', label: '经营范围', minLength: 2 },
  { key: 'phone', label: '电话', minLength: 5 },
  { key: 'uncid', label: '统一社会信用代码', minLength: 4 },
] as const;

/** Fields chosen from option lists (regions and industries are codes at any level). */
export const OPTION_FIELDS = [
  { key: 'region', label: '所属地区' },
  { key: 'industry', label: '所属行业' },
  { key: 'capitalBand', label: '注册资本' },
  { key: 'establishBand', label: '成立年限' },
  { key: 'status', label: '登记状态' },
  { key: 'orgType', label: '企业类型' },
  { key: 'staffSize', label: '人员规模' },
  { key: 'tag', label: '企业标签' },
] as const;

export const FLAG_FIELDS = [
  { key: 'hasPhone', label: '有电话' },
  { key: 'hasEmail', label: '有邮箱' },
  { key: 'hasWebsite', label: '有官网' },
  { key: 'listed', label: '上市企业' },
] as const;

export const RANGE_FIELDS = [{ key: 'capitalRange', label: '注册资本范围（万）' }] as const;

export type TextField = (typeof TEXT_FIELDS)[number]['key'];
export type OptionField = (typeof OPTION_FIELDS)[number]['key'];
export type FlagField = (typeof FLAG_FIELDS)[number]['key'];
export type RangeField = (typeof RANGE_FIELDS)[number]['key'];
export type ConditionField = TextField | OptionField | FlagField | RangeField;

export type FieldKind = 'text' | 'option' | 'flag' | 'range';

export function fieldKind(field: ConditionField): FieldKind {
  if (TEXT_FIELDS.some((f) => f.key === field)) return 'text';
  if (OPTION_FIELDS.some((f) => f.key === field)) return 'option';
  if (FLAG_FIELDS.some((f) => f.key === field)) return 'flag';
  return 'range';
}

export const ALL_FIELDS: readonly { key: ConditionField; label: string; kind: FieldKind }[] = [
  ...TEXT_FIELDS.map((f) => ({ key: f.key, label: f.label, kind: 'text' as const })),
  ...OPTION_FIELDS.map((f) => ({ key: f.key, label: f.label, kind: 'option' as const })),
  ...RANGE_FIELDS.map((f) => ({ key: f.key, label: f.label, kind: 'range' as const })),
  ...FLAG_FIELDS.map((f) => ({ key: f.key, label: f.label, kind: 'flag' as const })),
];

export function fieldLabel(field: ConditionField): string {
  return ALL_FIELDS.find((f) => f.key === field)?.label ?? field;
}

/** Fixed option lists (region and industry come from the geo / industry trees). */
export const FIELD_OPTIONS: Partial<Record<OptionField, readonly Option[]>> = {
  capitalBand: CAPITAL_BANDS,
  establishBand: ESTABLISH_BANDS,
  status: STATUS_OPTIONS,
  orgType: ORG_TYPE_OPTIONS,
  staffSize: STAFF_SIZE_OPTIONS,
  tag: TAG_OPTIONS,
};

export type ConditionOp = 'contains' | 'notContains' | 'in' | 'notIn' | 'is' | 'isNot' | 'between';

export const OPS_BY_KIND: Record<FieldKind, readonly { key: ConditionOp; label: string }[]> = {
  text: [
    { key: 'contains', label: '包含' },
    { key: 'notContains', label: '不包含' },
  ],
  option: [
    { key: 'in', label: '属于' },
    { key: 'notIn', label: '不属于' },
  ],
  flag: [
    { key: 'is', label: '是' },
    { key: 'isNot', label: '否' },
  ],
  range: [{ key: 'between', label: '介于' }],
};

/** One condition; which value fields are used depends on the field's kind. */
export type AdvancedCondition = {
  field: ConditionField;
  op: ConditionOp;
  /** text */
  value?: string;
  /** option */
  values?: string[];
  /** range (万) */
  min?: number;
  max?: number;
};

export type Logic = 'and' | 'or';

export type ConditionGroup = { logic: Logic; conditions: AdvancedCondition[] };

export type AdvancedSearchCondition = {
  /** How the groups combine. */
  logic: Logic;
  groups: ConditionGroup[];
};

export type AdvancedSearchRequest = AdvancedSearchCondition & {
  sort: SortKey;
  pageNo: number;
  pageSize: number;
};

export const MAX_GROUPS = 5;
export const MAX_CONDITIONS_PER_GROUP = 10;

const fieldKeys = ALL_FIELDS.map((f) => f.key) as [ConditionField, ...ConditionField[]];
const opKeys = ['contains', 'notContains', 'in', 'notIn', 'is', 'isNot', 'between'] as const;
const codeLike = /^[0-9A-Za-z\u4e00-\u9fa5（）()/、\-+]{1,20}$/;

export const advancedConditionSchema = z
  .object({
    field: z.enum(fieldKeys, { message: '未知的搜索字段' }),
    op: z.enum(opKeys),
    value: z.string().max(100, '关键词最多 100 个字').optional(),
    values: z.array(z.string().regex(codeLike, '选项格式不正确')).max(100).optional(),
    min: z.number().min(0).max(1e9).optional(),
    max: z.number().min(0).max(1e9).optional(),
  })
  .superRefine((c, ctx) => {
    const kind = fieldKind(c.field);
    const label = fieldLabel(c.field);
    if (!OPS_BY_KIND[kind].some((o) => o.key === c.op)) {
      ctx.addIssue({ code: 'custom', message: `「${label}」不支持该比较方式`, path: ['op'] });
      return;
    }
    if (kind === 'text') {
      const spec = TEXT_FIELDS.find((f) => f.key === c.field)!;
      const form = searchForm(normalizeKeyword(c.value ?? ''));
      if (Array.from(form).length < spec.minLength)
        ctx.addIssue({
          code: 'custom',
          message:
            spec.minLength > 1
              ? `「${label}」至少输入 ${spec.minLength} 个字符`
              : `请输入「${label}」关键词`,
          path: ['value'],
        });
    }
    if (kind === 'option' && !c.values?.length)
      ctx.addIssue({ code: 'custom', message: `请选择「${label}」`, path: ['values'] });
    if (kind === 'option' && c.values?.length) {
      const fixed = FIELD_OPTIONS[c.field as OptionField];
      if (fixed && c.values.some((v) => !fixed.some((o) => o.key === v)))
        ctx.addIssue({ code: 'custom', message: `「${label}」选项不正确`, path: ['values'] });
    }
    if (kind === 'range') {
      if (c.min === undefined && c.max === undefined)
        ctx.addIssue({ code: 'custom', message: `请输入「${label}」`, path: ['min'] });
      if (c.min !== undefined && c.max !== undefined && c.min > c.max)
        ctx.addIssue({ code: 'custom', message: '注册资本下限不能大于上限', path: ['max'] });
    }
  });

const logicSchema = z.enum(['and', 'or']);

export const advancedSearchConditionSchema = z.object({
  logic: logicSchema.default('and'),
  groups: z
    .array(
      z.object({
        logic: logicSchema.default('and'),
        conditions: z
          .array(advancedConditionSchema)
          .max(MAX_CONDITIONS_PER_GROUP, `每组最多 ${MAX_CONDITIONS_PER_GROUP} 个条件`),
      }),
    )
    .max(MAX_GROUPS, `最多 ${MAX_GROUPS} 个条件组`)
    .default([]),
});

export const advancedSearchRequestSchema = advancedSearchConditionSchema.extend({
  sort: z.enum(SORT_OPTIONS.map((s) => s.key) as [SortKey, ...SortKey[]]).default('relevance'),
  pageNo: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, '每页最多 50 条').default(10),
});

/** Conditions that count: empty groups dropped. */
export function activeGroups(c: AdvancedSearchCondition): ConditionGroup[] {
  return c.groups.filter((g) => g.conditions.length > 0);
}

/** The first "name contains" keyword, used to highlight names in the results. */
export function highlightKeyword(c: AdvancedSearchCondition): string {
  for (const g of c.groups)
    for (const cond of g.conditions)
      if (cond.field === 'name' && cond.op === 'contains' && cond.value)
        return normalizeKeyword(cond.value);
  return '';
}

/** A one-line Chinese description of a condition set (history and template lists). */
export function describeCondition(
  c: AdvancedSearchCondition,
  nameOf: (field: ConditionField, key: string) => string = (_f, k) => k,
): string {
  const groups = activeGroups(c);
  if (groups.length === 0) return '全部企业';
  const one = (cond: AdvancedCondition): string => {
    const label = fieldLabel(cond.field);
    const op = OPS_BY_KIND[fieldKind(cond.field)].find((o) => o.key === cond.op)?.label ?? '';
    switch (fieldKind(cond.field)) {
      case 'text':
        return `${label}${op}“${cond.value ?? ''}”`;
      case 'option':
        return `${label}${op}${(cond.values ?? []).map((v) => nameOf(cond.field, v)).join('/')}`;
      case 'flag':
        return cond.op === 'is' ? label : `非${label}`;
      default:
        return `${label} ${cond.min ?? 0}-${cond.max ?? '∞'}`;
    }
  };
  const word = (l: Logic) => (l === 'and' ? ' 且 ' : ' 或 ');
  const parts = groups.map((g) => {
    const text = g.conditions.map(one).join(word(g.logic));
    return groups.length > 1 && g.conditions.length > 1 ? `（${text}）` : text;
  });
  return parts.join(word(c.logic));
}

const FILTER_OPTION_FIELDS = [
  ['regions', 'region'],
  ['industries', 'industry'],
  ['capitalBands', 'capitalBand'],
  ['establishBands', 'establishBand'],
  ['statuses', 'status'],
  ['orgTypes', 'orgType'],
  ['staffSizes', 'staffSize'],
] as const satisfies readonly (readonly [keyof EnterpriseFilters, OptionField])[];

/**
 * The quick filters of company search as advanced-search conditions, for searches that only take
 * conditions (the park search reads companies inside an outline with the map's query): options
 * OR within a field, fields AND-ed; every tag must be present; flags `is` / `isNot`. Groups of at
 * most MAX_CONDITIONS_PER_GROUP, all AND-ed.
 */
export function conditionOfFilters(filters: EnterpriseFilters): AdvancedSearchCondition {
  const conditions: AdvancedCondition[] = [];
  for (const [from, field] of FILTER_OPTION_FIELDS) {
    const values = filters[from];
    if (values?.length) conditions.push({ field, op: 'in', values: [...values] });
  }
  for (const tag of filters.tags ?? []) conditions.push({ field: 'tag', op: 'in', values: [tag] });
  if (filters.capitalMin !== undefined || filters.capitalMax !== undefined)
    conditions.push({
      field: 'capitalRange',
      op: 'between',
      min: filters.capitalMin,
      max: filters.capitalMax,
    });
  for (const { key } of FLAG_FIELDS) {
    const flag = filters[key];
    if (flag !== undefined) conditions.push({ field: key, op: flag ? 'is' : 'isNot' });
  }
  const groups: ConditionGroup[] = [];
  for (let i = 0; i < conditions.length; i += MAX_CONDITIONS_PER_GROUP)
    groups.push({ logic: 'and', conditions: conditions.slice(i, i + MAX_CONDITIONS_PER_GROUP) });
  return { logic: 'and', groups };
}
