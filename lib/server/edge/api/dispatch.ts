import { ZodError, type z } from 'zod';
import {
  config,
  ApiError,
  apiError,
  clientInfo,
  type AuthContext,
  type HttpMethod,
  type RouteDefinition,
  expensiveQueryGate,
  QueryGateBusyError,
  RateLimitedError,
  BodyTooLargeError,
  formatBytes,
  JSON_BODY_MAX_BYTES,
  multipartLimit,
  readBodyLimited,
  acceptRequestId,
  currentRequestContext,
  partLogger,
  REQUEST_ID_HEADER,
  runWithRequestContext,
  DISK_FULL_MESSAGE,
  isDiskFull,
} from '@/lib/server/platform';
import { verifyAccessToken, loadUserAccess } from '@/lib/server/identity';
import { hasPermission } from '@/lib/shared/auth/permission';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { ApiEnvelope } from '@/lib/shared/api/envelope';
import { getRoutes } from './routes';

export const API_ROOT_PREFIX = '/admin-api';

type CompiledRoute = { def: RouteDefinition; regex: RegExp; paramNames: string[] };

let compiled: CompiledRoute[] | null = null;

function compile(): CompiledRoute[] {
  if (compiled) return compiled;
  compiled = getRoutes().map((def) => {
    const paramNames: string[] = [];
    const pattern = def.path
      .split('/')
      .map((seg) => {
        const m = /^\{(\w+)\}$/.exec(seg);
        if (m) {
          paramNames.push(m[1]);
          return '([^/]+)';
        }
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { def, regex: new RegExp(`^${pattern}/?$`), paramNames };
  });
  return compiled;
}

/**
 * The file size a route declares it takes (`maxUploadBytes`), for the BFF's gate in front of it;
 * undefined for an unknown route or one that takes no large upload.
 */
export function declaredUploadBytes(method: string, subPath: string): number | undefined {
  const upper = method.toUpperCase();
  return compile().find((r) => r.def.method === upper && r.regex.test(subPath))?.def.maxUploadBytes;
}

export function envelope<T>(data: T, msg = ''): ApiEnvelope<T> {
  return { code: 200, msg, data };
}

function json(
  body: unknown,
  status = 200,
  requestId?: string,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...extraHeaders,
  });
  if (requestId) headers.set('x-request-id', requestId);
  return new Response(JSON.stringify(body), { status, headers });
}

function errorBody(code: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  return { code, msg, data };
}

/**
 * The first problem of the input as the user reads it. A message the schema's author wrote in
 * Chinese stands alone (it names the condition, e.g. 「法定代表人」至少输入 2 个字符); zod's own
 * English messages get the failing field in front, e.g. "pageNo: Expected number".
 */
export function describeZodError(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return ERRORS.BAD_REQUEST.msg;
  if (/[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  const field = issue.path.length > 0 ? issue.path.join('.') : '';
  return field ? `${field}: ${issue.message}` : issue.message;
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

async function authenticate(req: Request): Promise<AuthContext | null> {
  const header = req.headers.get('authorization') || '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) return null;
  const identity = await verifyAccessToken(m[1]);
  if (!identity) return null;
  const access = await loadUserAccess(identity.userId, identity.tenantId);
  return {
    ...identity,
    roles: access.roles,
    permissions: new Set(access.permissions),
    accessToken: m[1],
  };
}

type PgLikeError = { code?: string; message?: string; cause?: unknown };

/**
 * The database error behind `err`: the ORM wraps driver errors (DrizzleQueryError.cause), and a
 * wrapped pool timeout must be recognised as well as a bare one.
 */
function rootCauses(err: unknown): PgLikeError[] {
  const chain: PgLikeError[] = [];
  let current: unknown = err;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current as PgLikeError);
    current = (current as PgLikeError).cause;
  }
  return chain;
}

function isDatabaseUnavailable(err: unknown): boolean {
  return rootCauses(err).some(
    (e) =>
      ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '53300'].includes(
        e.code ?? '',
      ) ||
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/.test(
        e.message ?? '',
      ),
  );
}

/**
 * Input the schemas let through but PostgreSQL refuses (a number beyond its column, a malformed
 * value, a duplicate raced past a check) is the caller's mistake, answered as such, never a 500.
 */
function inputRefusedByDatabase(err: unknown): string | null {
  for (const e of rootCauses(err)) {
    const code = e.code ?? '';
    if (code === '22003') return '数值超出范围';
    if (code === '22021' || code === '22P05') return '输入包含非法字符';
    if (code === '23505') return '数据已存在，请勿重复提交';
    if (/^22[0-9A-Z]{3}$/.test(code)) return ERRORS.BAD_REQUEST.msg;
  }
  return null;
}

/**
 * The API root: matches the path after /admin-api to a route, authenticates, checks tenant and
 * permission, validates input with the route's zod schemas and wraps the result in the envelope.
 */
