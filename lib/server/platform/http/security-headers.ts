import 'server-only';
import { randomBytes } from 'node:crypto';
import { isSecureRequest } from '../session/session-cookie';
import { config } from '../config';
import { externalSources, type ExternalSources } from './external-sources';

/** Request header that carries the page's nonce to server components (Next's documented name). */
export const NONCE_HEADER = 'x-nonce';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** A fresh, unguessable nonce for one page response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A Host value that may go into a policy as is: a name or [IPv6] address and a port, nothing else. */
const SAFE_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

export type CspOptions = {
  /** Scripts allowed: this response's nonce, or the hashes of a cached page's inline scripts. */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** The page's host, for the push socket (ws/wss on the same host). */
  host: string | null;
  /** Served over HTTPS: sockets are wss and plain-http subresources are upgraded. */
  secure: boolean;
  /** `next dev` evaluates code for its error overlay. */
  dev: boolean;
  /** Outside origins of the configured services (default: from the environment). */
  external?: ExternalSources;
};

/**
 * The Content-Security-Policy of every page. Scripts need this response's nonce, which Next puts
 * on its own scripts; 'strict-dynamic' lets those load the chunks they import. Styles allow
 * 'unsafe-inline': antd's CSS-in-JS writes <style> elements at runtime and its Next registry
 * renders the server-side one without a nonce, and React renders style="" attributes, which a
 * nonce cannot cover (a nonce in style-src would also switch 'unsafe-inline' off).
 */
export function contentSecurityPolicy({
  scripts,
  host,
  secure,
  dev,
  external = externalSources(),
}: CspOptions): string {
  const socket = host && SAFE_HOST.test(host) ? ` ${secure ? 'wss' : 'ws'}://${host}` : '';
  const plus = (origins: readonly string[]) => origins.map((o) => ` ${o}`).join('');
  // A cached page has no nonce; without 'strict-dynamic', 'self' admits the chunks it loads.
  const scriptSources =
    'nonce' in scripts ? [`'nonce-${scripts.nonce}'`, `'strict-dynamic'`] : scripts.hashes;
  return [
    `default-src 'self'`,
    [
      "script-src 'self'",
      ...scriptSources,
      ...external.script,
      ...(dev ? ["'unsafe-eval'"] : []),
    ].join(' '),
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${plus(external.img)}`,
    `font-src 'self' data:`,
    `connect-src 'self'${socket}${plus(external.connect)}`,
    ...(external.frame.length ? [`frame-src 'self'${plus(external.frame)}`] : []),
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'self'`,
    `form-action 'self'`,
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Strict-Transport-Security only on HTTPS (directly, or X-Forwarded-Proto https from a trusted
 * proxy with TRUST_PROXY=1): browsers ignore it over http, and a deployment reached over plain
 * http (local, demo) must not be told to insist on TLS.
 */
export function strictTransportSecurity(headers: Headers, url: string): string | null {
  return isSecureRequest(headers, url) ? HSTS_VALUE : null;
}

/** The host the browser addressed: a trusted proxy's X-Forwarded-Host, else Host. */
export function requestHost(headers: Headers): string | null {
  return (config.trustProxy && headers.get('x-forwarded-host')) || headers.get('host');
}
