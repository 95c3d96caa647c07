import {
  checkRateLimit,
  hitRateLimit,
  RATE_POLICIES,
  rateLimitClock,
} from '@/lib/server/platform/rate-limit/rate-limit.service';

/**
 * Issue 28 item 6: fixed one-minute windows let twice the limit through across a boundary (the
 * limit in the last second of one minute, the limit again in the first second of the next). The
 * windows now slide: the previous minute's hits count in proportion to the overlap.
 */
const MINUTE = 60_000;
// A minute boundary well away from now, so the real clock's windows are not touched.
const BOUNDARY = Math.floor(Date.UTC(2031, 0, 1) / MINUTE) * MINUTE;
const tag = `${process.pid}-${Math.floor(Math.random() * 1e6)}`;

async function burst(key: string, limit: number, n: number, at: number) {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await hitRateLimit(key, limit, MINUTE, at)).allowed) allowed++;
  return allowed;
}

it('refuses twice the limit across a window boundary', async () => {
  const key = `regression:sliding:${tag}`;
  const limit = 10;
  const before = await burst(key, limit, limit, BOUNDARY - 1_000);
  const after = await burst(key, limit, limit, BOUNDARY + 1_000);
  expect(before).toBe(limit);
  // Fixed windows let all ten through again here.
  expect(after).toBeLessThanOrEqual(1);
  expect(before + after).toBeLessThanOrEqual(limit + 1);
});

it('lets requests through again as the previous window slides out', async () => {
  const key = `regression:sliding-recovers:${tag}`;
  const limit = 10;
  await burst(key, limit, limit, BOUNDARY - 1_000);
  // Half-way through the next minute half of the previous one still counts.
  expect(await burst(key, limit, limit, BOUNDARY + 30_000)).toBe(5);
  // Two minutes on, nothing of it is left.
  expect(await burst(key, limit, limit, BOUNDARY + 2 * MINUTE + 1_000)).toBe(limit);
});

it('a policy refused at the start of a minute says to come back once enough has slid out', async () => {
  const real = rateLimitClock.now;
  const ip = `10.28.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const { perIp, windowMs } = RATE_POLICIES.tenantIdByUsername;
  try {
    rateLimitClock.now = () => BOUNDARY + 2 * MINUTE - 500;
    for (let i = 0; i < perIp; i++)
      expect((await checkRateLimit('tenantIdByUsername', ip)).allowed).toBe(true);
    rateLimitClock.now = () => BOUNDARY + 2 * MINUTE + 500;
    const refused = await checkRateLimit('tenantIdByUsername', ip);
    expect(refused.allowed).toBe(false);
    // Not at the next boundary (59.5 s away) but once one request's worth has slid out.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(windowMs / 1000);
  } finally {
    rateLimitClock.now = real;
  }
});
