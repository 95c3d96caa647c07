/** China time (UTC+8, no daylight saving) for the sending hours and the daily cap. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OFFSET = 8 * HOUR;

export function chinaHour(at: Date): number {
  return Math.floor(((at.getTime() + OFFSET) % DAY) / HOUR);
}

/** Start (as an instant) of the China day `at` falls in. */
export function chinaDayStartOf(at: Date): Date {
  return new Date(Math.floor((at.getTime() + OFFSET) / DAY) * DAY - OFFSET);
}

/** The next instant at or after `at` inside [startHour, endHour) China time. */
export function nextWindowStart(at: Date, startHour: number, endHour: number): Date {
  const h = chinaHour(at);
  if (h >= startHour && h < endHour) return at;
  const day = chinaDayStartOf(at);
  const today = new Date(day.getTime() + startHour * HOUR);
  return h < startHour ? today : new Date(today.getTime() + DAY);
}

/** The start of the sending hours on the next China day (daily cap reached). */
export function nextDayWindowStart(at: Date, startHour: number): Date {
  return new Date(chinaDayStartOf(at).getTime() + DAY + startHour * HOUR);
}
