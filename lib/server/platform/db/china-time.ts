import { sql } from 'drizzle-orm';

/** Start of the current calendar month in China time (quotas and invitation rewards count by it). */
export const chinaMonthStart = sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

/** The instant a China-time calendar day (YYYY-MM-DD) starts; `after` days later for an end bound. */
export function chinaDayStart(day: string, after = 0) {
  return sql`((${day}::date + ${after}::int)::timestamp at time zone 'Asia/Shanghai')`;
}
