/** Display helpers for enterprise figures, used by pages, the API and exports alike. */

/** 1000 → "1000万人民币", 12.5 (美元) → "12.5万美元"; '' when unknown. */
export function formatCapital(amountWan: number | null | undefined, currency = '人民币'): string {
  if (amountWan === null || amountWan === undefined || !Number.isFinite(amountWan)) return '';
  const n = Number(amountWan.toFixed(4));
  return `${n}万${currency}`;
}

/** 51.2345 → "51.23%"; '' when unknown. */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  return `${Number(ratio.toFixed(2))}%`;
}

/** How a contact's type is named wherever contacts are listed. */
export const CONTACT_TYPE_LABEL: Record<'phone' | 'mobile' | 'email', string> = {
  phone: '固话',
  mobile: '手机',
  email: '邮箱',
};
