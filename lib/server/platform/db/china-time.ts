import { sql } from 'drizzle-orm';

/** Start of the current calendar month in China time (quotas and invitation rewards count by it). */
export const chinaMonthStart = sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
