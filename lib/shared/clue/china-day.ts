/**
 * Days in China time (Asia/Shanghai: UTC+8 all year, no daylight saving since 1991), whatever the
 * browser's or the server's own time zone. 今日待跟进 and the due mark of a lead use these.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const CHINA_OFFSET_MS = 8 * HOUR;
/** A day in milliseconds, and China's zone as PostgreSQL names it (`at time zone`). */
export const DAY_MS = DAY;
export const CHINA_TZ = 'Asia/Shanghai';

/** The first instant (epoch ms) of the China day that contains `now`. */
export function chinaDayStart(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY) * DAY - CHINA_OFFSET_MS;
}

/** The first instant of the next China day: today's leads are due before it. */
export function chinaTomorrowStart(now: number): number {
  return chinaDayStart(now) + DAY;
}

/**
 * A lead is due (今日待跟进) when it is still open (新线索 or 跟进中) and its next follow-up falls
 * before the end of today in China; overdue ones included.
 */
export function isDueInChina(
  nextFollowTime: number | null | undefined,
  status: number,
  now: number,
): boolean {
  if (nextFollowTime == null || (status !== 0 && status !== 1)) return false;
  return nextFollowTime < chinaTomorrowStart(now);
}
