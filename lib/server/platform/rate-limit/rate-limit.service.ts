import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { ApiError } from '../http/api-error';
import { ipBucket } from '../http/ip-bucket';
import { serverClock } from '../clock/server-clock';
import { countHit } from './buffered-counters';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { EDITIONS, type EditionId } from '@/lib/shared/vip/editions';

const MINUTE = 60_000;

/** A signed-in user's allowance per edition 0-4: the free one, times (edition + 1). */
function byEdition(free: number): Readonly<Record<EditionId, number>> {
  return Object.fromEntries(EDITIONS.map((e) => [e.id, free * (e.id + 1)])) as Record<
    EditionId,
    number
  >;
}

type RatePolicy = {
  /** Prefix of the counter; `:ip:<address>` or `:user:<id>` follows it. */
  key: string;
  windowMs: number;
  /** Requests per window of one address, for callers who are not signed in. */
  perIp: number;
  /**
   * Requests per window of one signed-in user, by the tenant's edition. Without it a signed-in
   * caller is counted by address like everyone else.
   */
  perUser?: Readonly<Record<EditionId, number>>;
  /** Server-rendered pages that draw on the same budget as the API (counted in proxy.ts). */
  pages?: readonly string[];
  /**
   * Counted in PostgreSQL on every request, exactly across instances (small anti-enumeration
   * allowances). Without it hits are counted in the process and written in batches
   * (buffered-counters.ts, ADR 0177): a page view waits on no database write.
   */
  exact?: true;
};

/**
 * The rate-limit policy of pages and API alike (README "Security"). A page and the endpoints that
 * serve the same data share one budget, so switching between them gains nothing.
 */
export const RATE_POLICIES = {
  /** The company page and every public company endpoint (detail, tabs, graphs, relationships). */
  companyDetail: {
    key: 'enterprise',
    windowMs: MINUTE,
    perIp: 120,
    perUser: byEdition(600),
    pages: ['/companySearchDetail'],
  },
  /**
   * Keyword search, suggestions in the search box, advanced search, the results page, and the
   * open map page (/mapGetCustomer: counts per region and a list are a search too).
   */
  search: {
    key: 'search',
    windowMs: MINUTE,
    perIp: 60,
    perUser: byEdition(300),
    pages: ['/companySearch', '/mapGetCustomer'],
  },
  /** Company names suggested while typing on the login screen. */
  enterpriseSuggest: {
    key: 'enterprise-suggest',
    windowMs: MINUTE,
    perIp: 120,
    perUser: byEdition(600),
  },
  /** The open tenant-id lookup tells whether an account name or phone exists: no enumeration. */
  tenantIdByUsername: { key: 'tenant-id-by-username', windowMs: MINUTE, perIp: 10, exact: true },
  /** The login screen's lookup tells whether a phone has an account: no enumeration. */
  loginInfoByMobile: { key: 'login-info-by-mobile', windowMs: MINUTE, perIp: 10, exact: true },
} as const satisfies Record<string, RatePolicy>;

export type RatePolicyName = keyof typeof RATE_POLICIES;

/** A signed-in caller as the limiter sees it. */
export type RateUser = { userId: number; edition: number };

export type RateLimitResult = { allowed: boolean; count: number; limit: number; resetAt: Date };

export type RateDecision = RateLimitResult & { retryAfterSeconds: number };

/** The catalogue's 429 with how long to wait; the API root answers it with HTTP 429 + Retry-After. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(ERRORS.TOO_MANY_REQUESTS.code, ERRORS.TOO_MANY_REQUESTS.msg);
    this.name = 'RateLimitedError';
  }
}

/**
 * The limiter reads the server's one clock (ADR 0213), so a jump of it moves every window too.
 * Tests may also pin the limiter alone to one window instead of racing the minute.
 */
export const rateLimitClock = { now: (): number => serverClock.now() };

