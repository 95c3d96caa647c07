/**
 * The columns of a company data import (issue 37 item 1, ADR 0212): one list per source kind,
 * which the reader checks headers against, the validator converts with, and
 * docs/operations/enterprise-import.md documents (a unit test keeps the page and the list alike).
 */
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { copyText } from '../seed/copy';

export const CHILD_KINDS = ['shareholders', 'people', 'changes', 'branches'] as const;
export type ChildKind = (typeof CHILD_KINDS)[number];
export type SourceKind = 'companies' | ChildKind;

/** Bit of a child kind in a staged company's `supplied` mask: that kind is replaced. */
export const kindBit = (kind: ChildKind) => 1 << CHILD_KINDS.indexOf(kind);

export type ColumnType =
  | 'uncid'
  | 'text'
  | 'date'
  | 'number'
  | 'int'
  | 'list'
  | 'bool'
  | 'region'
  | 'industry'
  | 'status'
  | 'holder';

export type ColumnSpec = {
  /** Header name in CSV, key in JSONL. */
  key: string;
  type: ColumnType;
  required: boolean;
  /** Column it fills (its staging twin has the same name). */
  db: string;
  /** What it means, for the operator page. */
  doc: string;
  /** Default written when the value is empty. */
  fallback?: string;
  /** Range of a number. */
  min?: number;
  max?: number;
};

/** 经营状态 the product knows (filters, badges). */
export const IMPORT_STATUSES = ['存续', '在业', '注销', '吊销', '迁出', '停业'];
/** Longest field (a business scope is the longest real one, a few thousand characters). */
export const MAX_FIELD_CHARS = 20_000;
/** Longest record (one CSV row or JSONL line); longer is a broken or hostile file. */
export const MAX_RECORD_CHARS = 1 << 20;

const c = (
  key: string,
  type: ColumnType,
  required: boolean,
  doc: string,
  extra: Partial<ColumnSpec> = {},
): ColumnSpec => ({ key, type, required, db: key, doc, ...extra });

const CODE = c(
  'credit_code',
  'uncid',
  true,
  '统一社会信用代码（18 位，校验位正确），导入的唯一键',
  {
    db: 'uncid',
  },
);

export const COMPANY_COLUMNS: readonly ColumnSpec[] = [
  CODE,
  c('name', 'text', true, '企业名称'),
  c('org_type', 'text', true, '企业类型，如 有限责任公司'),
  c('status', 'status', true, `经营状态：${IMPORT_STATUSES.join(' / ')}`),
  c('legal_person', 'text', true, '法定代表人'),
  c('former_names', 'list', false, '曾用名，多个以 | 分隔', { fallback: '{}' }),
  c('brand_words', 'list', false, '品牌词，多个以 | 分隔', { fallback: '{}' }),
  c('reg_no', 'text', false, '注册号（2015 年前的 15 位工商注册号）'),
  c('reg_capital', 'number', false, '注册资本（万元，币种见 reg_capital_currency）', { min: 0 }),
  c('reg_capital_currency', 'text', false, '注册资本币种，默认 人民币', { fallback: '人民币' }),
  c('paid_capital', 'number', false, '实缴资本（万元）', { min: 0 }),
  c('establish_date', 'date', false, '成立日期 YYYY-MM-DD'),
  c('approval_date', 'date', false, '核准日期 YYYY-MM-DD'),
  c('term_start', 'date', false, '营业期限起 YYYY-MM-DD'),
  c('term_end', 'date', false, '营业期限止 YYYY-MM-DD，空为长期'),
  c('reg_authority', 'text', false, '登记机关'),
  c('province_code', 'region', false, '省级行政区划码（GB/T 2260，6 位，须为已知代码）'),
  c('city_code', 'region', false, '市级行政区划码'),
  c('district_code', 'region', false, '区县行政区划码'),
  c('address', 'text', false, '注册地址'),
  c('lng', 'number', false, '经度（GCJ-02），与 lat 同时给出', { min: -180, max: 180 }),
  c('lat', 'number', false, '纬度（GCJ-02），与 lng 同时给出', { min: -90, max: 90 }),
  c('industry_section', 'industry', false, '国民经济行业门类（GB/T 4754-2017，如 C）'),
  c('industry_division', 'industry', false, '行业大类（如 39）'),
  c('industry_group', 'industry', false, '行业中类（如 391）'),
  c('industry_class', 'industry', false, '行业小类（如 3911）'),
  c('business_scope', 'text', false, '经营范围'),
  c('staff_size', 'text', false, '人员规模，如 小于50人、50-99人'),
  c('insured_count', 'int', false, '参保人数', { min: 0 }),
  c('website', 'text', false, '官网'),
  c('tags', 'list', false, '企业标签，多个以 | 分隔（如 高新技术企业|专精特新）', {
    fallback: '{}',
  }),
  c('listed', 'bool', false, '是否上市：true/false、1/0、是/否，默认否', { fallback: 'f' }),
  c('weight', 'number', false, '排序权重，越大越靠前；空时按注册资本、经营状态和官网估算', {
    min: 0,
  }),
];

