import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { bufferedCounterCount, countHit, flushRateCounters } from '../buffered-counters';
import { checkRateLimit, RATE_POLICIES, rateLimitClock } from '../rate-limit.service';

/**
 * Issue 38: a page view is weighed against counters in the process and written in batches, not
 * one committed upsert per view. These check that nothing is lost or counted twice on the way.
 */
const MINUTE = 60_000;
const W = Date.UTC(2032, 0, 1, 8, 0, 0);

async function stored(key: string, windowStart: number): Promise<number> {
  const r = await getDb().execute<{ count: number }>(sql`
    select count from rate_limit_counters
     where key = ${key} and window_start = ${new Date(windowStart).toISOString()}`);
  return Number(r.rows[0]?.count ?? 0);
}

describe('buffered rate-limit counters', () => {
  it('counts at once in the process and writes the hits once per flush', async () => {
    const key = 'test-buffer:a';
    for (let i = 1; i <= 5; i++) expect(countHit(key, MINUTE, W).count).toBe(i);
    expect(await stored(key, W)).toBe(0);
    await flushRateCounters();
    expect(await stored(key, W)).toBe(5);
    await flushRateCounters();
    expect(await stored(key, W)).toBe(5);
    expect(countHit(key, MINUTE, W).count).toBe(6);
    await flushRateCounters();
    expect(await stored(key, W)).toBe(6);
  });

  it('takes back the shared total: hits of another instance count after a flush', async () => {
    const key = 'test-buffer:b';
    await getDb().execute(sql`
      insert into rate_limit_counters (key, window_start, count)
      values (${key}, ${new Date(W).toISOString()}, 40)`);
    countHit(key, MINUTE, W);
    await flushRateCounters();
    expect(await stored(key, W)).toBe(41);
    expect(countHit(key, MINUTE, W).count).toBe(42);
  });

  it('writes the hits of a window that ended before its flush, and carries them as previous', async () => {
    const key = 'test-buffer:c';
    countHit(key, MINUTE, W);
    countHit(key, MINUTE, W);
    const next = countHit(key, MINUTE, W + MINUTE);
    expect(next).toEqual({ count: 1, previous: 2 });
    await flushRateCounters();
    expect(await stored(key, W)).toBe(2);
    expect(await stored(key, W + MINUTE)).toBe(1);
  });

  it('refuses over the limit without waiting for a write, with the sliding window', async () => {
    const real = rateLimitClock.now;
    rateLimitClock.now = () => W + 2 * MINUTE + 1_000;
    try {
      const limit = RATE_POLICIES.companyDetail.perIp;
      const ip = '10.77.0.1';
      for (let i = 0; i < limit; i++)
        expect((await checkRateLimit('companyDetail', ip)).allowed).toBe(true);
      const over = await checkRateLimit('companyDetail', ip);
      expect(over.allowed).toBe(false);
      expect(over.retryAfterSeconds).toBeGreaterThan(0);
      await flushRateCounters();
      expect(await stored(`${RATE_POLICIES.companyDetail.key}:ip:10.77.0.1`, W + 2 * MINUTE)).toBe(
        limit + 1,
      );
    } finally {
      rateLimitClock.now = real;
    }
  });

  it('writes the hits of two thousand new addresses in one batch', async () => {
    for (let i = 0; i < 2_000; i++) countHit(`test-buffer:farm:${i}`, MINUTE, W);
    await flushRateCounters();
    expect(bufferedCounterCount()).toBeGreaterThan(0);
    const r = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_counters where key like 'test-buffer:farm:%'`,
    );
    expect(Number(r.rows[0].n)).toBe(2_000);
  });
});
