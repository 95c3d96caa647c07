import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How the page cache (server.ts) tells the route guard in proxy.ts about a request it passes on:
 * `fill` = the cache's own render of a page to store (no nonce, no rate limit: the visitor's view
 * was counted already); `counted` = a visitor's request the cache counted but leaves to Next.
 * The header carries a secret made at start-up, so a client cannot claim either.
 */
export const PAGE_CACHE_HEADER = 'x-leadradar-page-cache';

const SECRET_ENV = 'LEADRADAR_PAGE_CACHE_SECRET';

export type PageCacheMarker = 'fill' | 'counted';

/** Made once by server.ts before Next starts; the proxy runs in the same process and reads it. */
export function createPageCacheSecret(): void {
  process.env[SECRET_ENV] = randomBytes(32).toString('base64url');
}

export function pageCacheMarkerValue(marker: PageCacheMarker): string {
  const secret = process.env[SECRET_ENV];
  if (!secret) throw new Error('page cache secret not created');
  return `${secret} ${marker}`;
}

/** The marker a request carries, only when its secret is this process's. */
export function pageCacheMarkerOf(value: string | null | undefined): PageCacheMarker | null {
  const secret = process.env[SECRET_ENV];
  if (!secret || !value) return null;
  const [claimed, marker] = value.split(' ');
  if (marker !== 'fill' && marker !== 'counted') return null;
  const a = Buffer.from(claimed ?? '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b) ? marker : null;
}
