import { config } from '@/lib/server/platform/config';
import { expensiveQueryGate } from '@/lib/server/platform/rate-limit/expensive-query-gate';
import { queryGateLimitsFor } from '@/lib/server/platform/rate-limit/query-gate';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { countAdvancedSearch } from '@/lib/shared/search/search.contract';
import { callContract } from '@/test/helpers/api';

/**
 * Issue 28 item 6: the expensive-query gate answered its 429 without Retry-After, unlike every
 * other 429 of the API (rate limits), so a client could not tell when to come back.
 */
it('a 429 from the expensive-query gate carries Retry-After', async () => {
  const ip = '10.28.6.1';
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Every slot of this caller is taken by a query that does not finish.
  const slots = queryGateLimitsFor(config.poolSize).perCaller;
  const holders = Array.from({ length: slots }, () =>
    expensiveQueryGate().run({ key: `ip:${ip}`, anonymous: true }, () => held),
  );
  try {
    const r = await callContract(countAdvancedSearch, { body: { groups: [] } }, { ip });
    expect(r.status).toBe(429);
    expect(r.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    expect(Number(r.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  } finally {
    release();
    await Promise.all(holders);
  }
}, 15_000);
