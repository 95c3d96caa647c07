/**
 * Where the browser goes around a login (spec 2.2 rules): after signing in or out, and which
 * browsers get an error page. Shared by proxy.ts (the guard) and the login modal.
 */

import { AI_PATH, isOpenPath } from '../routes';
import { WORKSPACE_HOME } from '../workspace/workspace-home';

/** Query parameters the login modal consumes; everything else travels on to the redirect target. */
export const LOGIN_QUERY_KEYS = ['redirect', 'code', 'state', 'type', 'invitationCode'] as const;

/**
 * A redirect target is accepted only as a same-origin path ("/x?y"): never "//host", a scheme or
 * a backslash trick, so the login modal cannot be used as an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.includes('\\')) return null;
  if (/[\u0000-\u001f]/.test(v)) return null;
  try {
    const url = new URL(v, 'http://x');
    if (url.origin !== 'http://x') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * Where the browser goes after a successful login (spec 2.2 rules, 4.1):
 * a redirect query → that path plus any extra query of the current URL; the stored AI flag (when
 * /ai exists) → /ai?isJump=1 (with &ask= the stored request); the home page, /login and the invite path → the workspace home
 * (WORKSPACE_HOME: a signed-in user works there, not on the marketing page; issue 28 item 7);
 * otherwise the current page without the login parameters (a reload).
 */
export function postLoginTarget(input: {
  pathname: string;
  search: string;
  aiFlag?: boolean;
  /** A request stored with the AI flag (a skill of /digitalEmployee): /ai fills it in. */
  aiAsk?: string | null;
  aiAvailable?: boolean;
}): string {
  const params = new URLSearchParams(input.search);
  if (input.pathname === '/invite') return WORKSPACE_HOME;
  const redirect = safeRedirect(params.get('redirect'));
  const extra = new URLSearchParams();
  for (const [k, v] of params) {
    if (!(LOGIN_QUERY_KEYS as readonly string[]).includes(k)) extra.append(k, v);
  }
  if (redirect) {
    const url = new URL(redirect, 'http://x');
    for (const [k, v] of extra) if (!url.searchParams.has(k)) url.searchParams.append(k, v);
    return url.pathname + url.search + url.hash;
  }
  if (input.aiFlag && input.aiAvailable)
    return input.aiAsk
      ? `${AI_PATH}?isJump=1&ask=${encodeURIComponent(input.aiAsk)}`
      : `${AI_PATH}?isJump=1`;
  if (input.pathname === '/login' || input.pathname === '/') return WORKSPACE_HOME;
  const rest = extra.toString();
  return input.pathname + (rest ? `?${rest}` : '');
}

/** After logout: back to the page if it is public, else the root (spec 2.2). */
export function postLogoutTarget(previous: string | null | undefined): string {
  const safe = safeRedirect(previous);
  if (!safe) return '/';
  const path = new URL(safe, 'http://x').pathname;
  if (path === '/login' || !isOpenPath(path)) return '/';
  return safe;
}

/** In-app browsers and old desktop Safari get their error pages (spec 1, section 8). */
export function browserBlockPage(userAgent: string | null | undefined): string | null {
  const ua = userAgent ?? '';
  if (/MicroMessenger/i.test(ua)) return '/weixinError';
  // Desktop Safari before 15 lacks features the app relies on (structuredClone, modern CSS).
  const safari = /Macintosh/.test(ua) && /Version\/(\d+)[\d.]* Safari\//.exec(ua);
  if (safari && !/Chrome|Chromium|Edg\//.test(ua) && Number(safari[1]) < 15) return '/safariError';
  return null;
}
