/**
 * The one list of the product's pages (spec 2.1 open routes, 2.2 other routes and navigation
 * targets). Everything that needs to know about pages reads it: the route guard (proxy.ts: which
 * pages need a session), the menus (an entry whose page is not built is hidden, so no menu leads to
 * a 404), the login modal (whether /ai exists yet) and the pages sitemap.
 *
 * A new page is one edit here: set `built: true` (a unit test checks that app/ has the page), its
 * `owner` module, and, for a public page with content of its own, `sitemap` with its priority.
 */
/** The module of lib/server that owns a page's data and endpoints (README "Where things are"). */
export type PageOwner =
  | 'platform'
  | 'identity'
  | 'commerce'
  | 'enterprise'
  | 'search'
  | 'content'
  | 'crm'
  | 'ai'
  | 'edge';

export type PageRoute = {
  /** The path; `{name}` marks a segment that varies. */
  path: string;
  /** Where its server code lives: the module a newcomer opens to change the page's data. */
  owner: PageOwner;
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

type RouteExtra = Partial<PageRoute> & Pick<PageRoute, 'owner'>;

const open = (path: string, built: boolean, extra: RouteExtra): PageRoute => ({
  path,
  access: 'open',
  built,
  ...extra,
});
const member = (path: string, built: boolean, extra: RouteExtra): PageRoute => ({
  path,
  access: 'member',
  built,
  ...extra,
});

export const PAGE_ROUTES: readonly PageRoute[] = [
  // ---- Spec 2.1: open without login ----
  open('/', true, { owner: 'edge', sitemap: 1 }),
  // Aliases of / (the home page's canonical address stays /).
  open('/home', true, { owner: 'edge', aliasOf: '/' }),
  open('/newhome', true, { owner: 'edge', aliasOf: '/' }),
  open('/login', true, { owner: 'identity' }),
  open('/invite', true, { owner: 'identity' }),
  open('/tungee-login', true, { owner: 'identity' }),
  open('/serviceAndAgreement/service', true, { owner: 'edge', sitemap: 0.2 }),
  open('/serviceAndAgreement/agreement', true, { owner: 'edge', sitemap: 0.2 }),
  open('/403', true, { owner: 'edge' }),
  open('/404', true, { owner: 'edge' }),
  open('/500', true, { owner: 'edge' }),
  open('/weixinError', true, { owner: 'identity' }),
  open('/safariError', true, { owner: 'edge' }),
  open('/PhonePage', true, { owner: 'identity' }),
  // Two folders differing only in case break checkouts on case-insensitive file systems.
  open('/phonePage', true, { owner: 'identity', aliasOf: '/PhonePage' }),
  // Not in the spec: the demo payment QR's page (ARCHITECTURE demo adapters, issue 12).
  open('/payDemo', true, { owner: 'commerce' }),
  open('/companySearch', true, { owner: 'search', sitemap: 0.8 }),
  open('/companySearchDetail', true, { owner: 'enterprise' }),
  open('/advancedSearch', true, { owner: 'search', sitemap: 0.7 }),
  open('/advancedSearch/index', true, { owner: 'search' }),
  open('/mapGetCustomer', true, { owner: 'search', sitemap: 0.6 }),
  open('/policySearch', true, { owner: 'content', sitemap: 0.8 }),
  open('/policyDetail', true, { owner: 'content' }),
  open('/views_lianke/subsidyDetail', true, { owner: 'content' }),
  open('/zxyb/yjbg', true, { owner: 'content', sitemap: 0.7 }),
  open('/zxyb/yjbg/reportDetail', true, { owner: 'content' }),
  open('/zxyb/cyzx', true, { owner: 'content', sitemap: 0.6 }),
  open('/zxyb/cyzx/reportDetail', true, { owner: 'content' }),
  open('/industryInsights/industryInformation', true, { owner: 'content', sitemap: 0.6 }),
  // The health-sector topic pages: their index and one page per topic slug.
  open('/industryInsights/health', true, { owner: 'content', sitemap: 0.6 }),
  open('/industryInsights/health/{topic}', true, { owner: 'content' }),
  open('/authoritativeList', true, { owner: 'content', sitemap: 0.7 }),
  // One page per authoritative list (issue 31 item 5); each is in the content sitemap.
  open('/authoritativeList/{list}', true, { owner: 'content' }),
  // Open (spec 2.1): visitors read what a report holds and sign in to generate one.
  open('/enterpriseReport', true, { owner: 'enterprise' }),
  open('/industryInsights/industryMap', true, { owner: 'content', sitemap: 0.6 }),
  // 投融资 (issue 32 item 2, ADR 0193): events, projects and institutions; institutions are in the
  // content sitemap.
  open('/finance', true, { owner: 'content', sitemap: 0.6 }),
  open('/details/projectionDetail', true, { owner: 'content' }),
  open('/details/organizationDetail', true, { owner: 'content' }),
  // One page per company and published year (issue 32 item 1); each is in the content sitemap.
  open('/annualReportDetail', true, { owner: 'enterprise' }),
  // 数字员工 (issue 34 item 1): its ten skills, each opening /ai with a request.
  open('/digitalEmployee', true, { owner: 'ai', sitemap: 0.6 }),

  // ---- Spec 2.2: signed-in pages ----
  member('/userSystem/userInfo', true, { owner: 'identity' }),
  member('/unLockListPage', true, { owner: 'enterprise' }),
  member('/favoritesPage', true, { owner: 'enterprise' }),
  member('/employeeManagement/enterprise', true, { owner: 'identity' }),
  member('/employeeManagement/member', true, { owner: 'identity' }),
  member('/employeeManagement/role', true, { owner: 'identity' }),
  member('/employeeManagement', false, { owner: 'identity', family: true, buildsIn: '#13' }),
  member('/ai', true, { owner: 'ai' }),
  member('/ai/addWeixinTask', true, { owner: 'ai' }),
  member('/ai/addWeixinTasks', true, { owner: 'ai' }),
  member('/ai/optOut', true, { owner: 'ai' }),
  member('/digitalEmployeeDetail', true, { owner: 'ai' }),
  member('/intelligenceSearchDetail', true, { owner: 'search' }),
  member('/workbench', true, { owner: 'crm' }),
  member('/infoCenter', true, { owner: 'identity' }),
  member('/memberCenter', true, { owner: 'commerce', family: true }),
  member('/downloadList', true, { owner: 'platform' }),
  member('/clue/list', true, { owner: 'crm' }),
  member('/clue', false, { owner: 'crm', family: true, buildsIn: '#14' }),
  member('/customerManagement/customerList', true, { owner: 'crm' }),
  member('/customerManagement/customerDetail', true, { owner: 'crm' }),
  member('/customerManagement/opportunity', true, { owner: 'crm' }),
  // Issue 15 builds the three pages above; no other page of this section is in the spec, so the
  // family only gives other paths under it the sign-in guard (they stay 404s).
  member('/customerManagement', false, {
    owner: 'crm',
    family: true,
    buildsIn: 'later CRM pages (none in spec)',
  }),
  member('/dataCenter', true, { owner: 'crm' }),
  member('/dataBoard', true, { owner: 'crm' }),
  member('/dataManagement', true, { owner: 'crm' }),
  member('/codeGroup', true, { owner: 'crm' }),
  // The operator's console (issue 29 item 5): pages for platform permissions only.
  member('/platform/tenant', true, { owner: 'identity' }),
  member('/platform/order', true, { owner: 'identity' }),
  member('/platform/content', true, { owner: 'identity' }),
  member('/platform/audit-log', true, { owner: 'identity' }),
  member('/platform/ai-employee', true, { owner: 'ai' }),
  member('/platform', false, { owner: 'identity', family: true, buildsIn: 'later platform pages' }),
  member('/portraitRecommend', true, { owner: 'ai' }),
  member('/atlas', true, { owner: 'content' }),
  // Partner platform pages in a workspace frame (issue 35, ADR 0206); an unknown src is a 404.
  member('/common/{src}', true, { owner: 'identity' }),
  member('/factoryAndBuilding/{src}', true, { owner: 'identity' }),
  member('/industryAnalysis/{src}', true, { owner: 'identity' }),
  member('/industryInsights/industryTP/{industryChainCode}', true, { owner: 'content' }),
  member('/industryInsights', false, {
    owner: 'content',
    family: true,
    buildsIn: 'industry insights (later)',
  }),
  member('/policy-analysis/policy-inquiry/policy-details/{id}', true, { owner: 'content' }),
  member('/policy-analysis/policy-inquiry/policy-details/{id}/{activeKey}', true, {
    owner: 'content',
  }),
  member('/policy-analysis', false, {
    owner: 'content',
    family: true,
    buildsIn: 'policy analysis (later)',
  }),
  member('/market-research/industry-details', true, { owner: 'content' }),
  member('/market-research/industry-merchants', true, { owner: 'content' }),
  member('/market-research', false, {
    owner: 'content',
    family: true,
    buildsIn: 'industry insights (later)',
  }),
  member('/customer-seeking/search-on-map', true, { owner: 'search' }),
  // A park's or building's companies by type, with its outline and occupancy (ADR 0201).
  member('/customer-seeking/estate-search/{estateId}/{type}', true, { owner: 'search' }),
  member('/customer-seeking', false, {
    owner: 'search',
    family: true,
    buildsIn: 'map prospecting (later)',
  }),
  // Albums of authoritative lists (issue 31 item 5); the menu keeps the screen alive.
  member('/industryAlbum/authoritativeList/{album}', true, { owner: 'content' }),
  member('/industryAlbum/companyExpansion/{album}', true, { owner: 'content' }),
  member('/industryAlbum', false, {
    owner: 'content',
    family: true,
    buildsIn: 'industry insights (later)',
  }),
  member('/enterpriseReport/reportTemplate', true, { owner: 'enterprise' }),
  // Not in the spec: one generated report as a web page (issue 32 item 3), linked from the list,
  // the bell and the message centre.
  member('/enterpriseReport/reportDetail', true, { owner: 'enterprise' }),
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
