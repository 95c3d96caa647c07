/**
 * What the structured log costs (issue 37 item 2: ≤ 5 % of throughput). One hot route — the
 * company page's head, `GET /admin-api/shuzhituoke/enterprise-info/get`, through the real API
 * root behind the same request wrapper server.ts uses (request id, access line, metrics) — driven
 * by autocannon with the log on (JSON lines at `info`, written synchronously to stdout as the
 * server's default destination does; stdout is /dev/null here) and off (`silent`), in
 * alternating rounds. The server
 * runs in a child process; two figures are compared by their medians: requests per second, and
 * the server's CPU time per request (user + system) — the second holds on a shared, loaded
 * machine, where throughput swings with the neighbours (cost at saturation = extra CPU share).
 *
 *   npm run bench:logging -- [--dir PATH] [--rounds N] [--duration S] [--connections C]
 *
 * Own embedded PostgreSQL under --dir (default lr-bench-logging in the system temp directory) on
 * port 55049, 1,000 companies. Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import http from 'node:http';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pino from 'pino';
import { openBenchDatabase } from './bench-db';
import { benchArg as arg } from './crm-team';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Mode = 'off' | 'on';
type ToServer = { mode: Mode } | { cpu: 'start' | 'stop' } | { lines: number } | { close: true };
type FromServer =
  | { ready: string; ids: number[] }
  | { mode: Mode }
  | { cpu: 'start' }
  | { cpu: 'stop'; micros: number }
  | { lines: number; microsPerLine: number }
  | { closed: true };

/** The child: the wrapped API root on a loopback port, its log switched and its CPU read on asks. */
async function serve() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-logging')));
  const db = await openBenchDatabase({ dir, port: 55049, enterprises: 1_000 });
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { observeHttp } = await import('@/lib/server/platform/observability/http-observer');
  const { createLogger, partLogger } = await import('@/lib/server/platform/observability/logger');
  const { runWithRequestContext } =
    await import('@/lib/server/platform/observability/request-context');
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

  const loggerKey = Symbol.for('leadradar.logger');
  const g = globalThis as typeof globalThis & { [loggerKey]?: pino.Logger };
  let cpuAtStart = process.cpuUsage();
  const send = (m: FromServer) => process.send!(m);
  process.on('message', (m: ToServer) => {
    if ('close' in m) {
      void close().then(() => send({ closed: true }));
    } else if ('mode' in m) {
      g[loggerKey] = createLogger(pino.destination({ fd: 1, sync: true }));
      g[loggerKey].level = m.mode === 'on' ? 'info' : 'silent';
      send({ mode: m.mode });
    } else if ('lines' in m) {
      // The access line alone, as observeHttp writes it, in a request's context: its CPU cost
      // without the neighbours' noise.
      g[loggerKey] = createLogger(pino.destination({ fd: 1, sync: true }));
      g[loggerKey].level = 'info';
      const before = process.cpuUsage();
      for (let i = 0; i < m.lines; i++)
        runWithRequestContext(
          { reqId: `bench-${i}`, route: '/shuzhituoke/enterprise-info/get' },
          () =>
            partLogger('http').info(
              {
                method: 'GET',
                path: '/admin-api/shuzhituoke/enterprise-info/get',
                status: 200,
                ms: 3,
              },
              'request',
            ),
        );
      const used = process.cpuUsage(before);
      send({ lines: m.lines, microsPerLine: (used.user + used.system) / m.lines });
    } else if (m.cpu === 'start') {
      cpuAtStart = process.cpuUsage();
      send({ cpu: 'start' });
    } else {
      const used = process.cpuUsage(cpuAtStart);
      send({ cpu: 'stop', micros: used.user + used.system });
    }
  });
  // Closed on the parent's word, and answered only once its database has stopped: a child killed
  // with its parent would leave the embedded PostgreSQL running.
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      server.close();
      await db.close();
    })());
  process.on('disconnect', () => void close().then(() => process.exit(0)));
  send({
    ready: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ids: ids.map((r) => r.id),
  });
}

async function main() {
  const rounds = Number(arg('--rounds', '3'));
  const duration = Number(arg('--duration', '8'));
  const connections = Number(arg('--connections', '16'));
  const child = spawn(
    process.execPath,
    [
      path.resolve('node_modules/tsx/dist/cli.mjs'),
      __filename,
      '--serve',
      ...process.argv.slice(2),
    ],
    // The child's stdout is /dev/null: its log goes there as a server's goes to a pipe.
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const next = () =>
    new Promise<FromServer>((resolve, reject) => {
      const died = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      child.once('exit', died);
      child.once('message', (m) => {
        child.off('exit', died);
        resolve(m as FromServer);
      });
    });
  const ask = (m: ToServer) => {
    const answer = next();
    child.send(m);
    return answer;
  };
  const ready = (await next()) as { ready: string; ids: number[] };

  async function run(): Promise<{ rps: number; cpuMs: number; p99: number; errors: number }> {
    let i = 0;
    await ask({ cpu: 'start' });
    const result = await autocannon({
      url: ready.ready,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (r) => ({
            ...r,
            path: `/admin-api/shuzhituoke/enterprise-info/get?entId=${ready.ids[i++ % ready.ids.length]}`,
          }),
        },
      ],
    });
    const { micros } = (await ask({ cpu: 'stop' })) as { micros: number };
    const answered = result['2xx'] + result.non2xx;
    return {
      rps: result.requests.average,
      cpuMs: micros / 1000 / Math.max(1, answered),
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }

  // Warm-up (JIT, connections, the companies in shared buffers), then alternating rounds.
  await ask({ mode: 'on' });
  await run();
  const seen: Record<Mode, { rps: number[]; cpu: number[] }> = {
    off: { rps: [], cpu: [] },
    on: { rps: [], cpu: [] },
  };
  for (let r = 0; r < rounds; r++) {
    for (const mode of (r % 2 ? ['on', 'off'] : ['off', 'on']) as Mode[]) {
      await ask({ mode });
      const x = await run();
      seen[mode].rps.push(x.rps);
      seen[mode].cpu.push(x.cpuMs);
      console.log(
        `round ${r + 1} log ${mode.padEnd(3)}: ${x.rps.toFixed(0)} req/s, ${x.cpuMs.toFixed(3)} ms CPU per request, p99 ${x.p99} ms, errors ${x.errors}`,
      );
    }
  }
  const micro = (await ask({ lines: 200_000 })) as { microsPerLine: number };
  await ask({ close: true });
  child.disconnect();
  const pct = (a: number, b: number) => (((a - b) / a) * 100).toFixed(1);
  const [offRps, onRps] = [median(seen.off.rps), median(seen.on.rps)];
  const [offCpu, onCpu] = [median(seen.off.cpu), median(seen.on.cpu)];
  console.log(
    `\nmedians (${connections} connections, ${rounds} × ${duration} s per mode, load ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPUs):\n` +
      `  throughput: log off ${offRps.toFixed(0)} req/s, on ${onRps.toFixed(0)} req/s → cost ${pct(offRps, onRps)} %\n` +
      `  server CPU per request: log off ${offCpu.toFixed(3)} ms, on ${onCpu.toFixed(3)} ms → cost ${pct(onCpu, offCpu)} % of throughput at saturation\n` +
      `  one access line alone (200,000 in a loop): ${micro.microsPerLine.toFixed(1)} µs CPU = ${((micro.microsPerLine / 1000 / offCpu) * 100).toFixed(1)} % of a request's ${offCpu.toFixed(3)} ms`,
  );
}

(process.argv.includes('--serve') ? serve() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
