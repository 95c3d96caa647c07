import 'server-only';
import { getPool } from '@/lib/server/platform';
import { companyCanonicalPath, companySitemapPath } from '@/lib/shared/enterprise/urls';
import { contentSitemapFiles } from '@/lib/server/content';

/**
 * Sitemaps of the company pages, streamed: enterprises are read in keyset batches by id (no
 * OFFSET scans, no connection held between batches) and written out as XML chunks, so a corpus
 * of millions never sits in memory. Files hold at most 50,000 URLs (the sitemap protocol limit)
 * and are numbered from 1 in id order.
 */
export const SITEMAP_MAX_URLS = 50000;
const BATCH = 5000;

function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export async function countEnterprises(): Promise<number> {
  const { rows } = await getPool().query<{ n: string }>('select count(*) as n from enterprises');
  return Number(rows[0]?.n ?? 0);
}

/** Number of company sitemap files (0 for an empty corpus). */
export async function sitemapFileCount(perFile = SITEMAP_MAX_URLS): Promise<number> {
  return Math.ceil((await countEnterprises()) / perFile);
}

/**
 * The sitemap index listing every company sitemap file (plus `extra` sitemaps, e.g. static pages)
 * and the content sitemap files (lib/server/content/content-sitemap.ts).
 */
export async function* streamSitemapIndex(
  baseUrl: string,
  opts: { extra?: string[]; perFile?: number; filePath?: (n: number) => string } = {},
): AsyncGenerator<string> {
  const base = trimBase(baseUrl);
  const files = await sitemapFileCount(opts.perFile ?? SITEMAP_MAX_URLS);
  const filePath = opts.filePath ?? companySitemapPath;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const url of opts.extra ?? []) yield `<sitemap><loc>${escapeXml(url)}</loc></sitemap>\n`;
  for (let n = 1; n <= files; n++)
    yield `<sitemap><loc>${escapeXml(`${base}${filePath(n)}`)}</loc></sitemap>\n`;
  // Knowledge content (issue 17): policies, subsidies, reports, news, health topics.
  for (const p of await contentSitemapFiles())
    yield `<sitemap><loc>${escapeXml(`${base}${p}`)}</loc></sitemap>\n`;
  yield '</sitemapindex>\n';
}

/**
 * Company sitemap file n (from 1): the n-th block of SITEMAP_MAX_URLS enterprises by id, each as
 * `${baseUrl}/companySearchDetail?uncid=…` with its last update as lastmod. Call
 * sitemapFileExists first to answer 404 for files past the end.
 */
export async function* streamSitemapFile(
  n: number,
  baseUrl: string,
  opts: { perFile?: number; batch?: number } = {},
): AsyncGenerator<string> {
  const perFile = opts.perFile ?? SITEMAP_MAX_URLS;
  const batch = Math.min(opts.batch ?? BATCH, perFile);
  const base = trimBase(baseUrl);
  const pool = getPool();
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  if (Number.isSafeInteger(n) && n >= 1) {
    // First id of the block: an index-only walk of the primary key.
    const start = await pool.query<{ id: string }>(
      'select id from enterprises order by id offset $1 limit 1',
      [(n - 1) * perFile],
    );
    let after = start.rows[0] ? Number(start.rows[0].id) - 1 : null;
    let left = perFile;
    while (after !== null && left > 0) {
      const { rows } = await pool.query<{ id: string; uncid: string; lastmod: string }>(
        `select id, uncid, to_char(updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as lastmod
         from enterprises where id > $1 order by id limit $2`,
        [after, Math.min(batch, left)],
      );
      if (rows.length === 0) break;
      let chunk = '';
      for (const r of rows) {
        chunk += `<url><loc>${escapeXml(`${base}${companyCanonicalPath(r.uncid)}`)}</loc><lastmod>${r.lastmod}</lastmod></url>\n`;
      }
      yield chunk;
      left -= rows.length;
      after = Number(rows[rows.length - 1].id);
      if (rows.length < Math.min(batch, left + rows.length)) break;
    }
  }
  yield '</urlset>\n';
}

export async function sitemapFileExists(n: number, perFile = SITEMAP_MAX_URLS): Promise<boolean> {
  return Number.isSafeInteger(n) && n >= 1 && n <= (await sitemapFileCount(perFile));
}

/** Wraps a chunk generator as a streamed XML Response (for app/ route handlers). */
export function xmlStreamResponse(
  chunks: AsyncIterable<string>,
  headers: Record<string, string> = {},
): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      ...headers,
    },
  });
}
