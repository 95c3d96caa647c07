import 'server-only';
import { pageViewerFrom, type PageViewer } from '@/lib/server/identity';
export { type PageViewer } from '@/lib/server/identity';

/**
 * Who is looking at a server-rendered page (the session cookie of this request). Pages that are
 * the same for everyone (home, agreements) must not call this: the page cache serves them to
 * every visitor. Search and company pages may: the cache stores only their visitors' copy
 * (page-cache-rules.ts), rendered without a cookie.
 */
export async function getPageViewer(): Promise<PageViewer> {
  // Loaded on call: this module is reachable from server.ts through the enterprise front door,
  // and next/headers must not load before Next has set up its request storage.
  const { cookies } = await import('next/headers');
  return pageViewerFrom(await cookies());
}
