import { SESSION_COOKIE } from '@/lib/server/platform';
import { browserBlockPage } from '@/lib/shared/auth/routes';
import { queryFromSearchParams, searchParamsFromQuery } from '@/lib/shared/search/query';

/** How a company page is found: the page's own rule (pid wins, then uncid, then the exact name). */
export type EnterpriseLookup =
  { by: 'id'; id: number } | { by: 'uncid'; uncid: string } | { by: 'name'; name: string };

/** How long a stored page stays good. */
export type PageCachePolicy =
  /** Until the time is up (pages whose data is not one company's: home counts, search results). */
  | { kind: 'ttl'; ttlMs: number }
  /** While the company's page version is unchanged (migration 0015's triggers bump it). */
  | { kind: 'enterprise'; lookup: EnterpriseLookup };

export type CacheablePageRequest = {
  /** One stored page per key: the path and the normalised parameters the page reads. */
  key: string;
  /** The address rendered to fill the entry: the same page as the key, in canonical form. */
  fillPath: string;
  /** The path the request names (the rate limit counts it). */
  pathname: string;
  policy: PageCachePolicy;
};

export const PAGE_CACHE_TTL = {
  home: 5 * 60_000,
  search: 60_000,
  agreement: 60 * 60_000,
  /** Knowledge pages (issue 17): content changes only by import. */
  content: 5 * 60_000,
} as const;

/** Headers that mark a request as the client router's, not a document load. */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action'];

type HeaderReader = (name: string) => string | undefined;

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

function firstParam(params: URLSearchParams, name: string): string {
  return params.get(name)?.trim() ?? '';
}

/** The company page's parameters → its lookup, exactly as app/companySearchDetail reads them. */
export function enterpriseLookupOf(params: URLSearchParams): EnterpriseLookup | null {
  const pid = firstParam(params, 'pid');
  if (/^\d{1,15}$/.test(pid) && Number(pid) > 0) return { by: 'id', id: Number(pid) };
  const uncid = firstParam(params, 'uncid');
  if (uncid) return { by: 'uncid', uncid: uncid.toUpperCase() };
  const name = firstParam(params, 'company_name');
  if (name) return { by: 'name', name };
  return null;
}

function lookupParam(lookup: EnterpriseLookup): [string, string] {
  if (lookup.by === 'id') return ['pid', String(lookup.id)];
  if (lookup.by === 'uncid') return ['uncid', lookup.uncid];
  return ['company_name', lookup.name];
}

function companyPage(params: URLSearchParams): Omit<CacheablePageRequest, 'pathname'> | null {
  const lookup = enterpriseLookupOf(params);
  if (!lookup) return null;
  const tab = firstParam(params, 'tab');
  // The tab picks the open panel; anything not shaped like a tab key renders uncached.
  if (tab && !/^[A-Za-z]{1,24}$/.test(tab)) return null;
  const canonical = new URLSearchParams([lookupParam(lookup)]);
  if (tab) canonical.set('tab', tab);
  const fillPath = `/companySearchDetail?${canonical.toString()}`;
  return { key: fillPath, fillPath, policy: { kind: 'enterprise', lookup } };
}

/**
 * Search result pages by their normalised query. A request with parameters the query does not
 * keep (unknown names, a park search's own fields) renders uncached, so random parameters cannot
 * fill the cache and still meet the page's rate limit.
 */
function searchPage(params: URLSearchParams): Omit<CacheablePageRequest, 'pathname'> | null {
  const searchType = params.get('searchType');
  if (searchType !== null && searchType !== 'default') return null;
  const record: Record<string, string[]> = {};
  for (const [name, value] of params) (record[name] ??= []).push(value);
  const canonical = searchParamsFromQuery(queryFromSearchParams(record));
  for (const name of params.keys()) if (name !== 'searchType' && !canonical.has(name)) return null;
  canonical.sort();
  const query = canonical.toString();
  const fillPath = query ? `/companySearch?${query}` : '/companySearch';
  return { key: fillPath, fillPath, policy: { kind: 'ttl', ttlMs: PAGE_CACHE_TTL.search } };
}

