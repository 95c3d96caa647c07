import {
  config,
  BodyTooLargeError,
  bodyLimitFor,
  formatBytes,
  readBodyLimited,
  CLIENT_IP_HEADER,
  getBffSession,
  isSecureRequest,
  sessionOptions,
  type BffSession,
  FORWARDED_MARK_HEADER,
  DEVICE_HEADER,
  deviceCookieHeader,
  deviceIdFromCookies,
  newDeviceId,
  currentRequestId,
  REQUEST_ID_HEADER,
  partLogger,
} from '@/lib/server/platform';
import { declaredUploadBytes, dispatchApi } from '../api/dispatch';
import { ERRORS, TRANSPORT_MESSAGES } from '@/lib/shared/api/error-codes';
import type { SessionOptions } from 'iron-session';
import { singleFlightRefresh, type RefreshResult } from './refresh';

export const UPSTREAM_TIMEOUT_MS = 120_000;

/** Paths after which the session must be forgotten whatever the upstream said. */
const LOGOUT_PATHS = new Set(['/system/auth/logout']);

type Envelope = { code: number; msg: string; data: unknown };

/** The session as the BFF uses it: iron-session in production, a plain object in tests. */
export type SessionLike = BffSession & {
  save: () => Promise<void>;
  destroy: () => void;
  updateConfig?: (options: SessionOptions) => void;
};

export type ForwardOptions = { timeoutMs?: number; session?: SessionLike };

class UpstreamTimeout extends Error {}
class UpstreamUnreachable extends Error {}

function jsonResponse(body: unknown, status = 200, extraHeaders: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...extraHeaders,
    },
  });
}

/**
 * HTTP statuses of an envelope answer the browser sees as they are; any other error status is
 * carried by the envelope's code under a 200. A 429 keeps its status and Retry-After, so a client
 * (or a script) is told when to come back rather than seeing a success.
 */
const PASSED_THROUGH_STATUSES = new Set([200, 404, 405, 429]);

function envelopeStatusHeaders(res: Response): Record<string, string> {
  const retryAfter = res.headers.get('retry-after');
  return res.status === 429 && retryAfter ? { 'retry-after': retryAfter } : {};
}

/** CSRF defence beside SameSite=Lax: a state-changing request must come from our own origin. */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.get('origin') || req.headers.get('referer');
  if (!origin) return true; // not a browser form/fetch (browsers always send Origin on POST)
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host =
    (config.trustProxy && req.headers.get('x-forwarded-host')) ||
    req.headers.get('host') ||
    new URL(req.url).host;
  const allowed = new Set([host, new URL(config.siteUrl).host]);
  return allowed.has(originHost);
}

