import { sql } from 'drizzle-orm';
import { sqlNow } from '../clock/server-clock';

/**
 * Start of the current calendar month in China time on the server clock (quotas and invitation
 * rewards count by it). Rows are counted from it with no upper bound: after the clock jumps
 * back, what was used "later" still counts, so no allowance is granted twice.
 */
export function chinaMonthStart() {
  return sql`(date_trunc('month', ${sqlNow()} at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
}

/** Start of today in China time on the server clock (daily caps reset at Beijing midnight). */
export function chinaTodayStart() {
  return sql`(date_trunc('day', ${sqlNow()} at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
}

/** The instant a China-time calendar day (YYYY-MM-DD) starts; `after` days later for an end bound. */
export function chinaDayStart(day: string, after = 0) {
  return sql`((${day}::date + ${after}::int)::timestamp at time zone 'Asia/Shanghai')`;
}
