import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { config } from '../config';

/** What the sealed, httpOnly cookie holds; the browser never sees the tokens. */
export type BffSession = {
  accessToken?: string;
  refreshToken?: string;
  tenantId?: number | null;
  userId?: number;
  /** Access token expiry (epoch ms). */
  expiresTime?: number;
  /** Remember-me: a 30-day cookie instead of a browser-session cookie. */
  remember?: boolean;
};

export const SESSION_COOKIE = 'leadradar_session';
const REMEMBER_MAX_AGE_S = 30 * 24 * 3600;

export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error('SESSION_SECRET 未设置或少于 32 个字符（server.ts 会在 DATA_DIR 中自动生成）');
  }
  return secret;
}

export function isSecureRequest(headers: Headers, url?: string): boolean {
  if (url?.startsWith('https:')) return true;
  return config.trustProxy && headers.get('x-forwarded-proto') === 'https';
}

export function sessionOptions(remember: boolean, secure: boolean): SessionOptions {
  return {
    password: sessionSecret(),
    cookieName: SESSION_COOKIE,
    // ttl 0: the seal itself never expires; the refresh token's own expiry bounds the session.
    ttl: remember ? REMEMBER_MAX_AGE_S + 60 : 0,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      // A browser-session cookie unless remember-me was chosen.
      maxAge: remember ? REMEMBER_MAX_AGE_S : undefined,
    },
  };
}

export async function getBffSession(secure: boolean): Promise<IronSession<BffSession>> {
  // Imported lazily: server.ts and the WebSocket gateway load this module outside Next's request
  // runtime, where next/headers cannot even be imported.
  const { cookies } = await import('next/headers');
  const store = await cookies();
  const session = await getIronSession<BffSession>(store, sessionOptions(true, secure));
  // Re-apply the cookie lifetime the session was created with.
  session.updateConfig(sessionOptions(session.remember ?? false, secure));
  return session;
}
