import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import {
  currentReads,
  isSecureRequest,
  contentSecurityPolicy,
  HSTS_VALUE,
  metrics,
  requestHost,
} from '@/lib/server/platform';
import { cookieHeaderReader, limitPageView, sessionRateIdentity } from '@/lib/server/identity';
import { sameStamp, type EnterprisePageStamp } from './enterprise-page-version';
import { createStampCache } from './stamp-cache';
import { pageAsksNotToBeStored } from '@/lib/shared/http/page-cache-hint';
import { hasNonceAttribute, inlineScriptHashes } from './inline-script-hashes';
import {
  PAGE_CACHE_HEADER,
  pageCacheMarkerOf,
  pageCacheMarkerValue,
  type PageCacheMarker,
} from './page-cache-marker';
import { cacheablePageRequest, type CacheablePageRequest } from './page-cache-rules';
import { PageCacheStore, type CachedPage } from './page-cache-store';

export type PageCacheOptions = {
  /** Where this process listens, for the cache's own renders. */
  origin: string;
  maxBytes: number;
  /** Next's request handler. */
  render: (req: IncomingMessage, res: ServerResponse) => void;
  log: (...args: unknown[]) => void;
};

/** Rendered headers a stored page repeats; everything else is per response or Next's own. */
const KEPT_HEADERS = new Set([
  'content-type',
  'content-language',
  'link',
  'x-robots-tag',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
]);

const FILL_TIMEOUT_MS = 30_000;

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/i.test(headerOf(req, 'accept-encoding') ?? '');
}

/**
 * The HTML cache in front of Next (issue 10): a public page that is the same for every visitor
 * is rendered once and then served from memory, until its company's data changes
 * (company pages) or its time is up (home, agreements, search results). Each view still counts
 * against the page's rate limit. Requests the rules do not cover go to Next untouched.
 */
