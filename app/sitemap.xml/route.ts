import { config } from '@/lib/server/platform';
import { streamSitemapIndex, xmlStreamResponse } from '@/lib/server/edge';
import { PAGES_SITEMAP_PATH } from '../sitemaps/static-pages';

export const dynamic = 'force-dynamic';

/** Sitemap index: the public pages file plus one file per 50,000 companies. */
export function GET(): Response {
  const base = config.siteUrl;
  return xmlStreamResponse(streamSitemapIndex(base, { extra: [`${base}${PAGES_SITEMAP_PATH}`] }));
}
