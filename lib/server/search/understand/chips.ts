/** Chinese chip labels of understood conditions (地区：深圳市南山区, 注册资本：1000万以上 …). */
import {
  FIELD_OPTIONS,
  fieldLabel,
  type AdvancedCondition,
  type AdvancedSearchCondition,
  type OptionField,
} from '@/lib/shared/search/advanced';
import { regionPath } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { ESTABLISH_BANDS, STAFF_SIZE_OPTIONS } from '@/lib/shared/search/filters';
import { staffBandsFor } from './numbers';

export type Chip = { key: string; label: string; condition: AdvancedCondition };

/** 深圳市南山区 (city and district; 北京市朝阳区 once), 广东省, 深圳市. */
function regionLabel(code: string): string {
  const path = regionPath(code);
  if (!path.length) return code;
  const names: string[] = [];
  for (const r of path.slice(path.length >= 3 ? 1 : path.length - 1))
    if (names[names.length - 1] !== r.name) names.push(r.name);
  return names.join('');
}

/** 1000万 / 1亿 / 1.5亿. */
export function formatWan(v: number): string {
  if (v >= 10000) return `${Math.round((v / 10000) * 100) / 100}亿`;
  return `${Math.round(v * 100) / 100}万`;
}

function capitalLabel(c: AdvancedCondition): string {
  if (c.min !== undefined && c.max !== undefined) return `${formatWan(c.min)}-${formatWan(c.max)}`;
  if (c.min !== undefined) return `${formatWan(c.min)}以上`;
  if (c.max !== undefined) return `${formatWan(c.max)}以下`;
  return '不限';
}

/** Contiguous bands read as one range (5年以上, 3年以内, 3-10年); others are listed. */
function ageLabel(values: string[]): string {
  const bands = ESTABLISH_BANDS.filter((b) => values.includes(b.key));
  const idx = bands.map((b) => ESTABLISH_BANDS.indexOf(b));
  const contiguous = idx.every((v, i) => i === 0 || v === idx[i - 1] + 1);
  if (!bands.length || !contiguous || bands.length === 1)
    return bands.map((b) => b.label).join('、');
  const lo = bands[0].min;
  const hi = bands[bands.length - 1].max;
  if (hi === null) return `${lo}年以上`;
  if (lo === 0) return `${hi}年以内`;
  return `${lo}-${hi}年`;
}

function staffLabel(values: string[]): string {
  const order = STAFF_SIZE_OPTIONS.map((o) => o.key);
  const sorted = order.filter((k) => values.includes(k));
  if (sorted.length > 1) {
    const last = sorted[sorted.length - 1];
    const first = sorted[0];
    const firstMin = Number(first.match(/^(\d+)/)?.[1] ?? 0);
    if (
      last === order[order.length - 1] &&
      staffBandsFor({ min: firstMin }).length === sorted.length
    )
      return `${firstMin}人以上`;
    if (first === order[0]) {
      const top = Number(last.match(/-(\d+)人$/)?.[1] ?? NaN);
      if (!Number.isNaN(top) && staffBandsFor({ max: top + 1 }).length === sorted.length)
        return `${top + 1}人以下`;
    }
  }
  return sorted.join('、');
}

function optionNames(c: AdvancedCondition): string {
  const values = c.values ?? [];
  switch (c.field) {
    case 'region':
      return values.map(regionLabel).join('、');
    case 'industry':
      return values.map((v) => industryName(v) || v).join('、');
    case 'establishBand':
      return ageLabel(values);
    case 'staffSize':
      return staffLabel(values);
    default: {
      const opts = FIELD_OPTIONS[c.field as OptionField];
      return values.map((v) => opts?.find((o) => o.key === v)?.label ?? v).join('、');
    }
  }
}

const SHORT_LABEL: Partial<Record<string, string>> = {
  region: '地区',
  industry: '行业',
  capitalBand: '注册资本',
  establishBand: '成立年限',
  status: '登记状态',
  orgType: '企业类型',
  staffSize: '人员规模',
  tag: '企业标签',
  capitalRange: '注册资本',
};

const FLAG_LABEL: Record<string, [string, string]> = {
  hasPhone: ['有电话', '无电话'],
  hasEmail: ['有邮箱', '无邮箱'],
  hasWebsite: ['有官网', '无官网'],
  listed: ['上市企业', '非上市企业'],
};

export function chipLabel(c: AdvancedCondition): string {
  const name = SHORT_LABEL[c.field] ?? fieldLabel(c.field);
  switch (c.op) {
    case 'in':
      return `${name}：${optionNames(c)}`;
    case 'notIn':
      return `排除${name}：${optionNames(c)}`;
    case 'between':
      return `${name}：${capitalLabel(c)}`;
    case 'is':
    case 'isNot': {
      const pair = FLAG_LABEL[c.field];
      return pair ? pair[c.op === 'is' ? 0 : 1] : `${name}：${c.op === 'is' ? '是' : '否'}`;
    }
    case 'contains':
      return `${name}包含：${c.value ?? ''}`;
    case 'notContains':
      return `${name}不包含：${c.value ?? ''}`;
  }
}

export function conditionChipsOf(condition: AdvancedSearchCondition): Chip[] {
  const chips: Chip[] = [];
  condition.groups.forEach((g, gi) =>
    g.conditions.forEach((c, ci) =>
      chips.push({ key: `${gi}-${ci}-${c.field}-${c.op}`, label: chipLabel(c), condition: c }),
    ),
  );
  return chips;
}
