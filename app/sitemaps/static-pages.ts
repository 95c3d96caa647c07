/** Where the sitemap index finds the public pages besides the company pages (their list: lib/shared/routes.ts). */
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
