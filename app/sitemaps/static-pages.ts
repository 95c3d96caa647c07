/** Public, indexable pages besides the company pages (spec 2.1 open routes with real content). */
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

export const STATIC_PUBLIC_PAGES: readonly { path: string; priority: number }[] = [
  { path: '/', priority: 1 },
  { path: '/companySearch', priority: 0.8 },
  { path: '/advancedSearch', priority: 0.7 },
  { path: '/serviceAndAgreement/service', priority: 0.2 },
  { path: '/serviceAndAgreement/agreement', priority: 0.2 },
];