export const CHILD_COLUMNS: Record<ChildKind, readonly ColumnSpec[]> = {
  shareholders: [
    CODE,
    c('holder_name', 'text', true, '股东名称'),
    c('holder_type', 'holder', true, '股东类型：person/自然人 或 company/企业'),
    c('holder_credit_code', 'uncid', false, '企业股东的统一社会信用代码（关联到库内企业）', {
      db: 'holder_uncid',
    }),
    c('ratio', 'number', false, '持股比例（%，0-100）', { min: 0, max: 100 }),
    c('subscribed_amount', 'number', false, '认缴出资额（万元）', { min: 0 }),
    c('subscribed_date', 'date', false, '认缴出资日期 YYYY-MM-DD'),
  ],
  people: [
    CODE,
    c('name', 'text', true, '主要人员姓名'),
    c('roles', 'list', false, '职务，多个以 | 分隔（如 董事长|总经理）', { fallback: '{}' }),
  ],
  changes: [
    CODE,
    c('change_date', 'date', true, '变更日期 YYYY-MM-DD'),
    c('item', 'text', true, '变更事项'),
    c('before', 'text', false, '变更前'),
    c('after', 'text', false, '变更后'),
  ],
  branches: [
    CODE,
    c('name', 'text', true, '分支机构名称'),
    c('branch_credit_code', 'uncid', false, '分支机构的统一社会信用代码（关联到库内企业）', {
      db: 'branch_uncid',
    }),
    c('principal', 'text', false, '负责人'),
    c('region_code', 'region', false, '所在地行政区划码'),
    c('establish_date', 'date', false, '成立日期 YYYY-MM-DD'),
    c('status', 'text', false, '经营状态'),
  ],
};

export const COLUMNS_OF: Record<SourceKind, readonly ColumnSpec[]> = {
  companies: COMPANY_COLUMNS,
  ...CHILD_COLUMNS,
};

/** Reference codes a value must be one of. */
export type KnownCodes = { regions: ReadonlySet<string>; industries: ReadonlySet<string> };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function validDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3]) &&
    Number(m[1]) >= 1800 &&
    Number(m[1]) <= 2200
  );
}

/** A text[] literal for COPY (elements quoted). */
function copyList(values: string[]): string {
  if (!values.length) return '{}';
  return copyText(`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`);
}

/** A JSONL value as the text a CSV cell would hold. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v)).join('|');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One value converted to its COPY text (`\N` for null), or the reason (Chinese) it is refused.
 */
export function convertValue(
  spec: ColumnSpec,
  raw: string,
  known: KnownCodes,
): { ok: string } | { reason: string } {
  const v = raw.trim();
  const label = spec.key;
  if (v.length > MAX_FIELD_CHARS)
    return { reason: `${label} 超过 ${MAX_FIELD_CHARS} 个字符（${v.length}）` };
  if (v === '') {
    if (spec.required) return { reason: `缺少必填字段 ${label}` };
    return { ok: spec.fallback ?? '\\N' };
  }
  switch (spec.type) {
    case 'uncid':
      return validateUncid(v.toUpperCase())
        ? { ok: v.toUpperCase() }
        : { reason: `${label} 不是有效的统一社会信用代码：${v.slice(0, 40)}` };
    case 'text':
      return { ok: copyText(v) };
    case 'status':
      return IMPORT_STATUSES.includes(v)
        ? { ok: v }
        : { reason: `${label} 须为 ${IMPORT_STATUSES.join('/')} 之一：${v.slice(0, 20)}` };
    case 'holder':
      if (v === 'person' || v === '自然人') return { ok: 'person' };
      if (v === 'company' || v === '企业' || v === '法人') return { ok: 'company' };
      return { reason: `${label} 须为 person/自然人 或 company/企业：${v.slice(0, 20)}` };
    case 'date':
      return validDate(v)
        ? { ok: v }
        : { reason: `${label} 不是有效日期（YYYY-MM-DD）：${v.slice(0, 20)}` };
    case 'number':
    case 'int': {
      const n = Number(v);
      if (!NUMBER.test(v) || !Number.isFinite(n) || (spec.type === 'int' && !Number.isInteger(n)))
        return {
          reason: `${label} 不是${spec.type === 'int' ? '整数' : '数字'}：${v.slice(0, 20)}`,
        };
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max))
        return { reason: `${label} 超出范围 ${spec.min ?? '-∞'}~${spec.max ?? '∞'}：${v}` };
      if (spec.type === 'int' && n > 2_147_483_647) return { reason: `${label} 过大：${v}` };
      if (n >= 1e14) return { reason: `${label} 过大：${v}` };
      return { ok: v };
    }
    case 'list':
      return {
        ok: copyList(
          v
            .split('|')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      };
    case 'bool':
      if (['true', '1', '是', 'y', 'yes', 't'].includes(v.toLowerCase())) return { ok: 't' };
      if (['false', '0', '否', 'n', 'no', 'f'].includes(v.toLowerCase())) return { ok: 'f' };
      return { reason: `${label} 须为 true/false、1/0 或 是/否：${v.slice(0, 20)}` };
    case 'region':
      return known.regions.has(v)
        ? { ok: v }
        : { reason: `${label} 不是已知的行政区划码：${v.slice(0, 20)}` };
    case 'industry':
      return known.industries.has(v)
        ? { ok: v }
        : { reason: `${label} 不是已知的国民经济行业代码：${v.slice(0, 20)}` };
  }
}

/**
 * A record's values in the order of `specs`, as COPY text, or the first reason it is refused.
 */
export function convertRecord(
  specs: readonly ColumnSpec[],
  get: (key: string) => string,
  known: KnownCodes,
): { values: string[] } | { reason: string } {
  const values: string[] = [];
  for (const spec of specs) {
    const r = convertValue(spec, get(spec.key), known);
    if ('reason' in r) return r;
    values.push(r.ok);
  }
  return { values };
}

/** Default ranking weight: capital (log), activity, a website (the seed's rule, without titles). */
export function defaultWeight(regCapital: string, status: string, website: string): string {
  const capital = regCapital === '\\N' ? 0 : Number(regCapital);
  const active = status === '存续' || status === '在业';
  return String(
    Math.round(
      Math.max(0, Math.log1p(capital) + (active ? 2 : -4) + (website !== '\\N' ? 0.5 : 0)) * 100,
    ) / 100,
  );
}
