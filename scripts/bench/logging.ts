/**
 * What the structured log costs (issue 37 item 2: ≤ 5 % of throughput). One hot route — the
 * company page's head, `GET /admin-api/shuzhituoke/enterprise-info/get`, through the real API
 * root behind the same request wrapper server.ts uses (request id, access line, metrics) — driven
 * by autocannon with the log on (JSON lines at `info`, written to /dev/null through pino's
 * asynchronous destination, as to a pipe) and off (`silent`), in alternating rounds; the medians
 * are compared.
 *
 *   npm run bench:logging -- [--dir PATH] [--rounds N] [--duration S] [--connections C]
 *
 * Own embedded PostgreSQL under --dir (default lr-bench-logging in the system temp directory) on
 * port 55049, 1,000 companies. Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pino from 'pino';
import { openBenchDatabase } from './bench-db';
import { benchArg as arg } from './crm-team';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-logging')));
  const rounds = Number(arg('--rounds', '3'));
  const duration = Number(arg('--duration', '8'));
  const connections = Number(arg('--connections', '16'));
  const db = await openBenchDatabase({ dir, port: 55049, enterprises: 1_000 });
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { observeHttp } = await import('@/lib/server/platform/observability/http-observer');
  const { createLogger } = await import('@/lib/server/platform/observability/logger');
  const { CLIENT_IP_HEADER } = await import('@/lib/server/platform/http/client-info');
  const ids = (await db.pool.query<{ id: number }>('select id from enterprises limit 200')).rows;

  // The route handler as server.ts runs it: wrapped, the API root answering.
  let n = 0;
  const server = http.createServer((req, res) =>
    observeHttp(
      req,
      res,
      () => {
        const headers = new Headers({ 'x-request-id': String(req.headers['x-request-id']) });
        // Every request from its own address: the per-visitor budget is not what is measured.
        headers.set(CLIENT_IP_HEADER, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`);
        void dispatchApi(new Request(`http://localhost${req.url}`, { headers })).then(
          async (answer) => {
            res.writeHead(answer.status, { 'content-type': 'application/json' });
            res.end(Buffer.from(await answer.arrayBuffer()));
          },
        );
      },
      false,
    ),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const loggerKey = Symbol.for('leadradar.logger');
  const g = globalThis as typeof globalThis & { [loggerKey]?: pino.Logger };
  const modes = {
    off: () => {
      g[loggerKey] = createLogger(pino.destination({ dest: '/dev/null', sync: false }));
      g[loggerKey].level = 'silent';
    },
    on: () => {
      g[loggerKey] = createLogger(pino.destination({ dest: '/dev/null', sync: false }));
      g[loggerKey].level = 'info';
    },
  };

  async function run(): Promise<{ rps: number; p99: number; errors: number }> {
    let next = 0;
    const result = await autocannon({
      url: origin,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (r) => ({
            ...r,
            path: `/admin-api/shuzhituoke/enterprise-info/get?entId=${ids[next++ % ids.length].id}`,
          }),
        },
      ],
    });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }

  // Warm-up (JIT, connections, the companies in shared buffers), then alternating rounds.
  modes.on();
  await run();
  const seen: Record<keyof typeof modes, number[]> = { off: [], on: [] };
  for (let i = 0; i < rounds; i++) {
    for (const mode of (i % 2 ? ['on', 'off'] : ['off', 'on']) as (keyof typeof modes)[]) {
      modes[mode]();
      const r = await run();
      seen[mode].push(r.rps);
      console.log(
        `round ${i + 1} log ${mode.padEnd(3)}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, errors ${r.errors}`,
      );
    }
  }
  const off = median(seen.off);
  const on = median(seen.on);
  console.log(
    `\nmedian: log off ${off.toFixed(0)} req/s, log on ${on.toFixed(0)} req/s, cost ${(((off - on) / off) * 100).toFixed(1)} % ` +
      `(${connections} connections, ${duration} s rounds, load ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPUs)`,
  );
  server.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
