/**
 * The one list of the product's pages (spec 2.1 open routes, 2.2 other routes and navigation
 * targets). Everything that needs to know about pages reads it: the route guard (proxy.ts: which
 * pages need a session), the menus (an entry whose page is not built is hidden, so no menu leads to
 * a 404), the login modal (whether /ai exists yet) and the pages sitemap.
 *
 * A new page is one edit here: set `built: true` (a unit test checks that app/ has the page) and,
 * for a public page with content of its own, `sitemap` with its priority.
 */
export type PageRoute = {
  /** The path; `{name}` marks a segment that varies. */
  path: string;
  /** 'open': no login needed (spec 2.1). 'member': a visitor goes to the login first. */
  access: 'open' | 'member';
  /** A page (or a page per variable segment) exists in app/. */
  built: boolean;
  /** The whole path family under `path` shares this entry (sections whose pages are not listed). */
  family?: true;
  /** In the pages sitemap with this priority (public pages with content of their own). */
  sitemap?: number;
  /** Where a page not built yet is built: an open issue ('#17') or a later capability. */
  buildsIn?: string;
  /** Another spelling of that page, served by it without a redirect (proxy.ts rewrites). */
  aliasOf?: string;
};

const open = (path: string, built = false, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  access: 'open',
  built,
  ...extra,
});
const member = (path: string, built = false, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  access: 'member',
  built,
  ...extra,
});

export const PAGE_ROUTES: readonly PageRoute[] = [
  // ---- Spec 2.1: open without login ----
  open('/', true, { sitemap: 1 }),
  // Aliases of / (the home page's canonical address stays /).
  open('/home', true, { aliasOf: '/' }),
  open('/newhome', true, { aliasOf: '/' }),
  open('/login', true),
  open('/invite', true),
  open('/tungee-login', false, { buildsIn: '#11' }),
  open('/serviceAndAgreement/service', true, { sitemap: 0.2 }),
  open('/serviceAndAgreement/agreement', true, { sitemap: 0.2 }),
  open('/403', true),
  open('/404', true),
  open('/500', true),
  open('/weixinError', true),
  open('/safariError', true),
  open('/PhonePage', true),
  // Two folders differing only in case break checkouts on case-insensitive file systems.
  open('/phonePage', true, { aliasOf: '/PhonePage' }),
  // Not in the spec: the demo payment QR's page (ARCHITECTURE demo adapters, issue 12).
  open('/payDemo', true),
  open('/companySearch', true, { sitemap: 0.8 }),
  open('/companySearchDetail', true),
  open('/advancedSearch', true, { sitemap: 0.7 }),
  open('/advancedSearch/index', true),
  open('/mapGetCustomer', false, { buildsIn: 'map prospecting (later)' }),
  open('/policySearch', true, { sitemap: 0.8 }),
  open('/policyDetail', true),
  open('/views_lianke/subsidyDetail', true),
  open('/zxyb/yjbg', true, { sitemap: 0.7 }),
  open('/zxyb/yjbg/reportDetail', true),
  open('/zxyb/cyzx', true, { sitemap: 0.6 }),
  open('/zxyb/cyzx/reportDetail', true),
  open('/industryInsights/industryInformation', true, { sitemap: 0.6 }),
  // The health-sector topic pages: their index and one page per topic slug.
  open('/industryInsights/health', true, { sitemap: 0.6 }),
  open('/industryInsights/health/{topic}', true),
  open('/authoritativeList', false, { buildsIn: 'industry insights (later)' }),
  open('/enterpriseReport', false, { buildsIn: 'enterprise reports (later)' }),
  open('/industryInsights/industryMap', false, { buildsIn: 'industry insights (later)' }),
  open('/finance', false, { buildsIn: 'industry insights (later)' }),
  open('/details/projectionDetail', false, { buildsIn: 'industry insights (later)' }),
  open('/details/organizationDetail', false, { buildsIn: 'industry insights (later)' }),
  open('/annualReportDetail', false, { buildsIn: 'enterprise reports (later)' }),
  open('/digitalEmployee', false, { buildsIn: 'AI employee (later)' }),

  // ---- Spec 2.2: signed-in pages ----
  member('/userSystem/userInfo', true),
  member('/unLockListPage', true),
  member('/favoritesPage', true),
  member('/employeeManagement/enterprise', true),
  member('/employeeManagement/member', true),
  member('/employeeManagement/role', true),
  member('/employeeManagement', false, { family: true, buildsIn: '#13' }),
  member('/ai', true),
  member('/digitalEmployeeDetail', false, { buildsIn: 'AI employee (later)' }),
  member('/intelligenceSearchDetail', true),
  member('/workbench', true),
  member('/infoCenter', true),
  member('/memberCenter', true, { family: true }),
  member('/downloadList', true),
  member('/clue/list', true),
  member('/clue', false, { family: true, buildsIn: '#14' }),
  member('/customerManagement/customerList', true),
  member('/customerManagement/customerDetail', true),
  member('/customerManagement/opportunity', true),
  // Issue 15 builds the three pages above; no other page of this section is in the spec, so the
  // family only gives other paths under it the sign-in guard (they stay 404s).
  member('/customerManagement', false, {
    family: true,
    buildsIn: 'later CRM pages (none in spec)',
  }),
  member('/dataCenter', true),
  member('/dataBoard', true),
  member('/dataManagement', true),
  member('/codeGroup', true),
  // The operator's console (issue 29 item 5): pages for platform permissions only.
  member('/platform/tenant', true),
  member('/platform/order', true),
  member('/platform/content', true),
  member('/platform/audit-log', true),
  member('/platform', false, { family: true, buildsIn: 'later platform pages' }),
  member('/portraitRecommend', false, { buildsIn: 'map prospecting (later)' }),
  member('/atlas', false, { buildsIn: 'industry insights (later)' }),
  member('/common/{src}', false, { buildsIn: 'industry insights (later)' }),
  member('/factoryAndBuilding/{src}', false, { buildsIn: 'map prospecting (later)' }),
  member('/industryAnalysis/{src}', false, { buildsIn: 'industry insights (later)' }),
  member('/industryInsights/industryTP/{industryChainCode}', false, {
    buildsIn: 'industry insights (later)',
  }),
  member('/industryInsights', false, { family: true, buildsIn: 'industry insights (later)' }),
  member('/policy-analysis/policy-inquiry/policy-details/{id}', true),
  member('/policy-analysis/policy-inquiry/policy-details/{id}/{activeKey}', true),
  member('/policy-analysis', false, { family: true, buildsIn: 'policy analysis (later)' }),
  member('/market-research', false, { family: true, buildsIn: 'industry insights (later)' }),
  member('/customer-seeking', false, { family: true, buildsIn: 'map prospecting (later)' }),
  member('/industryAlbum', false, { family: true, buildsIn: 'industry insights (later)' }),
  member('/enterpriseReport/reportTemplate', false, {
    buildsIn: 'enterprise reports (later)',
  }),
];

