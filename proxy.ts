import { NextResponse, type NextRequest, type ProxyConfig } from 'next/server';
import {
  SESSION_COOKIE,
  contentSecurityPolicy,
  createNonce,
  NONCE_HEADER,
  requestHost,
  strictTransportSecurity,
} from '@/lib/server/platform/proxy-door';
import { limitPageRequest } from '@/lib/server/identity/proxy-door';
import { missingPolicyPage } from '@/lib/server/content/proxy-door';
import { PAGE_CACHE_HEADER, pageCacheMarkerOf } from '@/lib/server/edge/proxy-door';
import { browserBlockPage } from '@/lib/shared/auth/routes';
import { needsSession, PAGE_ALIASES } from '@/lib/shared/routes';
import { WORKSPACE_HOME } from '@/lib/shared/workspace/workspace-home';
import { memberViewOf, publicPathOfMemberView } from '@/lib/shared/workspace/member-view';

/** Pages any browser may open: the error pages themselves, the demo phone page, the agreements. */
const NEVER_BLOCKED = new Set([
  '/weixinError',
  '/safariError',
  '/PhonePage',
  '/phonePage',
  '/serviceAndAgreement/service',
  '/serviceAndAgreement/agreement',
]);

/** Next's own route of the root not-found page (app/not-found.tsx). */
const NOT_FOUND_PAGE = '/_not-found';

function redirectTo(req: NextRequest, pathname: string, query?: Record<string, string>) {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = '';
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return NextResponse.redirect(url);
}

/**
 * The route guard of spec 2.2: in-app browsers go to their error page; signed-in pages
 * (`needsSession`) need a session, else home with ?redirect=<full path> (the login modal opens
 * there); a signed-in /login goes to the workspace home. A session is the sealed cookie's presence — its validity is
 * checked by the BFF on the first API call, which ends a stale one. Answers a redirect, or the path
 * to render (an alias's page, or null for the requested one).
 */
function guard(req: NextRequest): NextResponse | { renderAs: string | null } {
  const { pathname, search } = req.nextUrl;
  if (!NEVER_BLOCKED.has(pathname)) {
    const block = browserBlockPage(req.headers.get('user-agent'));
    if (block) return redirectTo(req, block);
  }
  const alias = PAGE_ALIASES[pathname];
  if (alias) return { renderAs: alias };
  // A tool page's member route is reached only through its public address (ADR 0197).
  const publicPath = publicPathOfMemberView(pathname);
  if (publicPath !== null) {
    const url = req.nextUrl.clone();
    url.pathname = publicPath;
    return NextResponse.redirect(url);
  }
  const signedIn = req.cookies.has(SESSION_COOKIE);
  // A member's tool page inside the workspace; a visitor's without any of its code.
  const memberView = signedIn ? memberViewOf(pathname) : null;
  if (memberView) return { renderAs: memberView };
  if (pathname === '/login') {
    // Signed in: the workspace home, where a member works (issue 28 item 7).
    if (signedIn && req.nextUrl.searchParams.get('type') !== 'logout')
      return redirectTo(req, WORKSPACE_HOME);
    return { renderAs: null };
  }
  if (signedIn || !needsSession(pathname)) return { renderAs: null };
  return redirectTo(req, '/', { redirect: pathname + search });
}

/**
 * Renders the page under a Content-Security-Policy with a fresh nonce. Next reads the nonce from
 * the request's CSP header and puts it on its scripts (pages render per request: app/layout.tsx).
 */
function renderWithCsp(
  req: NextRequest,
  renderAs: string | null,
  secure: boolean,
  status?: number,
): NextResponse {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({
    scripts: { nonce },
    host: requestHost(req.headers),
    secure,
    dev: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(req.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', csp);
  const res = renderPage(req, renderAs, { request: { headers }, status });
  res.headers.set('content-security-policy', csp);
  return res;
}

/** The requested page, or the page an alias stands for. */
function renderPage(
  req: NextRequest,
  renderAs: string | null,
  init?: { request: { headers: Headers }; status?: number },
): NextResponse {
  if (!renderAs) return NextResponse.next(init);
  const url = req.nextUrl.clone();
  url.pathname = renderAs;
  return NextResponse.rewrite(url, init);
}

/**
 * The route guard, then the page's rate limit (same budget as its API), then the page. A view
 * the page cache already counted is not counted again.
 */
async function answer(req: NextRequest, secure: boolean): Promise<Response> {
  const routed = guard(req);
  if (routed instanceof NextResponse) return routed;
  const marker = pageCacheMarkerOf(req.headers.get(PAGE_CACHE_HEADER));
  // The page cache's own render (server.ts): no nonce, so the stored HTML is the same for every
  // visitor; the cache sends it with a policy of its inline scripts' hashes instead.
  if (marker === 'fill') return renderPage(req, routed.renderAs);
  const limited = marker === 'counted' ? null : await limitPageRequest(req);
  if (limited) return limited;
  // Issue 17: an unknown policy id or tab of the signed-in policy page is a real 404. The page's own
  // notFound() comes after the workspace shell has streamed (status 200), so it is decided here.
  if (routed.renderAs === null && (await missingPolicyPage(req.nextUrl.pathname)))
    return renderWithCsp(req, NOT_FOUND_PAGE, secure, 404);
  return renderWithCsp(req, routed.renderAs, secure);
}

/** Every page request (Next 16's middleware, Node runtime); HTTPS answers carry HSTS. */
export async function proxy(req: NextRequest): Promise<Response> {
  const hsts = strictTransportSecurity(req.headers, req.url);
  const res = await answer(req, hsts !== null);
  if (hsts) res.headers.set('strict-transport-security', hsts);
  return res;
}

export const config: ProxyConfig = {
  matcher: [
    {
      // Pages only: not the BFF, the API root, sockets, Next's assets or files with an extension.
      source:
        '/((?!api/|admin-api/|websocket/|_next/|sitemaps/|sitemap\\.xml|robots\\.txt|favicon\\.ico|.*\\.[a-zA-Z0-9]{2,5}$).*)',
      // Nor a link prefetch that renders only the layouts (next-router-prefetch: 1, Next's advice):
      // it carries no page data, so it is no page view to count, no HTML to protect, and nothing
      // to guard (the click's own request is guarded). Prefetches that render the page (2, 3) and
      // every navigation pass through.
      missing: [{ type: 'header', key: 'next-router-prefetch', value: '1' }],
    },
  ],
};
