/**
 * Traces the statements of enterprise searches against a running database (DATABASE_URL): each
 * statement's time and text, per query, so the slow step of a query kind can be EXPLAINed.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/search-trace.ts 省许昌 沙市岳麓 …
 *
 * `--repeat N` asks every keyword N times (first read, then warm); `--json` takes a search as JSON
 * ({"keyword":…,"filters":…}); `--full` prints whole statements and parameters (to EXPLAIN them).
 */
import '@/lib/server/platform/outside-next';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { benchSearch } from './search-picks';

async function main() {
  const argv = process.argv.slice(2);
  let repeat = 1;
  let full = false;
  const queries: Record<string, unknown>[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--repeat') repeat = Number(argv[++i]);
    else if (argv[i] === '--full') full = true;
    else if (argv[i] === '--json') queries.push(JSON.parse(argv[++i]) as Record<string, unknown>);
    else queries.push({ keyword: argv[i] });
  }
  const { getPool, closeDb } = await import('@/lib/server/platform/db');
  const pool = getPool();
  const log: string[] = [];
  const wrapped = new WeakSet<object>();
  const wrap = <T extends { query: pg.Pool['query'] }>(target: T) => {
    if (wrapped.has(target)) return target;
    wrapped.add(target);
    const original = target.query.bind(target) as (...a: unknown[]) => Promise<unknown>;
    (target as unknown as { query: unknown }).query = async (...a: unknown[]) => {
      const t = performance.now();
      try {
        return await original(...a);
      } finally {
        const sql = typeof a[0] === 'string' ? a[0] : JSON.stringify(a[0]);
        log.push(
          `  ${(performance.now() - t).toFixed(1).padStart(6)} ms  ${sql.replace(/\s+/g, ' ').slice(0, full ? undefined : 400)}  ${JSON.stringify(a[1] ?? []).slice(0, full ? undefined : 200)}`,
        );
      }
    };
    return target;
  };
  wrap(pool);
  // pool.query connects with a callback itself; only the promise form (a caller's own client,
  // as queryWithin and tally use) is wrapped.
  const connect = pool.connect.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { connect: unknown }).connect = (...a: unknown[]) =>
    a.length ? connect(...a) : (connect() as Promise<pg.PoolClient>).then(wrap);
  for (const q of queries)
    for (let r = 0; r < repeat; r++) {
      log.length = 0;
      const t = performance.now();
      const res = await benchSearch(pool, q);
      console.log(
        `${JSON.stringify(q)} #${r + 1}: ${(performance.now() - t).toFixed(1)} ms, total ${res.totalText}, ${res.list.length} rows`,
      );
      console.log(log.join('\n'));
    }
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