export function createPageCache(options: PageCacheOptions) {
  const store = new PageCacheStore(options.maxBytes);
  // Company versions in memory, forgotten when the database says one changed (ADR 0214).
  const stamps = createStampCache({ log: (line) => options.log(line) });
  /** One render per key at a time: concurrent misses wait for the same fill. */
  const filling = new Map<string, Promise<CachedPage | null>>();

  function passOn(req: IncomingMessage, res: ServerResponse, marker: PageCacheMarker | null) {
    if (marker) req.headers[PAGE_CACHE_HEADER] = pageCacheMarkerValue(marker);
    options.render(req, res);
  }

  async function render(
    rule: CacheablePageRequest,
    stamp: EnterprisePageStamp | null,
  ): Promise<CachedPage | null> {
    // A versioned page is kept until its company changes: it must not be rendered from a
    // replica that has not yet replayed that version (ADR 0211).
    const readWasCurrent = stamp ? await currentReads() : () => true;
    const response = await fetch(`${options.origin}${rule.fillPath}`, {
      headers: {
        [PAGE_CACHE_HEADER]: pageCacheMarkerValue('fill'),
        accept: 'text/html',
        'accept-encoding': 'identity',
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(FILL_TIMEOUT_MS),
    });
    const html = await response.text();
    // Only a plain, complete, cookie-free page is the same for everyone.
    if (response.status !== 200 || response.headers.has('set-cookie')) return null;
    if (!/^text\/html\b/.test(response.headers.get('content-type') ?? '')) return null;
    if (hasNonceAttribute(html)) return null;
    const body = Buffer.from(html, 'utf8');
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (KEPT_HEADERS.has(name)) headers.push([name, value]);
    });
    const now = Date.now();
    return {
      body,
      gzip: gzipSync(body, { level: 6 }),
      headers,
      scriptHashes: inlineScriptHashes(html),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      storedAt: now,
      // A degraded answer goes to the visitors waiting for it, and is not kept for the next ones.
      storable: !pageAsksNotToBeStored(html) && readWasCurrent(),
      validity: stamp
        ? { stamp }
        : { expiresAt: now + (rule.policy.kind === 'ttl' ? rule.policy.ttlMs : 0) },
    };
  }

  function fill(
    rule: CacheablePageRequest,
    stamp: EnterprisePageStamp | null,
  ): Promise<CachedPage | null> {
    const flightKey = stamp ? `${rule.key}#${stamp.generation}.${stamp.version}` : rule.key;
    let flight = filling.get(flightKey);
    if (!flight) {
      flight = render(rule, stamp)
        .then((page) => {
          if (page?.storable) store.set(rule.key, page);
          else store.delete(rule.key);
          return page;
        })
        .catch((err: unknown) => {
          options.log('页面缓存渲染失败：', rule.fillPath, err);
          return null;
        })
        .finally(() => filling.delete(flightKey));
      filling.set(flightKey, flight);
    }
    return flight;
  }

  function send(
    req: IncomingMessage,
    headers: Headers,
    res: ServerResponse,
    page: CachedPage,
    state: string,
  ) {
    const url = `http://${headerOf(req, 'host') ?? 'localhost'}${req.url ?? '/'}`;
    const secure = isSecureRequest(headers, url);
    const out: Record<string, string> = Object.fromEntries(page.headers);
    out['content-security-policy'] = contentSecurityPolicy({
      scripts: { hashes: page.scriptHashes },
      host: requestHost(headers),
      secure,
      dev: false,
    });
    if (secure) out['strict-transport-security'] = HSTS_VALUE;
    // Browsers revalidate every time (ETag), so a changed page shows on the next load.
    out['cache-control'] = 'private, no-cache';
    out.etag = page.etag;
    out.vary = 'Accept-Encoding';
    out['x-page-cache'] = state;
    if (headerOf(req, 'if-none-match') === page.etag) {
      res.writeHead(304, out);
      res.end();
      return;
    }
    const gzip = acceptsGzip(req);
    const body = gzip ? page.gzip : page.body;
    if (gzip) out['content-encoding'] = 'gzip';
    out['content-length'] = String(body.length);
    res.writeHead(200, out);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function answer(req: IncomingMessage, res: ServerResponse, rule: CacheablePageRequest) {
    const headers = webHeaders(req);
    // The view's count and the company's version are independent reads: one round trip of time.
    const [limited, stamp] = await Promise.all([
      limitPageView(rule.pathname, headers, () =>
        sessionRateIdentity(cookieHeaderReader(headerOf(req, 'cookie'))),
      ),
      rule.policy.kind === 'enterprise' ? stamps.stampOf(rule.policy.lookup) : null,
    ]);
    if (limited) return sendWebResponse(res, limited);
    // No such company: Next renders its 404, which is not stored.
    if (rule.policy.kind === 'enterprise' && !stamp) return passOn(req, res, 'counted');
    // Read after the awaits above: a fill may have finished meanwhile (one render per page).
    const stored = store.get(rule.key);
    const fresh =
      stored &&
      ('stamp' in stored.validity
        ? sameStamp(stored.validity.stamp, stamp)
        : stored.validity.expiresAt > Date.now());
    const counted = metrics().pageCache;
    if (stored && fresh) {
      counted.inc({ result: 'hit' });
      return send(req, headers, res, stored, 'hit');
    }
    const page = await fill(rule, stamp);
    counted.inc({ result: page ? 'miss' : 'bypass' });
    if (page) return send(req, headers, res, page, 'miss');
    passOn(req, res, 'counted');
  }

  return {
    /** server.ts's request listener for every HTTP request. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const claimed = headerOf(req, PAGE_CACHE_HEADER);
      if (claimed !== undefined) {
        // The cache's own render goes straight to Next; a client's claim is dropped.
        if (pageCacheMarkerOf(claimed) === 'fill') return options.render(req, res);
        delete req.headers[PAGE_CACHE_HEADER];
      }
      const rule = cacheablePageRequest({
        method: req.method,
        url: req.url,
        header: (name) => headerOf(req, name),
      });
      if (!rule) return options.render(req, res);
      try {
        await answer(req, res, rule);
      } catch (err) {
        options.log('页面缓存出错，交给页面渲染：', err);
        if (!res.headersSent) passOn(req, res, null);
      }
    },
    stats: () => store.size,
    /** The company versions in memory: whether this instance hears changes, and how many it heard. */
    versions: { listening: stamps.listening, heard: stamps.heard, size: stamps.size },
    /** Ends the listening connection (shutdown, tests). */
    stop: () => stamps.stop(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