/** Trailing slashes do not make another page. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * A route's path as a pattern: `{name}` is a whole segment ('/common/{src}') or the rest of one
 * ('/industryInsights/health{topic}': the health topic pages); a family also takes what is below.
 */
function patternOf(route: PageRoute): RegExp {
  const body = route.path
    .split(/(\{\w+\})/)
    .map((part, i, parts) => {
      if (!/^\{\w+\}$/.test(part)) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      const wholeSegment = parts[i - 1]?.endsWith('/') ?? false;
      return wholeSegment ? '[^/]+' : '[^/]*';
    })
    .join('');
  return new RegExp(`^${body}${route.family ? '(?:/.*)?' : ''}$`);
}

const COMPILED = PAGE_ROUTES.map((route) => ({
  route,
  pattern: patternOf(route),
  // More literal text is more specific: '/industryInsights/industryMap' before '/industryInsights'.
  weight: (route.family ? 0 : 10_000) + route.path.replace(/\{\w+\}/g, '').length,
}));

/** The most specific entry for a path: an exact page before the family it belongs to. */
export function findPageRoute(pathname: string): PageRoute | undefined {
  const path = normalise(pathname);
  let best: (typeof COMPILED)[number] | undefined;
  for (const c of COMPILED) if (c.pattern.test(path) && (!best || c.weight > best.weight)) best = c;
  return best?.route;
}

/** Spec 2.1: the page opens without login. */
export function isOpenPath(pathname: string): boolean {
  return findPageRoute(pathname)?.access === 'open';
}

/**
 * A page that needs a session. Unknown paths do not: they get the real 404 page (status 404), not
 * a redirect to the login that search engines would read as a soft 404.
 */
export function needsSession(pathname: string): boolean {
  return findPageRoute(pathname)?.access === 'member';
}

/**
 * Menu entries (server menu, feature navigation) show only when their page is built. Directories
 * (no path of their own) stay; their children decide what shows. External links are not pages.
 */
export function isBuiltPage(path: string | null | undefined): boolean {
  if (!path) return true;
  const route = findPageRoute(path);
  return route !== undefined && route.built && !route.family;
}

/** Other spellings of pages (spec 2.1 /home, /newhome, /phonePage) → the page that serves them. */
export const PAGE_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  PAGE_ROUTES.filter((r) => r.aliasOf).map((r) => [r.path, r.aliasOf as string]),
);

/** The AI assistant (spec 2.8): a login target once its page exists. */
export const AI_PATH = '/ai';

/** Public pages for the pages sitemap, highest priority first. */
export const SITEMAP_PAGES: readonly { path: string; priority: number }[] = PAGE_ROUTES.filter(
  (r): r is PageRoute & { sitemap: number } => r.built && r.sitemap !== undefined,
)
  .map((r) => ({ path: r.path, priority: r.sitemap }))
  .sort((a, b) => b.priority - a.priority);
