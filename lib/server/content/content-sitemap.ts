import { getReadPool } from '@/lib/server/platform';
import {
  newsDetailPath,
  policyDetailPath,
  reportDetailPath,
  subsidyDetailPath,
  healthTopicPath,
} from '@/lib/shared/content/urls';
import type { ReportKind } from '@/lib/shared/content/content.constants';
import { listHref } from '@/lib/shared/industry/lists';
import { annualReportHref } from '@/lib/shared/enterprise/annual-report.contract';
import { financeHref } from '@/lib/shared/finance/finance';
import { ensureFinanceFresh } from './finance/finance.service';

/**
 * Sitemap files of the content pages (issue 17): /sitemaps/content-<kind>-<n>.xml with at most
 * 50,000 URLs each, listed by the sitemap index (lib/server/edge/sitemap/sitemap.service.ts).
 */
export const CONTENT_SITEMAP_MAX_URLS = 50000;

type Row = { id: number; slug: string; year: number; lastmod: string | null };

const UPDATED = "to_char(updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')";

/** A kind whose pages are rows of one table: its count and its block of rows, in key order. */
function tableKind(
  table: string,
  where: string,
  key: 'id' | 'slug',
  url: (r: Row) => string,
  lastmod = UPDATED,
): { count: string; page: string; url: (r: Row) => string } {
  return {
    count: `select count(*)::int as n from ${table} where ${where}`,
    page: `select ${key === 'slug' ? '0' : 'id::int'} as id, ${key === 'slug' ? 'slug' : "''"} as slug,
       0 as year, ${lastmod} as lastmod
     from ${table} where ${where} order by ${key} offset $1 limit $2`,
    url,
  };
}

const KINDS = {
  policy: tableKind('content_policies', 'true', 'id', (r) => policyDetailPath(r.id)),
  subsidy: tableKind(
    'content_subsidies',
    'true',
    'id',
    (r) => subsidyDetailPath(r.id),
    'null::text',
  ),
  yjbg: tableKind('content_reports', "kind = 'yjbg'", 'id', (r) =>
    reportDetailPath('yjbg' as ReportKind, r.id),
  ),
  cyzx: tableKind('content_reports', "kind = 'cyzx'", 'id', (r) =>
    reportDetailPath('cyzx' as ReportKind, r.id),
  ),
  news: tableKind('content_news', 'true', 'id', (r) => newsDetailPath(r.id)),
  topic: tableKind(
    'content_health_topics',
    'true',
    'slug',
    (r) => healthTopicPath(r.slug),
    'null::text',
  ),
  // Authoritative lists (issue 31 item 5): one page per list.
  list: tableKind('industry_lists', 'true', 'slug', (r) => listHref.list(r.slug)),
  // Annual reports (issue 32 item 1): one page per company and published year.
  annual: {
    count: 'select count(*)::int as n from enterprise_annual_reports',
    page: `select 0 as id, e.uncid as slug, a.year::int as year, a.published_at::text as lastmod
     from enterprise_annual_reports a join enterprises e on e.id = a.enterprise_id
     order by a.id offset $1 limit $2`,
    url: (r: Row) => annualReportHref(r.slug, r.year),
  },
  // Investment institutions with events (issue 32 item 2); their ids are stable (ADR 0193).
  institution: tableKind('finance_institutions', 'event_count > 0', 'id', (r) =>
    financeHref.institution(r.id),
  ),
} as const;

export type ContentSitemapKind = keyof typeof KINDS;

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
  const pool = getReadPool();
  // Institutions come from the finance index: computed first if it never was (ADR 0193).
  await ensureFinanceFresh(pool);
  const kinds = Object.keys(KINDS) as ContentSitemapKind[];
  const counts = await Promise.all(
    kinds.map(async (k) => {
      const { rows } = await pool.query<{ n: number }>(KINDS[k].count);
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
  const { rows } = await getReadPool().query<Row>(k.page, [(n - 1) * perFile, perFile]);
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
