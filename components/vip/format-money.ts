/** Fen (integers on the wire) as yuan for people: 129900 → ¥1,299, 9950 → ¥99.50. */
export function formatYuan(fen: number): string {
  const yuan = fen / 100;
  return `¥${yuan.toLocaleString('zh-CN', {
    minimumFractionDigits: Number.isInteger(yuan) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** 365 → 1年, 730 → 2年, 90 → 90天. */
export function formatTerm(days: number): string {
  return days % 365 === 0 ? `${days / 365}年` : days % 30 === 0 ? `${days / 30}个月` : `${days}天`;
}

/** The seconds left until `until`, as m:ss (never negative). */
export function countdown(until: number, now: number): string {
  const s = Math.max(0, Math.ceil((until - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
