import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { apiError } from '../api/api-error';

/**
 * Named fixed-window limits: the key prefix of the bucket (the subject, e.g. an IP, follows it),
 * how many hits the window allows, and the window.
 */
export const RATE_LIMITS = {
  /** The open tenant-id lookup tells whether an account name or phone exists: no enumeration. */
  tenantIdByUsername: { key: 'tenant-id-by-username:ip', limit: 10, windowMs: 60_000 },
} as const;

export type RateLimitResult = { allowed: boolean; count: number; limit: number; resetAt: Date };

/** Start of the fixed window of `windowMs` that holds `now`. */
export function rateLimitWindowStart(windowMs: number, now = Date.now()): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * Fixed-window counter in PostgreSQL so every app instance shares the limits. `key` names the
 * bucket and subject, e.g. `sms:mobile:13800000000`.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const windowStart = rateLimitWindowStart(windowMs);
  const result = await getDb().execute<{ count: number }>(sql`
    insert into rate_limit_counters (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
    returning count`);
  const count = Number(result.rows[0]?.count ?? 1);
  return {
    allowed: count <= limit,
    count,
    limit,
    resetAt: new Date(windowStart.getTime() + windowMs),
  };
}

/** Counts one hit of a named limit for `subject` (e.g. the client IP); over it → 429. */
export async function enforceRateLimit(
  name: keyof typeof RATE_LIMITS,
  subject: string,
): Promise<void> {
  const { key, limit, windowMs } = RATE_LIMITS[name];
  const result = await hitRateLimit(`${key}:${subject}`, limit, windowMs);
  if (!result.allowed) throw apiError('TOO_MANY_REQUESTS');
}

/** Reads a counter without incrementing it. */
export async function peekRateLimit(key: string, windowMs: number): Promise<number> {
  const windowStart = rateLimitWindowStart(windowMs);
  const result = await getDb().execute<{ count: number }>(
    sql`select count from rate_limit_counters where key = ${key} and window_start = ${windowStart.toISOString()}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Old windows are useless; called from the periodic maintenance job. */
export async function pruneRateLimits(olderThanMs = 2 * 24 * 3600 * 1000): Promise<void> {
  await getDb().execute(
    sql`delete from rate_limit_counters where window_start < ${new Date(Date.now() - olderThanMs).toISOString()}`,
  );
}