async function callUpstream(
  method: string,
  pathAndQuery: string,
  headers: Headers,
  body: ArrayBuffer | undefined,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  if (config.apiBaseUrl) {
    try {
      return await fetch(`${config.apiBaseUrl.replace(/\/$/, '')}${pathAndQuery}`, {
        method,
        headers,
        body,
        signal,
        redirect: 'manual',
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || signal.aborted) throw new UpstreamTimeout();
      throw new UpstreamUnreachable();
    }
  }
  // In-process API root: same contract, no network hop.
  const request = new Request(`http://in-process/admin-api${pathAndQuery}`, {
    method,
    headers,
    body,
    signal,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([dispatchApi(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function upstreamHeaders(req: Request, session: BffSession, device: string): Headers {
  const headers = new Headers();
  headers.set(DEVICE_HEADER, device);
  for (const name of [
    'content-type',
    'accept',
    'user-agent',
    'accept-language',
    CLIENT_IP_HEADER,
    FORWARDED_MARK_HEADER,
    'x-forwarded-for',
  ]) {
    const v = req.headers.get(name);
    if (v) headers.set(name, v);
  }
  // The API root (this process or an external one) logs under the browser request's id.
  const reqId = currentRequestId();
  if (reqId) headers.set(REQUEST_ID_HEADER, reqId);
  if (session.accessToken) headers.set('authorization', `Bearer ${session.accessToken}`);
  if (session.tenantId !== undefined && session.tenantId !== null)
    headers.set('tenant-id', String(session.tenantId));
  return headers;
}

async function refreshTokens(refreshToken: string, timeoutMs: number): Promise<RefreshResult> {
  return singleFlightRefresh(refreshToken, async () => {
    // The built-in API root takes the token in the body, out of every URL (issue 28 item 6); an
    // external yudao-style root gets the spec's query parameter.
    const res = config.apiBaseUrl
      ? await callUpstream(
          'POST',
          `/system/auth/refresh-token?refreshToken=${encodeURIComponent(refreshToken)}`,
          new Headers(),
          undefined,
          timeoutMs,
        )
      : await callUpstream(
          'POST',
          '/system/auth/refresh-token',
          new Headers({ 'content-type': 'application/json' }),
          new TextEncoder().encode(JSON.stringify({ refreshToken })).buffer as ArrayBuffer,
          timeoutMs,
        );
    const body = (await res.json().catch(() => null)) as Envelope | null;
    if (!body || (body.code !== 200 && body.code !== 0) || !body.data) return null;
    const d = body.data as {
      accessToken: string;
      refreshToken: string;
      expiresTime: number;
      tenantId?: number | null;
      userId: number;
    };
    return {
      accessToken: d.accessToken,
      refreshToken: d.refreshToken,
      expiresTime: d.expiresTime,
      tenantId: d.tenantId ?? null,
      userId: d.userId,
    };
  });
}

/**
 * Logout names the session by its refresh token as well: after half an hour idle the access token
 * has expired, and the session must end all the same.
 */
function upstreamPathAndQuery(subPath: string, search: string, session: BffSession): string {
  if (!LOGOUT_PATHS.has(subPath) || !session.refreshToken) return `${subPath}${search}`;
  const params = new URLSearchParams(search);
  params.set('refreshToken', session.refreshToken);
  return `${subPath}?${params}`;
}

/** The remember-me choice a login form sent, if this request carried one. */
function rememberChoiceIn(body: ArrayBuffer | undefined): boolean | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as {
      rememberMe?: boolean;
      remember?: boolean;
    };
    return parsed.rememberMe ?? parsed.remember;
  } catch {
    return undefined;
  }
}

/** Login-type answers carry tokens: keep them in the sealed cookie, give the browser the rest. */
async function absorbTokens(
  session: SessionLike,
  envelope: Envelope,
  rememberChoice: boolean | undefined,
  secure: boolean,
): Promise<Envelope> {
  const data = envelope.data as Record<string, unknown> | null;
  if (
    !data ||
    typeof data !== 'object' ||
    typeof data.accessToken !== 'string' ||
    typeof data.refreshToken !== 'string'
  )
    return envelope;
  session.accessToken = data.accessToken;
  session.refreshToken = data.refreshToken;
  session.userId = Number(data.userId);
  session.tenantId = (data.tenantId as number | null | undefined) ?? null;
  session.expiresTime = Number(data.expiresTime);
  // A login states its choice; a refresh keeps the one the session was made with.
  const remember = rememberChoice ?? session.remember ?? true;
  session.remember = remember;
  // The cookie's lifetime must follow the choice now, not the one read before the login.
  session.updateConfig?.(sessionOptions(remember, secure));
  await session.save();
  const { accessToken: _a, refreshToken: _r, ...rest } = data;
  return { ...envelope, data: rest };
}

/**
 * The BFF: forwards /api/<path> to the API root (API_BASE_URL or in-process) with the session's
 * bearer token and tenant id, refreshing once on 401.
 */
export async function forwardToApi(
  req: Request,
  subPath: string,
  opts: ForwardOptions = {},
): Promise<Response> {
  // The browser's device id (issue 28): from its cookie, or a new one it keeps from now on.
  const known = deviceIdFromCookies(req.headers.get('cookie'));
  const device = known ?? newDeviceId();
  const res = await forward(req, subPath, opts, device);
  if (!known)
    res.headers.append(
      'set-cookie',
      deviceCookieHeader(device, isSecureRequest(req.headers, req.url)),
    );
  return res;
}

async function forward(
  req: Request,
  subPath: string,
  opts: ForwardOptions,
  device: string,
): Promise<Response> {
  const method = req.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && !sameOrigin(req)) {
    return jsonResponse({ code: ERRORS.FORBIDDEN.code, msg: '非法的请求来源', data: null }, 403);
  }
  const timeoutMs = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const secure = isSecureRequest(req.headers, req.url);
  const session: SessionLike = opts.session ?? (await getBffSession(secure));
  const pathAndQuery = upstreamPathAndQuery(subPath, new URL(req.url).search, session);
  let body: ArrayBuffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    try {
      // A fresh, exactly sized buffer: forwarding it copies nothing more.
      const limit = bodyLimitFor(req.headers, () => declaredUploadBytes(method, subPath));
      body = (await readBodyLimited(req, limit)).buffer;
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      const msg = `请求内容过大，上限 ${formatBytes(err.maxBytes)}`;
      return jsonResponse({ code: ERRORS.PAYLOAD_TOO_LARGE.code, msg, data: null }, 413);
    }
  }

  try {
    let res = await callUpstream(
      method,
      pathAndQuery,
      upstreamHeaders(req, session, device),
      body,
      timeoutMs,
    );
    let envelope = await readEnvelope(res);

    if (envelope?.code === 401 && session.refreshToken && !LOGOUT_PATHS.has(subPath)) {
      const refreshed = await refreshTokens(session.refreshToken, timeoutMs);
      if (!refreshed) {
        session.destroy();
        return jsonResponse({
          code: ERRORS.UNAUTHORIZED.code,
          msg: ERRORS.UNAUTHORIZED.msg,
          data: null,
        });
      }
      session.accessToken = refreshed.accessToken;
      session.refreshToken = refreshed.refreshToken;
      session.expiresTime = refreshed.expiresTime;
      session.tenantId = refreshed.tenantId;
      await session.save();
      res = await callUpstream(
        method,
        pathAndQuery,
        upstreamHeaders(req, session, device),
        body,
        timeoutMs,
      );
      envelope = await readEnvelope(res);
    }

    if (LOGOUT_PATHS.has(subPath)) session.destroy();

    if (envelope) {
      const out = await absorbTokens(session, envelope, rememberChoiceIn(body), secure);
      return jsonResponse(
        out,
        PASSED_THROUGH_STATUSES.has(res.status) ? res.status : 200,
        envelopeStatusHeaders(res),
      );
    }
    if (!res.ok) {
      return jsonResponse(
        { code: res.status, msg: TRANSPORT_MESSAGES.httpStatus(res.status), data: null },
        502,
      );
    }
    // Files (exports, images) and event streams: through with their own headers (an event
    // stream says x-accel-buffering: no, so a reverse proxy passes each piece on at once).
    const headers = new Headers();
    for (const name of [
      'content-type',
      'content-disposition',
      'content-length',
      'cache-control',
      'x-accel-buffering',
    ]) {
      const v = res.headers.get(name);
      if (v) headers.set(name, v);
    }
    return new Response(res.body, { status: res.status, headers });
  } catch (err) {
    if (err instanceof UpstreamTimeout)
      return jsonResponse({ code: 504, msg: TRANSPORT_MESSAGES.timeout, data: null }, 504);
    if (err instanceof UpstreamUnreachable)
      return jsonResponse({ code: 502, msg: TRANSPORT_MESSAGES.unreachable, data: null }, 502);
    partLogger('bff').error({ err }, 'upstream failed');
    return jsonResponse({ code: 500, msg: ERRORS.INTERNAL_SERVER_ERROR.msg, data: null }, 500);
  }
}

/** Reads a JSON envelope from a clone, so other bodies (files, captcha's repCode JSON) stream through intact. */
async function readEnvelope(res: Response): Promise<Envelope | null> {
  const type = res.headers.get('content-type') || '';
  if (!type.includes('application/json')) return null;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as Envelope | null;
  if (body && typeof body === 'object' && 'code' in body && 'msg' in body) return body;
  return null;
}
