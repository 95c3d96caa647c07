/**
 * Public URLs of enterprise pages. The canonical company URL uses the unified social credit code
 * (stable across renames); company_name and pid links are still accepted by the page.
 */
export const COMPANY_DETAIL_PATH = '/companySearchDetail';

/** `/companySearchDetail?uncid=91350200...` — the canonical form (sitemaps, <link rel=canonical>). */
export function companyCanonicalPath(uncid: string): string {
  return `${COMPANY_DETAIL_PATH}?uncid=${encodeURIComponent(uncid)}`;
}

/** Links from lists: by uncid when known, else by name. */
export function companyDetailPath(ref: { uncid?: string | null; name?: string | null }): string {
  if (ref.uncid) return companyCanonicalPath(ref.uncid);
  return `${COMPANY_DETAIL_PATH}?company_name=${encodeURIComponent(ref.name ?? '')}`;
}

/** Sitemap index and the per-file company sitemaps (≤ 50,000 URLs each, numbered from 1). */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

export function companySitemapPath(n: number): string {
  return `/sitemaps/company-${n}.xml`;
}

/** Parses the file name of companySitemapPath ("company-3.xml" → 3); null when it is not one. */
export function parseCompanySitemapFile(file: string): number | null {
  const m = /^company-(\d{1,6})\.xml$/.exec(file);
  return m ? Number(m[1]) : null;
}
