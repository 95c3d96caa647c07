import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS } from '@/lib/shared/api/error-codes';

/** The API root and the BFF: their callers read `{code, msg, data}`, never an HTML page. */
const API_PREFIXES = ['/admin-api/', '/api/'];

/** True when `path` holds percent-encoding that does not decode, such as `%E0%A4%A`. */
export function hasMalformedPercentEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Answers an /admin-api or /api request whose path does not decode with the envelope's 400
 * (issue 28 item 6): Next refuses such a path before any route handler runs, with its own HTML
 * error page. Returns whether it answered; server.ts calls it before handing a request to Next.
 */
export function answerMalformedApiPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const path = url.split('?')[0];
  if (!API_PREFIXES.some((p) => path.startsWith(p)) || !hasMalformedPercentEncoding(path))
    return false;
  const body = JSON.stringify({
    code: ERRORS.BAD_REQUEST.code,
    msg: '请求路径编码不正确',
    data: null,
  });
  res.writeHead(400, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
  return true;
}