/** Knowledge pages read by `?id=` (issue 17). */
const CONTENT_DETAIL_PATHS = new Set([
  '/policyDetail',
  '/views_lianke/subsidyDetail',
  '/zxyb/yjbg/reportDetail',
  '/zxyb/cyzx/reportDetail',
  '/industryInsights/industryInformation',
]);
/** Knowledge lists, stored in their unfiltered form only (filtered pages are endless). */
const CONTENT_LIST_PATHS = new Set([
  '/policySearch',
  '/zxyb/yjbg',
  '/zxyb/cyzx',
  '/industryInsights/industryInformation',
  '/industryInsights/health',
]);

/**
 * Knowledge pages render the same HTML for everyone (the comparison list is read in the browser):
 * a detail page by its id alone, a list without parameters, a health topic by its slug.
 */
function contentPage(
  pathname: string,
  params: URLSearchParams,
): Omit<CacheablePageRequest, 'pathname'> | null {
  const names = [...params.keys()];
  const policy = { kind: 'ttl' as const, ttlMs: PAGE_CACHE_TTL.content };
  const healthTopic = /^\/industryInsights\/health\/[a-z][a-z0-9-]{1,30}$/.test(pathname);
  if (names.length === 0 && (CONTENT_LIST_PATHS.has(pathname) || healthTopic))
    return { key: pathname, fillPath: pathname, policy };
  const id = params.get('id') ?? '';
  if (names.length === 1 && CONTENT_DETAIL_PATHS.has(pathname) && /^[1-9]\d{0,11}$/.test(id)) {
    const fillPath = `${pathname}?id=${id}`;
    return { key: fillPath, fillPath, policy };
  }
  return null;
}

/** Pages whose HTML does not depend on their query: one entry per path. */
const WHOLE_PAGES: Readonly<Record<string, { ttlMs: number }>> = {
  '/': { ttlMs: PAGE_CACHE_TTL.home },
  '/serviceAndAgreement/service': { ttlMs: PAGE_CACHE_TTL.agreement },
  '/serviceAndAgreement/agreement': { ttlMs: PAGE_CACHE_TTL.agreement },
};

/**
 * Whether a request may be answered from the page cache, and under which key. Only document
 * loads (GET/HEAD, no client-router headers) of pages whose HTML does not depend on who asks
 * (search results and company pages: anonymous visitors only), from browsers the route guard does not send to an
 * error page: everything else goes to Next as before. The cache's own renders carry no cookie,
 * so what it stores is what an anonymous visitor gets.
 */
export function cacheablePageRequest(req: {
  method: string | undefined;
  url: string | undefined;
  header: HeaderReader;
}): CacheablePageRequest | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!req.url || !req.url.startsWith('/')) return null;
  if (ROUTER_HEADERS.some((name) => req.header(name) !== undefined)) return null;
  if (browserBlockPage(req.header('user-agent'))) return null;
  let url: URL;
  try {
    url = new URL(req.url, 'http://cache.invalid');
  } catch {
    return null;
  }
  if (url.searchParams.has('_rsc')) return null;
  const { pathname } = url;
  const whole = WHOLE_PAGES[pathname];
  const signedIn = hasSessionCookie(req.header('cookie'));
  // Home and agreements render the same HTML for everyone. Search and company pages are tools: a
  // member gets them inside the workspace frame (issue 28, one chrome per state), built from their
  // own session, so only visitors' copies are shared.
  const rule = whole
    ? { key: pathname, fillPath: pathname, policy: { kind: 'ttl' as const, ttlMs: whole.ttlMs } }
    : pathname === '/companySearchDetail'
      ? signedIn
        ? null
        : companyPage(url.searchParams)
      : pathname === '/companySearch' && !signedIn
        ? searchPage(url.searchParams)
        : contentPage(pathname, url.searchParams);
  return rule ? { ...rule, pathname } : null;
}
