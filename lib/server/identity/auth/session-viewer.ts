import 'server-only';
import { getIronSession } from 'iron-session';
import { verifyAccessToken } from '@/lib/server/identity/auth/token.service';
import { sessionOptions, type BffSession } from '@/lib/server/platform/proxy-door';
import { ANONYMOUS, type Viewer } from './viewer';

export type PageViewer = {
  viewer: Viewer;
  /** A session cookie exists (the access token may need a refresh, which only the BFF can do). */
  signedIn: boolean;
};

/** Anything that hands out cookies by name: Next's cookie stores, or a parsed Cookie header. */
export type CookieReader = { get(name: string): { name: string; value: string } | undefined };

/**
 * Who a request's session cookie belongs to, read only (a viewer never saves the session). The
 * user counts only while the access token is valid; an expired one is `signedIn` without a user
 * until the BFF refreshes it. Free of Next's request APIs, so server.ts can use it too.
 */
export async function pageViewerFrom(store: CookieReader): Promise<PageViewer> {
  const readOnly = { get: (name: string) => store.get(name), set: () => undefined };
  const session = await getIronSession<BffSession>(readOnly, sessionOptions(false, false));
  if (!session.accessToken && !session.refreshToken) return { viewer: ANONYMOUS, signedIn: false };
  const identity = session.accessToken ? await verifyAccessToken(session.accessToken) : null;
  if (!identity) return { viewer: ANONYMOUS, signedIn: Boolean(session.refreshToken) };
  return { viewer: { tenantId: identity.tenantId, userId: identity.userId }, signedIn: true };
}

/** A Cookie request header as a CookieReader (values percent-decoded, as Next's store does). */
export function cookieHeaderReader(header: string | undefined): CookieReader {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    if (cookies.has(name)) continue;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape stays as sent; the seal check then fails and the visitor is anonymous.
    }
    cookies.set(name, value);
  }
  return {
    get: (name) => {
      const value = cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
  };
}
