import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession } from 'iron-session';
import { verifyAccessToken } from '@/lib/server/auth/token.service';
import { sessionOptions, type BffSession } from '@/lib/server/bff/session';
import { ANONYMOUS, type Viewer } from '@/lib/server/enterprise/enterprise.service';

export type PageViewer = {
  viewer: Viewer;
  /** A session cookie exists (the access token may need a refresh, which only the BFF can do). */
  signedIn: boolean;
};

/**
 * Who is looking at a server-rendered enterprise page. Contacts are shown unmasked only when the
 * session's access token is still valid; an expired token renders masked data and the client
 * components refresh through the BFF.
 */
export async function getPageViewer(): Promise<PageViewer> {
  return pageViewerFrom(await cookies());
}

/** The same from any cookie reader (proxy.ts reads the request's cookies). */
export async function pageViewerFrom(store: {
  get(name: string): { name: string; value: string } | undefined;
}): Promise<PageViewer> {
  // Read only: a viewer never saves the session, so writes go nowhere.
  const readOnly = { get: (name: string) => store.get(name), set: () => undefined };
  const session = await getIronSession<BffSession>(readOnly, sessionOptions(false, false));
  if (!session.accessToken && !session.refreshToken) return { viewer: ANONYMOUS, signedIn: false };
  const identity = session.accessToken ? await verifyAccessToken(session.accessToken) : null;
  if (!identity) return { viewer: ANONYMOUS, signedIn: Boolean(session.refreshToken) };
  return { viewer: { tenantId: identity.tenantId, userId: identity.userId }, signedIn: true };
}
