/**
 * 年报 words and addresses without zod (the company page's client island imports these; the
 * contract and schemas are in annual-report.ts).
 */

/** Labels of the published figures (the company page's 年报 tab shows the same words). */
export const ANNUAL_REPORT_LABELS: Record<string, string> = {
  staff: '从业人数',
  insured: '参保人数',
  assets: '资产总额',
  revenue: '营业总收入',
  profit: '利润总额',
  tax: '纳税总额',
  phone: '企业联系电话',
  email: '电子邮箱',
  address: '通信地址',
  website: '网站',
  operatingStatus: '经营状态',
  hasInvestment: '是否有对外投资',
  hasGuarantee: '是否提供对外担保',
};

/** Keys of 资产状况 (assets and operations); the others are basic facts. */
export const ANNUAL_ASSET_KEYS: readonly string[] = [
  'assets',
  'revenue',
  'profit',
  'tax',
  'insured',
];

/** Keys shown in their own sections (a real import may carry lists under these names). */
export const ANNUAL_LIST_KEYS: readonly string[] = [
  'shareholders',
  'websites',
  'investments',
  'changes',
];

/** A published value as text: 是/否, “N 人”, '-' when empty. */
export function annualValueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if ((key === 'staff' || key === 'insured') && typeof v === 'number') return `${v} 人`;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function annualReportHref(uncid: string, year?: number | null): string {
  const base = `/annualReportDetail?uncid=${encodeURIComponent(uncid)}`;
  return year ? `${base}&year=${year}` : base;
}
