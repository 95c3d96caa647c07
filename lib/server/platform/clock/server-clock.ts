import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The server's one clock (ADR 0213): rate windows, SMS day caps, quota months, token expiry and
 * add-contact day caps read it, and pass it into SQL as a parameter where the answer depends on
 * the calendar (China-time days and months), so a test can jump it across a midnight or a month
 * end. In production it is Date.now(); only a test may shift it (no environment variable).
 */
let shiftMs = 0;

export const serverClock = {
  now: (): number => Date.now() + shiftMs,
};

/** The clock's time as a Date. */
export function clockDate(): Date {
  return new Date(serverClock.now());
}

/** The clock's time as a SQL timestamptz parameter (instead of now()). */
export function sqlNow(at: Date = clockDate()): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

function testOnly(): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('the server clock moves only in tests');
}

/** Tests: moves the clock by `ms` (negative: backwards) from where it is. */
export function jumpServerClock(ms: number): void {
  testOnly();
  shiftMs += ms;
}

/** Tests: sets the clock to `at` (it runs on from there). */
export function setServerClock(at: Date | number): void {
  testOnly();
  shiftMs = new Date(at).getTime() - Date.now();
}

/** Tests: back to the real time. */
export function resetServerClock(): void {
  shiftMs = 0;
}
