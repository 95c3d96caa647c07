import { config } from '@/lib/server/platform';
import { contentSitemapResponse } from '@/lib/server/content';
import { sitemapFileExists, streamSitemapFile, xmlStreamResponse } from '@/lib/server/edge';
import { parseCompanySitemapFile } from '@/lib/shared/enterprise/urls';
import { SITEMAP_PAGES } from '@/lib/shared/routes';
import { PAGES_SITEMAP_PATH } from '../static-pages';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ file: string }> };

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function pagesSitemap(base: string): Response {
  const urls = SITEMAP_PAGES.map(
    (p) =>
      `<url><loc>${escapeXml(`${base}${p.path}`)}</loc><priority>${p.priority}</priority></url>`,
  ).join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    },
  );
}

/** /sitemaps/pages.xml, content-{kind}-N.xml and company-N.xml (≤ 50,000 URLs each, streamed). */
export async function GET(_req: Request, { params }: Params): Promise<Response> {
  const { file } = await params;
  const base = config.siteUrl;
  if (`/sitemaps/${file}` === PAGES_SITEMAP_PATH) return pagesSitemap(base);
  // Policies, subsidies, reports, news and health topics (content-{kind}-N.xml).
  const content = await contentSitemapResponse(file, base);
  if (content) return content;
  const n = parseCompanySitemapFile(file);
  if (n === null || !(await sitemapFileExists(n))) {
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  return xmlStreamResponse(streamSitemapFile(n, base));
}
