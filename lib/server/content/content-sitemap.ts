import { getPool } from '@/lib/server/platform';
import {
  newsDetailPath,
  policyDetailPath,
  reportDetailPath,
  subsidyDetailPath,
  healthTopicPath,
} from '@/lib/shared/content/urls';
import type { ReportKind } from '@/lib/shared/content/content.constants';
import { listHref } from '@/lib/shared/industry/lists';

/**
 * Sitemap files of the content pages (issue 17): /sitemaps/content-<kind>-<n>.xml with at most
 * 50,000 URLs each, listed by the sitemap index (lib/server/edge/sitemap/sitemap.service.ts).
 */
export const CONTENT_SITEMAP_MAX_URLS = 50000;

const KINDS = {
  policy: { table: 'content_policies', where: 'true', url: (r: Row) => policyDetailPath(r.id) },
  subsidy: { table: 'content_subsidies', where: 'true', url: (r: Row) => subsidyDetailPath(r.id) },
  yjbg: {
    table: 'content_reports',
    where: "kind = 'yjbg'",
    url: (r: Row) => reportDetailPath('yjbg' as ReportKind, r.id),
  },
  cyzx: {
    table: 'content_reports',
    where: "kind = 'cyzx'",
    url: (r: Row) => reportDetailPath('cyzx' as ReportKind, r.id),
  },
  news: { table: 'content_news', where: 'true', url: (r: Row) => newsDetailPath(r.id) },
  topic: {
    table: 'content_health_topics',
    where: 'true',
    url: (r: Row) => healthTopicPath(r.slug),
  },
  // Authoritative lists (issue 31 item 5): one page per list.
  list: { table: 'industry_lists', where: 'true', url: (r: Row) => listHref.list(r.slug) },
} as const;

/** Kinds whose pages are addressed by a slug, not an id. */
const BY_SLUG: ReadonlySet<ContentSitemapKind> = new Set(['topic', 'list']);
export type ContentSitemapKind = keyof typeof KINDS;

type Row = { id: number; slug: string; lastmod: string | null };

function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

export function contentSitemapPath(kind: ContentSitemapKind, n: number): string {
  return `/sitemaps/content-${kind}-${n}.xml`;
}

/** "content-policy-2.xml" → {kind: 'policy', n: 2}; null when it is not a content sitemap name. */
export function parseContentSitemapFile(
  file: string,
): { kind: ContentSitemapKind; n: number } | null {
  const m = /^content-([a-z]+)-(\d{1,6})\.xml$/.exec(file);
  if (!m || !(m[1] in KINDS) || Number(m[2]) < 1) return null;
  return { kind: m[1] as ContentSitemapKind, n: Number(m[2]) };
}

/** Paths of every content sitemap file (an empty kind has none). */
export async function contentSitemapFiles(perFile = CONTENT_SITEMAP_MAX_URLS): Promise<string[]> {
  const pool = getPool();
  const kinds = Object.keys(KINDS) as ContentSitemapKind[];
  const counts = await Promise.all(
    kinds.map(async (k) => {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from ${KINDS[k].table} where ${KINDS[k].where}`,
      );
      return rows[0]?.n ?? 0;
    }),
  );
  return kinds.flatMap((k, i) =>
    Array.from({ length: Math.ceil(counts[i] / perFile) }, (_, j) => contentSitemapPath(k, j + 1)),
  );
}

/** URLs (paths) and last-modified days of block n of a kind, in id order. */
export async function listContentSitemapUrls(
  kind: ContentSitemapKind,
  n: number,
  perFile = CONTENT_SITEMAP_MAX_URLS,
): Promise<{ path: string; lastmod: string | null }[]> {
  const k = KINDS[kind];
  const bySlug = BY_SLUG.has(kind);
  const key = bySlug ? 'slug' : 'id';
  const lastmod =
    kind === 'topic' || kind === 'subsidy'
      ? 'null::text'
      : "to_char(updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')";
  const { rows } = await getPool().query<Row>(
    `select ${bySlug ? '0' : 'id::int'} as id, ${bySlug ? 'slug' : "''"} as slug,
       ${lastmod} as lastmod
     from ${k.table} where ${k.where} order by ${key} offset $1 limit $2`,
    [(n - 1) * perFile, perFile],
  );
  return rows.map((r) => ({ path: k.url(r), lastmod: r.lastmod }));
}

/** The XML of content sitemap `file`, or null when there is no such file (answer 404). */
export async function contentSitemapXml(
  file: string,
  baseUrl: string,
  perFile = CONTENT_SITEMAP_MAX_URLS,
): Promise<string | null> {
  const parsed = parseContentSitemapFile(file);
  if (!parsed) return null;
  const urls = await listContentSitemapUrls(parsed.kind, parsed.n, perFile);
  if (urls.length === 0) return null;
  const base = baseUrl.replace(/\/+$/, '');
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(`${base}${u.path}`)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * The answer for /sitemaps/<file> when `file` is a content sitemap name (404 past the end), or
 * null when it is not one (app/sitemaps/[file]/route.ts tries this before the company files).
 */
export async function contentSitemapResponse(
  file: string,
  baseUrl: string,
): Promise<Response | null> {
  if (!parseContentSitemapFile(file)) return null;
  const xml = await contentSitemapXml(file, baseUrl);
  if (xml === null)
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
