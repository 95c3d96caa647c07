import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_IP_HEADER } from './client-info';
import { FORWARDED_MARK_HEADER } from './client-info';

const FORWARDED_HEADERS = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for', 'forwarded'];

/**
 * Runs on every request and WebSocket upgrade before anything reads its headers. The client
 * address always comes from the socket (a client's own copy is overwritten). Without TRUST_PROXY
 * the X-Forwarded-* headers are the client's claims, not a proxy's: they are dropped, so nothing
 * downstream (Next's idea of the request URL, the Secure cookie flag, the Origin check) can be
 * steered by them.
 */
export function normaliseIncomingHeaders(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  trustProxy: boolean,
): void {
  headers[CLIENT_IP_HEADER] = socketAddress?.replace(/^::ffff:/, '') ?? '';
  // Whether something in front forwarded this request (a reverse proxy on this host makes every
  // visitor look like loopback): demo SMS codes are never answered to it (issue 28 item 3).
  const forwarded = [...FORWARDED_HEADERS, 'x-real-ip'].some((name) => headers[name] !== undefined);
  headers[FORWARDED_MARK_HEADER] = forwarded ? '1' : '0';
  if (!trustProxy) for (const name of FORWARDED_HEADERS) delete headers[name];
}
