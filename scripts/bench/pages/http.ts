/** Plain HTTP helpers of the page benchmarks: one request at a time, sizes as sent on the wire. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** A browser-like, non-bot user agent (Next answers known bots differently). */
export const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 LeadRadarBench/1';

/**
 * A random address of 198.18.0.0/15, the range set aside for benchmarks (RFC 2544): sent only as
 * the X-Forwarded-For header, so each request counts against its own per-IP budget.
 */
export function randomClientIp(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export function pageHeaders(gzip: boolean): Record<string, string> {
  return {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'zh-CN,zh;q=0.9',
    'user-agent': USER_AGENT,
    ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
  };
}

export type Answer = {
  status: number;
  /** Body bytes as transferred (compressed when the server compressed). */
  bytes: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  /** From sending the request to the last byte of the body. */
  ms: number;
};

/** GET origin+path on a fresh connection, with its own X-Forwarded-For; no redirects followed. */
export function get(
  origin: string,
  path: string,
  opts: { gzip: boolean; timeoutMs?: number; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      `${origin}${path}`,
      {
        agent: false,
        headers: {
          ...pageHeaders(opts.gzip),
          'x-forwarded-for': randomClientIp(),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            body,
            headers: res.headers,
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${path}`)));
    req.on('error', reject);
  });
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Paths of `count` different company pages from the first company sitemap file: spread evenly
 * over the file (the same companies every run on the same data), or random with `shuffle`.
 * Also returns one more company, not among them, for warming the route up.
 */
export async function pickCompanies(
  origin: string,
  count: number,
  shuffle: boolean,
): Promise<{ paths: string[]; spare: string }> {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1].replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, e: string) =>
        e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ENTITIES[e],
      ),
    );
  const index = await get(origin, '/sitemap.xml', { gzip: false });
  const file = locs(index.body.toString('utf8')).find((u) => /company-\d+\.xml$/.test(u));
  if (!file) throw new Error('/sitemap.xml lists no company sitemap file');
  const list = await get(origin, new URL(file).pathname, { gzip: false });
  const all = locs(list.body.toString('utf8')).map((u) => {
    const url = new URL(u);
    return `${url.pathname}${url.search}`;
  });
  if (all.length < count + 1)
    throw new Error(`the company sitemap has ${all.length} pages, fewer than ${count + 1}`);
  let picked: string[];
  if (shuffle) {
    const pool = [...all];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    picked = pool.slice(0, count + 1);
  } else {
    picked = Array.from(
      { length: count },
      (_, i) => all[Math.floor(((i + 0.5) * all.length) / count)],
    );
    picked.push(all[0]); // never among the evenly spread ones
  }
  return { paths: picked.slice(0, count), spare: picked[count] };
}
