import { NextRequest } from 'next/server';
import { sealData } from 'iron-session';
import { CLIENT_IP_HEADER } from '@/lib/server/platform/http/client-info';
import { SESSION_COOKIE, sessionSecret } from '@/lib/server/platform/session/session-cookie';

/** A page request as proxy.ts receives it: from `ip`, signed in when a session is given. */
export function pageRequest(path: string, ip: string, sessionCookie?: string): NextRequest {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip, 'user-agent': 'Mozilla/5.0 Chrome/150.0' });
  if (sessionCookie) headers.set('cookie', `${SESSION_COOKIE}=${sessionCookie}`);
  return new NextRequest(`http://localhost:3000${path}`, { headers });
}

/** The sealed session cookie the BFF would have set for these tokens. */
export function sealSession(session: { accessToken: string; refreshToken: string }) {
  process.env.SESSION_SECRET ??= 'test-session-secret-of-at-least-32-characters';
  return sealData(session, { password: sessionSecret() });
}
