import 'server-only';
import { cookies } from 'next/headers';
import { pageViewerFrom, type PageViewer } from '@/lib/server/identity';
export { type PageViewer } from '@/lib/server/identity';

/**
 * Who is looking at a server-rendered page (the session cookie of this request). Pages that are
 * the same for everyone (company pages, home) must not call this: the page cache serves them to
 * every visitor.
 */
export async function getPageViewer(): Promise<PageViewer> {
  return pageViewerFrom(await cookies());
}
