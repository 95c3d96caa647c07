/**
 * Amounts: the API speaks fen (integers, spec issue 15), people read and type 元. Every conversion
 * goes through here so a rounding rule is written once.
 */

const yuanFormat = new Intl.NumberFormat('zh-CN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compactFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** 123456 fen → "1,234.56 元"; null → "—". */
export function formatYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '—';
  return `${yuanFormat.format(fen / 100)} 元`;
}

/** For column totals: below 1 万元 exact, then 万元 and 亿元 with at most two decimals. */
export function formatYuanShort(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '—';
  const yuan = fen / 100;
  const abs = Math.abs(yuan);
  if (abs >= 1e8) return `${compactFormat.format(yuan / 1e8)} 亿元`;
  if (abs >= 1e4) return `${compactFormat.format(yuan / 1e4)} 万元`;
  return `${compactFormat.format(yuan)} 元`;
}

/** A typed-in 元 amount (at most two decimals) → fen; empty stays null. */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(n)) return null;
  // Rounding to whole fen absorbs binary float noise (19.99 * 100 = 1998.9999…).
  return Math.round(n * 100);
}

/** fen → the number a 元 input shows. */
export function fenToYuan(fen: number | null | undefined): number | null {
  if (fen === null || fen === undefined) return null;
  return fen / 100;
}
