import 'server-only';
import type { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '../bff/session';
import { pageViewerFrom } from '../enterprise/page-viewer';
import type { RateIdentity } from './rate-caller';
import { limitPageView } from './page-view-limit';

/** The signed-in user of a page request: a session whose access token is still valid. */
async function sessionIdentity(req: NextRequest): Promise<RateIdentity | null> {
  if (!req.cookies.has(SESSION_COOKIE)) return null;
  const { viewer } = await pageViewerFrom(req.cookies);
  return viewer.userId ? { userId: viewer.userId, tenantId: viewer.tenantId } : null;
}

/** A page request in proxy.ts. */
export function limitPageRequest(req: NextRequest): Promise<Response | null> {
  return limitPageView(req.nextUrl.pathname, req.headers, () => sessionIdentity(req));
}
