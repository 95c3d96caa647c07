import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/server/bff/session';
import { browserBlockPage } from '@/lib/shared/auth/routes';
import { needsSession, PAGE_ALIASES } from '@/lib/shared/routes';

/** Pages any browser may open: the error pages themselves, the demo phone page, the agreements. */
const NEVER_BLOCKED = new Set([
  '/weixinError',
  '/safariError',
  '/PhonePage',
  '/phonePage',
  '/serviceAndAgreement/service',
  '/serviceAndAgreement/agreement',
]);

function redirectTo(req: NextRequest, pathname: string, query?: Record<string, string>) {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = '';
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return NextResponse.redirect(url);
}

/**
 * The route guard of spec 2.2 (Next 16's middleware): in-app browsers go to their error page;
 * signed-in pages (`needsSession`) need a session, else home with ?redirect=<full path> (the login
 * modal opens there); a signed-in /login goes home. A session is the sealed cookie's presence —
 * its validity is checked by the BFF on the first API call, which ends a stale one.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (!NEVER_BLOCKED.has(pathname)) {
    const block = browserBlockPage(req.headers.get('user-agent'));
    if (block) return redirectTo(req, block);
  }
  const alias = PAGE_ALIASES[pathname];
  if (alias) {
    const url = req.nextUrl.clone();
    url.pathname = alias;
    return NextResponse.rewrite(url);
  }
  const signedIn = req.cookies.has(SESSION_COOKIE);
  if (pathname === '/login') {
    if (signedIn && req.nextUrl.searchParams.get('type') !== 'logout') return redirectTo(req, '/');
    return NextResponse.next();
  }
  if (signedIn || !needsSession(pathname)) return NextResponse.next();
  return redirectTo(req, '/', { redirect: pathname + search });
}

export const config = {
  // Pages only: not the BFF, the API root, sockets, Next's assets or files with an extension.
  matcher: [
    '/((?!api/|admin-api/|websocket/|_next/|sitemaps/|sitemap\\.xml|robots\\.txt|favicon\\.ico|.*\\.[a-zA-Z0-9]{2,5}$).*)',
  ],
};
