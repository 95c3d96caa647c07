import 'server-only';
import { partLogger } from '../observability/logger';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';

/**
 * Rate-limit counters counted in this process and written to PostgreSQL in batches (issue 38):
 * with one upsert per view, a crawler farm whose every request comes from a new address held a
 * cached company page at 210 req/s, waiting on a committed write before each answer. Here a view
 * is weighed at once against what this process knows (its own hits, plus the shared count the
 * last flush brought back), and every FLUSH_MS all new hits go to `rate_limit_counters` in one
 * statement, which answers the shared totals.
 *
 * The price, recorded in ADR 0177: with several instances a caller may get up to one flush
 * interval of extra hits through each other instance before its count arrives there. Policies
 * that guard against enumeration (10 a minute) stay exact (hitRateLimit).
 */

/** How long new hits wait before they are written together. */
export const FLUSH_MS = 500;
/** Counters kept in memory; past this the oldest written ones are dropped (a crawler farm). */
export const MAX_KEYS = 100_000;

type Counter = {
  windowMs: number;
  /** Start of the window `shared` and `pending` belong to (epoch ms). */
  windowStart: number;
  /** This window's count in PostgreSQL as the last flush answered it (all instances). */
  shared: number;
  /** Hits counted here and not written yet. */
  pending: number;
  /** Hits being written by the running flush. */
  sending: number;
  /** The previous window's count, as far as this process knows it. */
  previous: number;
};

type Store = {
  counters: Map<string, Counter>;
  /** Hits of windows that ended before they were written: still to write. */
  closed: { key: string; windowStart: number; count: number }[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
};

// One store per process, shared by Next's bundled copy of this module and tsx's.
const storeKey = Symbol.for('leadradar.rateLimit.buffered');
function store(): Store {
  const g = globalThis as typeof globalThis & { [storeKey]?: Store };
  g[storeKey] ??= { counters: new Map(), closed: [], timer: null, flushing: null };
  return g[storeKey];
}

/** The counter of `key` moved to the window holding `windowStart`. */
function counterAt(s: Store, key: string, windowMs: number, windowStart: number): Counter {
  let c = s.counters.get(key);
  if (!c) {
    c = { windowMs, windowStart, shared: 0, pending: 0, sending: 0, previous: 0 };
    s.counters.set(key, c);
    return c;
  }
  if (c.windowStart !== windowStart) {
    if (c.pending > 0) s.closed.push({ key, windowStart: c.windowStart, count: c.pending });
    c.previous = c.windowStart === windowStart - windowMs ? c.shared + c.sending + c.pending : 0;
    c.windowStart = windowStart;
    c.shared = 0;
    c.pending = 0;
    // What the running flush writes for the old window is its business now.
    c.sending = 0;
  }
  // Recently used last: eviction takes from the front.
  s.counters.delete(key);
  s.counters.set(key, c);
  return c;
}

function evict(s: Store): void {
  for (const [key, c] of s.counters) {
    if (s.counters.size <= MAX_KEYS) return;
    if (c.pending === 0 && c.sending === 0) s.counters.delete(key);
  }
}

function scheduleFlush(s: Store): void {
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = null;
    void flushRateCounters().catch((err) =>
      partLogger('rate-limit').error({ err }, 'counters not written, retrying'),
    );
  }, FLUSH_MS);
  s.timer.unref?.();
}

/**
 * Counts one hit of `key` in the window of `windowMs` holding `now` and answers this window's
 * count and the previous window's, as this process knows them (its own hits included at once).
 */
export function countHit(
  key: string,
  windowMs: number,
  windowStart: number,
): { count: number; previous: number } {
  const s = store();
  const c = counterAt(s, key, windowMs, windowStart);
  c.pending += 1;
  if (s.counters.size > MAX_KEYS) evict(s);
  scheduleFlush(s);
  return { count: c.shared + c.sending + c.pending, previous: c.previous };
}

/** Writes every hit not written yet in one statement and takes back the shared totals. */
export async function flushRateCounters(): Promise<void> {
  const s = store();
  // One flush at a time: a second caller waits for the running one, then writes what is left.
  while (s.flushing) await s.flushing;
  const rows = s.closed.splice(0);
  const current: { key: string; c: Counter; sent: number; windowStart: number }[] = [];
  for (const [key, c] of s.counters)
    if (c.pending > 0) {
      current.push({ key, c, sent: c.pending, windowStart: c.windowStart });
      rows.push({ key, windowStart: c.windowStart, count: c.pending });
      c.sending = c.pending;
      c.pending = 0;
    }
  if (rows.length === 0) return;
  const run = (async () => {
    const values = sql.join(
      rows.map((r) => sql`(${r.key}, ${new Date(r.windowStart).toISOString()}, ${r.count})`),
      sql`, `,
    );
    let answered: { key: string; window_start: Date | string; count: number }[];
    try {
      const result = await getDb().execute<{
        key: string;
        window_start: Date | string;
        count: number;
      }>(sql`
        insert into rate_limit_counters (key, window_start, count) values ${values}
        on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
        returning key, window_start, count`);
      answered = result.rows;
    } catch (err) {
      // Nothing lost: every hit of this batch is written by a later flush.
      for (const { key, c, sent, windowStart } of current) {
        if (c.windowStart === windowStart) {
          c.pending += sent;
          c.sending = 0;
        } else s.closed.push({ key, windowStart, count: sent });
      }
      s.closed.push(...rows.slice(0, rows.length - current.length));
      scheduleFlush(s);
      throw err;
    }
    const totals = new Map(
      answered.map((r) => [`${r.key}@${new Date(r.window_start).getTime()}`, Number(r.count)]),
    );
    for (const { key, c, windowStart } of current) {
      if (c.windowStart !== windowStart) continue;
      c.sending = 0;
      const total = totals.get(`${key}@${windowStart}`);
      if (total !== undefined) c.shared = total;
    }
  })();
  s.flushing = run;
  try {
    await run;
  } finally {
    s.flushing = null;
  }
}

/**
 * Sets what this process knows of a counter (tests that start a bucket near its limit write the
 * row and tell the buffer, instead of sending a minute's worth of requests).
 */
export function primeRateCounter(
  key: string,
  windowMs: number,
  windowStart: number,
  count: number,
): void {
  const s = store();
  const c = counterAt(s, key, windowMs, windowStart);
  c.shared = count;
  c.pending = 0;
  c.sending = 0;
}

/** Counters held in memory now (for the benchmark and tests). */
export function bufferedCounterCount(): number {
  return store().counters.size;
}

/** Writes what is left and stops the timer (server shutdown; each API test file's end). */
export async function stopRateCounters(): Promise<void> {
  const s = store();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  await flushRateCounters();
}
