import { getMyUnlockCredit } from '@/lib/shared/vip/vip.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { errorResponse } from '@/lib/server/edge/api/dispatch';
import { callContract, createTestUser } from '@/test/helpers/api';
import { closeDb, getPool } from '@/lib/server/platform/db';

/**
 * Issue 36 item 3: a slow database. Every query has a statement timeout, so a pool full of slow
 * queries (pg_sleep holders, three times more than the pool has connections) drains within a few
 * timeouts instead of deadlocking; the timeout is answered in Chinese; requests made meanwhile
 * are answered, not left hanging, and the pool serves normally afterwards.
 */
const POOL = 4;
const TIMEOUT_MS = 1000;

beforeAll(async () => {
  // A pool of its own, small and quick to time out (read when the pool is made).
  await closeDb();
  process.env.DB_POOL_SIZE = String(POOL);
  process.env.DB_STATEMENT_TIMEOUT_MS = String(TIMEOUT_MS);
});

afterAll(() => {
  delete process.env.DB_POOL_SIZE;
  delete process.env.DB_STATEMENT_TIMEOUT_MS;
});

it('slow queries time out, the pool drains and never deadlocks, requests meanwhile are answered', async () => {
  const user = await createTestUser({ edition: 2 });
  const as = { token: user.accessToken, tenantId: user.tenantId };
  expect((await callContract(getMyUnlockCredit, {}, as)).code).toBe(200);

  const started = Date.now();
  const holders = Array.from({ length: POOL * 3 }, () =>
    getPool()
      .query('select pg_sleep(30)')
      .then(
        () => 'finished',
        (err: Error & { code?: string }) => err,
      ),
  );
  // Requests while every connection is held: answered once a holder times out, not hung.
  const during = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const t = Date.now();
      const r = await callContract(getMyUnlockCredit, {}, as);
      return { code: r.code, ms: Date.now() - t };
    }),
  );
  const outcomes = await Promise.all(holders);
  const drained = Date.now() - started;
  console.log(
    `12 pg_sleep(30) on a pool of ${POOL} with a ${TIMEOUT_MS} ms statement timeout: drained in ` +
      `${drained} ms; requests meanwhile ${during.map((d) => `${d.code} in ${d.ms} ms`).join(', ')}`,
  );
  // Each holder was stopped by the timeout (57014), none ran its 30 s.
  for (const o of outcomes) expect((o as { code?: string }).code).toBe('57014');
  expect(drained).toBeLessThan(15_000);
  for (const d of during) {
    expect([200, ERRORS.SERVICE_UNAVAILABLE.code]).toContain(d.code);
    expect(d.ms).toBeLessThan(10_000);
  }

  // The timeout as an API answer: a Chinese message, not a stack.
  const body = (await errorResponse(outcomes[0], 'req-1', 'test').json()) as {
    code: number;
    msg: string;
  };
  expect(body).toEqual({
    code: ERRORS.SERVICE_UNAVAILABLE.code,
    msg: '查询超时，请缩小条件后重试',
    data: null,
  });

  // Afterwards the pool serves at once.
  const t = Date.now();
  expect((await callContract(getMyUnlockCredit, {}, as)).code).toBe(200);
  expect(Date.now() - t).toBeLessThan(2_000);
});
