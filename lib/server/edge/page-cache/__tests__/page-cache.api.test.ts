import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, getPool } from '@/lib/server/platform/db';
import { normaliseIncomingHeaders } from '@/lib/server/platform/http/incoming-headers';
import { SESSION_COOKIE } from '@/lib/server/platform/session/session-cookie';
import { DO_NOT_STORE_META } from '@/lib/shared/http/page-cache-hint';
import { RATE_POLICIES, rateLimitClock } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { createTestUser, type TestUser } from '@/test/helpers/api';
import { sealSession } from '@/test/helpers/page-request';
import { createPageCache, type PageCache } from '../page-cache';
import { createPageCacheSecret, PAGE_CACHE_HEADER, pageCacheMarkerOf } from '../page-cache-marker';

/**
 * The page cache in front of a stand-in for Next: a renderer that reads the real database the
 * way the company page does (name and the first contact, masked) and counts its renders. The
 * triggers of migration 0015 decide when a stored page is stale.
 */
type Render = { url: string; marker: string | null; rawMarker: string | undefined };
const renders: Render[] = [];
let cache: PageCache;
let server: http.Server;
let base = '';
const companies: { id: number; uncid: string }[] = [];
let memberA: TestUser;

const INLINE_SCRIPT = 'self.__page=1';

async function renderLikeNext(req: IncomingMessage, res: ServerResponse) {
  const rawMarker = req.headers[PAGE_CACHE_HEADER] as string | undefined;
  renders.push({ url: req.url ?? '', marker: pageCacheMarkerOf(rawMarker), rawMarker });
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/companySearch') {
    // A search that could not answer: shown to this visitor, never kept for the next.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><meta name="${DO_NOT_STORE_META.name}" content="${DO_NOT_STORE_META.content}"/></head>` +
        '<body>搜索暂时不可用，请稍后重试。</body></html>',
    );
    return;
  }
  if (url.pathname === '/') {
    // A page that sets a cookie is someone's page: never stored.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'a=b' });
    res.end('<html><body>home</body></html>');
    return;
  }
  const uncid = url.searchParams.get('uncid') ?? '';
  const r = await getDb().execute<{ name: string; contact: string | null }>(sql`
    select e.name, (select value from enterprise_contacts c where c.enterprise_id = e.id
      order by c.id limit 1) as contact
    from enterprises e where e.uncid = ${uncid}`);
  const row = r.rows[0];
  if (!row) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>企业不存在</body></html>');
    return;
  }
  const masked = row.contact ? `${row.contact.slice(0, 3)}****` : '-';
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'x-frame-options': 'SAMEORIGIN',
  });
  res.end(
    `<html><body><h1>${row.name}</h1><p class="contact">${masked}</p>` +
      `<script>${INLINE_SCRIPT}</script><script src="/_next/static/app.js"></script></body></html>`,
  );
}

const WINDOW_START = Date.UTC(2032, 0, 1, 12, 0, 0);
const realClock = rateLimitClock.now;

