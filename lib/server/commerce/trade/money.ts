/**
 * Money is integers in fen (1/100 yuan) everywhere; providers that speak yuan strings (Alipay's
 * total_amount "19.80") are converted here without floating point.
 */

/** 1980 → "19.80" */
export function fenToYuanString(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`invalid amount in fen: ${fen}`);
  const yuan = Math.floor(fen / 100);
  return `${yuan}.${String(fen % 100).padStart(2, '0')}`;
}

/** "19.8" / "19.80" / "19" → 1980; anything else (signs, exponents, three decimals) → null. */
export function yuanStringToFen(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}
