/**
 * Rate-limit cost of a page view when every request comes from a new address (issue 38: a crawler
 * farm held a cached company page at 210 req/s while every view wrote a counter row first). Times
 * `checkRateLimit('companyDetail', ip)` for N distinct addresses at C concurrent callers, counted
 * exactly in PostgreSQL per request (the old way, `exact`) and buffered in the process with
 * batched writes (ADR 0177), and reports requests per second and p50/p95/p99 per check.
 *
 *   npm run bench:rate-limit -- [--dir PATH] [--requests N] [--concurrency C]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-rate in the system temp
 * directory) on port 55047. Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { benchArg as arg } from './crm-team';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-rate')));
  const requests = Number(arg('--requests', '20000'));
  const concurrency = Number(arg('--concurrency', '50'));
  const db = await openBenchDatabase({ dir, port: 55047, enterprises: 1_000 });
  const rate = await import('@/lib/server/platform/rate-limit/rate-limit.service');
  const buffered = await import('@/lib/server/platform/rate-limit/buffered-counters');
  const { RATE_POLICIES, checkRateLimit, rateBucket, hitRateLimit } = rate;
  const policy = RATE_POLICIES.companyDetail;

  const modes: Record<string, (ip: string) => Promise<unknown>> = {
    // What every view did before: one committed upsert per check.
    exact: (ip) => {
      const { key, limit } = rateBucket('companyDetail', ip);
      return hitRateLimit(key, limit, policy.windowMs);
    },
    buffered: (ip) => checkRateLimit('companyDetail', ip),
  };

  for (const [mode, check] of Object.entries(modes)) {
    const run = Date.now() % 1_000_000;
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const n = next++;
          const ip = `10.${(run + n) % 250}.${(n >> 8) & 255}.${n & 255}`;
          const t = performance.now();
          await check(ip);
          times.push(performance.now() - t);
        }
      }),
    );
    await buffered.stopRateCounters();
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `${mode.padEnd(8)} ${requests} checks from new addresses, c=${concurrency}: ` +
        `${Math.round(requests / seconds)} checks/s, p50 ${percentile(times, 50).toFixed(2)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