beforeAll(async () => {
  rateLimitClock.now = () => WINDOW_START + 1_000;
  createPageCacheSecret();
  server = http.createServer((req, res) => {
    normaliseIncomingHeaders(req.headers, req.socket.remoteAddress, false);
    void cache.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cache = createPageCache({
    origin: base,
    maxBytes: 4 * 1024 * 1024,
    render: (req, res) => void renderLikeNext(req, res),
    log: () => undefined,
  });
  const r = await getDb().execute<{ id: string; uncid: string }>(sql`
    select id, uncid from enterprises e
    where exists (select 1 from enterprise_contacts c where c.enterprise_id = e.id)
    order by id limit 3`);
  companies.push(...r.rows.map((row) => ({ id: Number(row.id), uncid: row.uncid })));
  expect(companies).toHaveLength(3);
  memberA = await createTestUser({ edition: 2 });
});

afterAll(async () => {
  rateLimitClock.now = realClock;
  await cache.stop();
  await new Promise((resolve) => server.close(resolve));
});

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A write the cache must see: its NOTIFY arrives on the listening connection just after the
 * commit (ADR 0214's bound), so the test waits for it before the next view, as a visitor's next
 * click would.
 */
async function changed(write: () => Promise<unknown>): Promise<void> {
  await until(() => cache.versions.listening(), 'the version listener');
  const before = cache.versions.heard();
  await write();
  await until(() => cache.versions.heard() > before, 'the change to be heard');
}

beforeEach(() => {
  renders.length = 0;
});

const pagePath = (uncid: string) => `/companySearchDetail?uncid=${uncid}`;

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
}

const visitorRenders = () => renders.filter((r) => r.marker !== 'fill');
const fills = () => renders.filter((r) => r.marker === 'fill');

describe('page cache', () => {
  it('renders a company page once and serves it again from memory, with a hash policy', async () => {
    const path = pagePath(companies[0].uncid);
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const html = await first.text();
    const second = await get(path);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(await second.text()).toBe(html);
    expect(fills()).toHaveLength(1);
    expect(visitorRenders()).toHaveLength(0);

    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const csp = second.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('strict-dynamic');
    expect(second.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.headers.get('set-cookie')).toBeNull();
  });

  it('answers gzip to clients that take it, and 304 to a matching If-None-Match', async () => {
    const path = pagePath(companies[0].uncid);
    const plain = await (await get(path)).text();
    const zipped = await new Promise<{ encoding?: string; body: Buffer; etag?: string }>(
      (resolve, reject) => {
        http
          .get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                body: Buffer.concat(chunks),
                etag: res.headers.etag,
              }),
            );
          })
          .on('error', reject);
      },
    );
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain);
    const revalidated = await get(path, { 'if-none-match': zipped.etag ?? '' });
    expect(revalidated.status).toBe(304);
  });

  it('renders once for many visitors arriving together', async () => {
    const path = pagePath(companies[1].uncid);
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(path)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(fills()).toHaveLength(1);
  });

  it("shows a change of the company's own row on the next request", async () => {
    const { id, uncid } = companies[0];
    await get(pagePath(uncid));
    await changed(() =>
      getDb().execute(sql`update enterprises set name = name || '（新）' where id = ${id}`),
    );
    const after = await get(pagePath(uncid));
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain('（新）</h1>');
    expect((await get(pagePath(uncid))).headers.get('x-page-cache')).toBe('hit');
  });

  it('shows a change of its child rows (contacts) on the next request, and only for it', async () => {
    const [a, b] = companies;
    await get(pagePath(a.uncid));
    await get(pagePath(b.uncid));
    await changed(() =>
      getDb().execute(sql`
        update enterprise_contacts set value = '19900001111'
        where id = (select id from enterprise_contacts where enterprise_id = ${a.id} order by id limit 1)`),
    );
    const after = await get(pagePath(a.uncid));
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain('199****');
    expect((await get(pagePath(b.uncid))).headers.get('x-page-cache')).toBe('hit');

    // A deleted contact is a change too.
    await changed(() =>
      getDb().execute(sql`delete from enterprise_contacts where enterprise_id = ${a.id}`),
    );
    const emptied = await get(pagePath(a.uncid));
    expect(emptied.headers.get('x-page-cache')).toBe('miss');
    expect(await emptied.text()).toContain('<p class="contact">-</p>');
  });

  it('answers a company page whose version it knows without reading the database', async () => {
    const { uncid } = companies[1];
    await until(() => cache.versions.listening(), 'the version listener');
    await get(pagePath(uncid));
    const pool = getPool();
    const query = pool.query.bind(pool);
    let versionReads = 0;
    (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('page_cache_generation')) versionReads += 1;
      return (query as (...a: unknown[]) => unknown)(...args);
    };
    try {
      for (let i = 0; i < 5; i++)
        expect((await get(pagePath(uncid))).headers.get('x-page-cache')).toBe('hit');
    } finally {
      (pool as unknown as { query: unknown }).query = query;
    }
    expect(versionReads).toBe(0);
  });

  it('reads every version from the database while it cannot hear changes, and forgets on return', async () => {
    const { id, uncid } = companies[1];
    await until(() => cache.versions.listening(), 'the version listener');
    await get(pagePath(uncid));
    // The listening connection dies: a change made now would never be heard.
    await getDb().execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'leadradar-page-versions' and datname = current_database()`);
    await until(() => !cache.versions.listening(), 'the listener to notice');
    expect(cache.versions.size()).toBe(0);
    await getDb().execute(sql`update enterprises set name = name || '（断线）' where id = ${id}`);
    const during = await get(pagePath(uncid));
    expect(during.headers.get('x-page-cache')).toBe('miss');
    expect(await during.text()).toContain('（断线）</h1>');
    expect(cache.versions.size()).toBe(0);
    // Back again: versions are remembered anew and changes heard as before.
    await until(() => cache.versions.listening(), 'the listener to reconnect');
    expect((await get(pagePath(uncid))).headers.get('x-page-cache')).toBe('hit');
    expect(cache.versions.size()).toBeGreaterThan(0);
    await changed(() =>
      getDb().execute(sql`update enterprises set name = name || '（恢复）' where id = ${id}`),
    );
    expect(cache.versions.size()).toBe(0);
    expect(await (await get(pagePath(uncid))).text()).toContain('（恢复）</h1>');
  });

  it('leaves bulk loads (the seeders) alone', async () => {
    const { id, uncid } = companies[2];
    await get(pagePath(uncid));
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local leadradar.bulk_load = 'on'`);
      await tx.execute(sql`update enterprises set weight = weight where id = ${id}`);
    });
    expect((await get(pagePath(uncid))).headers.get('x-page-cache')).toBe('hit');
  });

  it('leaves members their own company and search pages (rendered in the workspace frame)', async () => {
    const path = pagePath(companies[1].uncid);
    await get(path);
    renders.length = 0;
    const member = await get(path, { cookie: `${SESSION_COOKIE}=${await sealSession(memberA)}` });
    expect(member.headers.get('x-page-cache')).toBeNull();
    const search = await get('/companySearch?searchValue=%E7%A7%91%E6%8A%80', {
      cookie: `${SESSION_COOKIE}=${await sealSession(memberA)}`,
    });
    expect(search.headers.get('x-page-cache')).toBeNull();
    // Both go to Next uncounted: the route guard (proxy.ts) counts them against the member.
    expect(renders.map((r) => r.marker)).toEqual([null, null]);
    // The visitors' copy is still there for the next visitor.
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');
  });

  it('passes client-router requests and unknown companies to Next', async () => {
    const path = pagePath(companies[1].uncid);
    await get(path);
    renders.length = 0;
    const router = await get(path, { rsc: '1' });
    expect(router.headers.get('x-page-cache')).toBeNull();
    const unknown = await get(pagePath('91000000000000000X'));
    expect(unknown.status).toBe(404);
    // Next renders each of them itself; the unknown one was counted by the cache already.
    expect(visitorRenders().map((r) => r.marker)).toEqual([null, 'counted']);
    expect(fills()).toHaveLength(0);
  });

  it('serves a degraded page to its visitor but keeps it for nobody else', async () => {
    const path = '/companySearch?searchValue=%E7%A7%91%E6%8A%80%E5%85%AC%E5%8F%B8';
    const first = await get(path);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(await first.text()).toContain('搜索暂时不可用');
    const second = await get(path);
    expect(second.headers.get('x-page-cache')).toBe('miss');
    expect(fills()).toHaveLength(2);
    expect(visitorRenders()).toHaveLength(0);
  });

  it('never stores a page that sets a cookie', async () => {
    await get('/');
    const again = await get('/');
    expect(again.headers.get('x-page-cache')).toBeNull();
    expect(again.headers.get('set-cookie')).toBe('a=b');
    expect(fills()).toHaveLength(2);
  });

  it("drops a client's claim to be the cache's own render", async () => {
    const path = pagePath(companies[1].uncid);
    const claimed = await get(path, { [PAGE_CACHE_HEADER]: 'guessed fill' });
    expect(claimed.headers.get('x-page-cache')).toBe('hit');
    const router = await get(path, { [PAGE_CACHE_HEADER]: 'guessed counted', rsc: '1' });
    expect(router.headers.get('x-page-cache')).toBeNull();
    // Next saw the passed-on request without the claim (so proxy.ts counts it as usual).
    expect(renders.map((r) => r.rawMarker)).toEqual([undefined]);
  });

  it("counts every view against the page's rate limit, hits included", async () => {
    rateLimitClock.now = () => WINDOW_START + 2 * 60_000 + 1_000;
    const path = pagePath(companies[1].uncid);
    const limit = RATE_POLICIES.companyDetail.perIp;
    for (let i = 0; i < limit; i++) expect((await get(path)).status).toBe(200);
    const over = await get(path);
    expect(over.status).toBe(429);
    // The 59 s left of the minute and the second into the next after which the sliding window
    // has let enough of this minute's hits go.
    expect(over.headers.get('retry-after')).toBe('60');
    expect(await over.text()).toContain('访问过于频繁');
    // A member is not held to the address's allowance here: their page goes to Next, whose route
    // guard counts it against their own, larger one (proxy.test.ts).
    renders.length = 0;
    const member = await get(path, { cookie: `${SESSION_COOKIE}=${await sealSession(memberA)}` });
    expect(member.status).toBe(200);
    expect(renders.map((r) => r.marker)).toEqual([null]);
  });
});
