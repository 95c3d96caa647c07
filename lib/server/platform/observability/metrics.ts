import 'server-only';
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics (issue 37 item 2, prom-client): requests by operation and status, latency,
 * database pool use, job queue depth and age, open sockets, page-cache hits, plus Node's own
 * process metrics. Served on a separate loopback port (METRICS_PORT) and, with METRICS_TOKEN,
 * at /api/metrics behind that bearer token — never to the public.
 */
export type Metrics = {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
  pageCache: Counter<'result'>;
};

const metricsKey = Symbol.for('leadradar.metrics');
type G = typeof globalThis & { [metricsKey]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'leadradar_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'leadradar_http_requests_total',
      help: 'HTTP requests by operation (API contract path, page, static), method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'leadradar_http_request_duration_seconds',
      help: 'Time from request to the end of the response',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: 'leadradar_page_cache_requests_total',
      help: 'Public pages asked of the HTML cache: hit, miss (rendered and stored) or bypass',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

/** The process's metrics (one registry for server.ts and the route handlers Next bundles). */
export function metrics(): Metrics {
  const g = globalThis as G;
  return (g[metricsKey] ??= create());
}

/**
 * A gauge read when Prometheus scrapes (pool use, queue depth, sockets): the owner of the number
 * registers how to read it. Registering a name again replaces its reader (a restarted part).
 */
export function gaugeOnScrape(
  name: string,
  help: string,
  read: () => Promise<Record<string, number>> | Record<string, number>,
  labelName = 'kind',
): void {
  const { registry } = metrics();
  registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames: [labelName],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [label, value] of Object.entries(await read()))
          this.set({ [labelName]: label }, value);
      } catch {
        // A reading that fails (database down) leaves the gauge empty rather than the scrape failing.
      }
    },
  });
}

/** Counts one finished HTTP response. */
export function observeRequest(
  route: string,
  method: string,
  status: number,
  seconds: number,
): void {
  const m = metrics();
  m.httpRequests.inc({ route, method, status: String(status) });
  m.httpDuration.observe({ route, method }, seconds);
}

/**
 * The label for a request's operation, kept to a few hundred values: the API contract path when
 * the dispatcher matched one, else the kind of thing asked for (never the raw URL).
 */
export function routeLabel(pathname: string, apiRoute: string | undefined): string {
  if (apiRoute) return apiRoute;
  if (pathname.startsWith('/_next/')) return 'static';
  if (pathname.startsWith('/websocket/')) return 'websocket';
  if (/^\/(admin-api|app-api|api)\//.test(pathname)) return 'api:unmatched';
  return 'page';
}

/** The token check of /api/metrics: constant time; no token configured means no access. */
export function metricsTokenAccepted(authorization: string | null, token: string): boolean {
  if (!token) return false;
  const given = Buffer.from(authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** The metrics port: GET /metrics only, on the configured (loopback by default) address. */
export async function startMetricsServer(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    void metricsText().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