/**
 * Answers one API request in its request's context: the one server.ts opened (the BFF calls in
 * the same process), or a new one for a caller that came straight here (tests, scripts) with the
 * x-request-id it sent.
 */
export function dispatchApi(req: Request): Promise<Response> {
  const context = currentRequestContext();
  if (context) return dispatchInContext(req, context);
  const fresh = { reqId: acceptRequestId(req.headers.get(REQUEST_ID_HEADER)) };
  return runWithRequestContext(fresh, () => dispatchInContext(req, fresh));
}

async function dispatchInContext(
  req: Request,
  context: { reqId: string; route?: string },
): Promise<Response> {
  const requestId = context.reqId;
  const pathname = new URL(req.url).pathname;
  const subPath = pathname.startsWith(API_ROOT_PREFIX)
    ? pathname.slice(API_ROOT_PREFIX.length) || '/'
    : pathname;
  const method = req.method.toUpperCase() as HttpMethod;
  const routes = compile();
  const searchParams = new URL(req.url).searchParams;
  let pathMatched = false;
  // Operations on this path told apart by a query parameter, when none of them was chosen.
  const unchosen: { param: string; value: string }[] = [];
  let match: { route: CompiledRoute; params: Record<string, string> } | null = null;
  for (const route of routes) {
    const m = route.regex.exec(subPath);
    if (!m) continue;
    pathMatched = true;
    if (route.def.method !== method) continue;
    const operation = route.def.operation;
    if (operation && searchParams.get(operation.param) !== operation.value) {
      unchosen.push(operation);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of route.paramNames.entries()) {
      const value = safeDecode(m[i + 1]);
      if (value === null)
        return json(errorBody(ERRORS.BAD_REQUEST.code, '请求路径编码不正确'), 400, requestId);
      params[name] = value;
    }
    match = { route, params };
    // The operation, for metrics: its contract path, never the raw one with its ids.
    context.route = operation
      ? `${route.def.path}?${operation.param}=${operation.value}`
      : route.def.path;
    break;
  }
  if (!match) {
    if (unchosen.length > 0) {
      const param = unchosen[0].param;
      const values = unchosen.map((o) => o.value).join('、');
      return json(
        errorBody(ERRORS.BAD_REQUEST.code, `${param} 应为 ${values} 之一`),
        200,
        requestId,
      );
    }
    if (pathMatched)
      return json(
        errorBody(ERRORS.METHOD_NOT_ALLOWED.code, ERRORS.METHOD_NOT_ALLOWED.msg),
        405,
        requestId,
      );
    return json(errorBody(ERRORS.NOT_FOUND.code, ERRORS.NOT_FOUND.msg), 404, requestId);
  }
  const { def } = match.route;
  try {
    const auth = await authenticate(req);
    if (def.access !== 'public' && !auth) throw apiError('UNAUTHORIZED');
    if (auth) {
      const tenantHeader = req.headers.get('tenant-id');
      if (tenantHeader && auth.tenantId !== null && tenantHeader !== String(auth.tenantId)) {
        throw new ApiError(ERRORS.FORBIDDEN.code, ERRORS.TENANT_MISMATCH.msg);
      }
    }
    if (def.access === 'tenant' && auth && auth.tenantId === null)
      throw apiError('AUTH_NO_ENTERPRISE');
    if (def.permission && !(auth && hasPermission(auth.permissions, def.permission)))
      throw apiError('FORBIDDEN');
    const isWrite = def.write ?? def.method !== 'GET';
    if (isWrite && config.readOnly) throw apiError('READ_ONLY');

    const url = new URL(req.url);
    const query = def.query ? parseWith(def.query, queryObject(url)) : undefined;
    rejectUnsafeInput(query);
    const body = await readRouteBody(req, def);
    rejectUnsafeInput(body);
    const client = clientInfo(req.headers);
    const run = async (): Promise<unknown> =>
      def.handler({
        req,
        query: query as never,
        body: body as never,
        params: match.params,
        auth: auth as never,
        client,
        requestId,
      });
    const result = def.expensive
      ? await expensiveQueryGate().run(
          { key: auth ? `user:${auth.userId}` : `ip:${client.ip}`, anonymous: !auth },
          run,
        )
      : await run();
    if (result instanceof Response) return result;
    const data = result ?? null;
    checkResponseShape(def, data);
    return json(envelope(data), 200, requestId);
  } catch (err) {
    return errorResponse(err, requestId, `${method} ${subPath}`);
  }
}

/**
 * Outside production every answer is checked against its contract's response schema, so a schema
 * that drifts from what the service returns fails the API tests instead of lying in OpenAPI.
 */
function checkResponseShape(def: RouteDefinition, data: unknown): void {
  if (process.env.NODE_ENV === 'production' || (def.responseKind ?? 'envelope') !== 'envelope')
    return;
  const parsed = def.response.safeParse(data);
  if (parsed.success) return;
  const where = `${def.method} ${def.path}`;
  const detail = `response does not match its contract: ${describeZodError(parsed.error)}`;
  if (process.env.NODE_ENV === 'test') throw new Error(`${where} ${detail}`);
  apiLog().warn(`${where} ${detail}`);
}