/** Start of the fixed window of `windowMs` that holds `now`. */
export function rateLimitWindowStart(windowMs: number, now = rateLimitClock.now()): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * Sliding-window counter in PostgreSQL so every app instance shares the limits. `key` names the
 * bucket and subject, e.g. `sms:mobile:13800000000`. Hits are counted per fixed window, and a
 * request is weighed against this window's hits plus the previous window's in proportion to how
 * much of it the sliding window still covers: a burst at the end of one minute and another at the
 * start of the next no longer get twice the limit through (issue 28 item 6).
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  now = rateLimitClock.now(),
): Promise<RateLimitResult> {
  const windowStart = rateLimitWindowStart(windowMs, now);
  const previousStart = new Date(windowStart.getTime() - windowMs);
  const result = await getDb().execute<{ count: number; previous: number }>(sql`
    with hit as (
      insert into rate_limit_counters (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
      returning count)
    select (select count from hit) as count,
      coalesce((select count from rate_limit_counters
                 where key = ${key} and window_start = ${previousStart.toISOString()}), 0) as previous`);
  const count = Number(result.rows[0]?.count ?? 1);
  const previous = Number(result.rows[0]?.previous ?? 0);
  return weigh({ count, previous }, limit, windowMs, windowStart.getTime(), now);
}

/** The sliding-window decision from this window's and the previous window's hits. */
function weigh(
  hits: { count: number; previous: number },
  limit: number,
  windowMs: number,
  windowStart: number,
  now: number,
): RateLimitResult {
  const { count, previous } = hits;
  const elapsed = (now - windowStart) / windowMs;
  const weighed = previous * (1 - elapsed) + count;
  return {
    allowed: weighed <= limit,
    count,
    limit,
    resetAt: new Date(windowStart + nextAllowedAfter(previous, count, limit) * windowMs),
  };
}

/**
 * When the next request fits again, in windows from the start of the current one, if no more
 * come: once the previous window's weight has faded enough, else part way into the next window
 * (where this window's hits are the previous ones).
 */
function nextAllowedAfter(previous: number, count: number, limit: number): number {
  if (count + 1 <= limit) {
    if (previous === 0) return 0;
    const at = 1 - (limit - count - 1) / previous;
    if (at < 1) return Math.max(0, at);
  }
  return 1 + (count > 0 ? Math.max(0, 1 - (limit - 1) / count) : 0);
}

/** The counter and allowance a caller draws on under `name`: per user when signed in, else per IP. */
export function rateBucket(
  name: RatePolicyName,
  ip: string,
  user: RateUser | null = null,
): { key: string; limit: number } {
  const policy: RatePolicy = RATE_POLICIES[name];
  if (user && policy.perUser) {
    const edition = (user.edition in policy.perUser ? user.edition : 0) as EditionId;
    return { key: `${policy.key}:user:${user.userId}`, limit: policy.perUser[edition] };
  }
  // An IPv6 /64 is one customer line: every address in it draws on one allowance.
  return { key: `${policy.key}:ip:${ipBucket(ip)}`, limit: policy.perIp };
}

/** Counts one request of the caller under the policy `name` and says whether it is allowed. */
export async function checkRateLimit(
  name: RatePolicyName,
  ip: string,
  user: RateUser | null = null,
): Promise<RateDecision> {
  const now = rateLimitClock.now();
  const { key, limit } = rateBucket(name, ip, user);
  const policy: RatePolicy = RATE_POLICIES[name];
  const windowStart = rateLimitWindowStart(policy.windowMs, now).getTime();
  const result = policy.exact
    ? await hitRateLimit(key, limit, policy.windowMs, now)
    : weigh(countHit(key, policy.windowMs, windowStart), limit, policy.windowMs, windowStart, now);
  const retryAfterSeconds = Math.max(1, Math.ceil((result.resetAt.getTime() - now) / 1000));
  return { ...result, retryAfterSeconds };
}

/** Counts one request under the policy `name`; over the allowance → RateLimitedError (429). */
export async function enforceRateLimit(
  name: RatePolicyName,
  ip: string,
  user: RateUser | null = null,
): Promise<void> {
  const decision = await checkRateLimit(name, ip, user);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
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
    sql`delete from rate_limit_counters where window_start < ${new Date(serverClock.now() - olderThanMs).toISOString()}`,
  );
}
