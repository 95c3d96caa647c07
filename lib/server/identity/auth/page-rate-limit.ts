import 'server-only';
import type { NextRequest } from 'next/server';
import { limitPageView, sessionRateIdentity } from './page-view-limit';

/** A page request in proxy.ts: counted per user when its session is valid, else per address. */
export function limitPageRequest(req: NextRequest): Promise<Response | null> {
  return limitPageView(req.nextUrl.pathname, req.headers, () => sessionRateIdentity(req.cookies));
}