/** A path segment's decoded value, or null for malformed percent-encoding such as `%E0%A4%A`. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The handler's `body`: parsed JSON or FormData, read within the size limit of its kind. */
async function readRouteBody(req: Request, def: RouteDefinition): Promise<unknown> {
  if (def.bodyType === 'multipart') {
    const bytes = await readBodyLimited(req, multipartLimit(def.maxUploadBytes));
    const buffered = new Request(req.url, {
      method: req.method,
      headers: req.headers,
      body: bytes,
    });
    return buffered.formData().catch(() => {
      throw new ApiError(ERRORS.BAD_REQUEST.code, '请求体不是有效的表单数据');
    });
  }
  if (!def.body) return undefined;
  const text = new TextDecoder().decode(await readBodyLimited(req, JSON_BODY_MAX_BYTES));
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(ERRORS.BAD_REQUEST.code, '请求体不是有效的 JSON');
    }
  }
  return parseWith(def.body, raw);
}

/** Far deeper than any form nests (a saved advanced search: 8 levels). */
const MAX_INPUT_DEPTH = 20;

/**
 * Refuses at the door what would surface as a server error deep in a service: NUL (PostgreSQL
 * refuses it in text, and it is never meaningful in a form) and nesting past MAX_INPUT_DEPTH in
 * free-form JSON fields (a service's JSON.stringify overflows its stack on thousands of levels).
 */
function rejectUnsafeInput(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ApiError(ERRORS.BAD_REQUEST.code, '输入包含非法字符');
  } else if (value && typeof value === 'object' && !(value instanceof FormData)) {
    if (depth >= MAX_INPUT_DEPTH)
      throw new ApiError(ERRORS.BAD_REQUEST.code, '请求内容嵌套层级过深');
    for (const v of Object.values(value)) rejectUnsafeInput(v, depth + 1);
  }
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError(ERRORS.BAD_REQUEST.code, describeZodError(parsed.error));
  return parsed.data;
}

export function errorResponse(err: unknown, requestId: string, where: string): Response {
  // Before ApiError (its base): a rate limit is a real HTTP 429 that says when to come back.
  if (err instanceof RateLimitedError)
    return json(errorBody(err.code, err.msg), 429, requestId, {
      'retry-after': String(err.retryAfterSeconds),
    });
  if (err instanceof ApiError) return json(errorBody(err.code, err.msg, err.data), 200, requestId);
  if (err instanceof ZodError)
    return json(errorBody(ERRORS.BAD_REQUEST.code, describeZodError(err)), 200, requestId);
  if (err instanceof QueryGateBusyError)
    return json(
      errorBody(ERRORS.TOO_MANY_REQUESTS.code, ERRORS.TOO_MANY_REQUESTS.msg),
      429,
      requestId,
      // Like every other 429 (issue 28 item 6).
      { 'retry-after': String(err.retryAfterSeconds) },
    );
  if (err instanceof BodyTooLargeError)
    return json(
      errorBody(ERRORS.PAYLOAD_TOO_LARGE.code, `请求内容过大，上限 ${formatBytes(err.maxBytes)}`),
      413,
      requestId,
    );
  const refused = inputRefusedByDatabase(err);
  if (refused) return json(errorBody(ERRORS.BAD_REQUEST.code, refused), 200, requestId);
  if (rootCauses(err).some((e) => e.code === '57014')) {
    // statement_timeout: a query too broad to answer in time; never a stalled server.
    return json(
      errorBody(ERRORS.SERVICE_UNAVAILABLE.code, '查询超时，请缩小条件后重试'),
      200,
      requestId,
    );
  }
  if (rootCauses(err).some(isDiskFull)) {
    // A full disk for files: the upload or result was not kept (nothing half-written stays).
    apiLog().error(`${where}: file storage full: ${(err as Error).message}`);
    return json(errorBody(ERRORS.SERVICE_UNAVAILABLE.code, DISK_FULL_MESSAGE), 503, requestId);
  }
  if (isDatabaseUnavailable(err)) {
    apiLog().error(`${where}: database unavailable: ${(err as Error).message}`);
    return json(
      errorBody(ERRORS.SERVICE_UNAVAILABLE.code, ERRORS.SERVICE_UNAVAILABLE.msg),
      503,
      requestId,
    );
  }
  // Full detail goes to the log, never to the client.
  apiLog().error({ err }, where);
  return json(
    errorBody(
      ERRORS.INTERNAL_SERVER_ERROR.code,
      `${ERRORS.INTERNAL_SERVER_ERROR.msg}，请求编号 ${requestId.slice(0, 8)}`,
    ),
    200,
    requestId,
  );
}

const apiLog = () => partLogger('api');

/** For tests and the OpenAPI generator. */
export function resetRouteCache(): void {
  compiled = null;
}
