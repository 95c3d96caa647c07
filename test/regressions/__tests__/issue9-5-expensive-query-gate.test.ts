import {
  QueryGate,
  QueryGateBusyError,
  queryGateLimitsFor,
} from '@/lib/server/platform/rate-limit/query-gate';

/** A query that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('QueryGate', () => {
  it('keeps one anonymous IP to its own share and refuses the overflow after the wait', async () => {
    // Long enough that a loaded machine reads the queue before the wait runs out (at 50 ms a full
    // run beside an e2e suite found the three waiters already refused).
    const gate = new QueryGate({ perCaller: 2, anonymousTotal: 4, total: 6, maxWaitMs: 500 });
    const ip = { key: 'ip:1.2.3.4', anonymous: true };
    const q = pending();
    const runs = Array.from({ length: 5 }, () => gate.run(ip, q.work));
    await flush();
    expect(gate.stats()).toEqual({ running: 2, anonymous: 2, waiting: 3 });
    const settled = await Promise.allSettled(runs.slice(2));
    expect(
      settled.every((r) => r.status === 'rejected' && r.reason instanceof QueryGateBusyError),
    ).toBe(true);
    q.finish();
    await Promise.all(runs.slice(0, 2));
    expect(gate.stats()).toEqual({ running: 0, anonymous: 0, waiting: 0 });
  });

  it('caps anonymous callers together but lets a signed-in user through', async () => {
    const gate = new QueryGate({ perCaller: 2, anonymousTotal: 2, total: 4, maxWaitMs: 1000 });
    const q = pending();
    const a = gate.run({ key: 'ip:a', anonymous: true }, q.work);
    const b = gate.run({ key: 'ip:b', anonymous: true }, q.work);
    const c = gate.run({ key: 'ip:c', anonymous: true }, q.work);
    const user = gate.run({ key: 'user:7', anonymous: false }, async () => 'answered');
    expect(await user).toBe('answered');
    await flush();
    expect(gate.stats()).toEqual({ running: 2, anonymous: 2, waiting: 1 });
    q.finish();
    await Promise.all([a, b, c]);
    expect(gate.stats().running).toBe(0);
  });

  it('hands a freed slot to the next waiter that fits', async () => {
    const gate = new QueryGate({ perCaller: 1, anonymousTotal: 1, total: 1, maxWaitMs: 1000 });
    const first = pending();
    const order: string[] = [];
    const a = gate.run({ key: 'a', anonymous: true }, async () => {
      await first.work();
      order.push('a');
    });
    const b = gate.run({ key: 'b', anonymous: true }, async () => {
      order.push('b');
    });
    await flush();
    first.finish();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
  });

  it('stays below the pool size', () => {
    const limits = queryGateLimitsFor(20);
    expect(limits.total).toBeLessThan(20);
    expect(limits.anonymousTotal).toBeLessThan(limits.total);
    expect(limits.perCaller).toBeLessThanOrEqual(3);
  });
});
