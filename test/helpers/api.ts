import { and, eq, isNull, sql } from 'drizzle-orm';
import { dispatchApi } from '@/lib/server/edge/api/dispatch';
import { issueTokens } from '@/lib/server/identity/auth/token.service';
import { getDb } from '@/lib/server/platform/db';
import { roles, tenants, userRoles, users } from '@/db/schema';
import { CLIENT_IP_HEADER } from '@/lib/server/platform/http/client-info';
import { rateLimitWindowStart } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { primeRateCounter } from '@/lib/server/platform/rate-limit/buffered-counters';
import type { z } from 'zod';
import { operationQuery, type ContractShape } from '@/lib/shared/api/contract';

export type ApiCallOptions = {
  body?: unknown;
  token?: string;
  tenantId?: number | null;
  headers?: Record<string, string>;
  ip?: string;
  form?: FormData;
};

/** Calls the in-process API root like an HTTP client would. */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  opts: ApiCallOptions = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  if (opts.tenantId !== undefined && opts.tenantId !== null)
    headers.set('tenant-id', String(opts.tenantId));
  headers.set(CLIENT_IP_HEADER, opts.ip ?? '10.0.0.1');
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    // A caller's own content type stays (tests send bodies that claim to be something else).
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const res = await dispatchApi(
    new Request(`http://localhost/admin-api${path}`, { method, headers, body }),
  );
  const type = res.headers.get('content-type') || '';
  const json = type.includes('json')
    ? ((await res.json()) as { code: number; msg: string; data: T })
    : null;
  return { status: res.status, res, json, code: json?.code, data: json?.data as T, msg: json?.msg };
}

/**
 * Calls an endpoint through its contract: method and path come from it, `data` is typed by its
 * response schema. Input is sent as given (not parsed), so tests can send what a client might.
 */
export async function callContract<C extends ContractShape>(
  contract: C,
  input: { query?: Record<string, string | number | boolean | undefined>; body?: unknown } = {},
  opts: Omit<ApiCallOptions, 'body'> = {},
) {
  const params = new URLSearchParams(operationQuery(contract));
  for (const [k, v] of Object.entries(input.query ?? {}))
    if (v !== undefined) params.set(k, String(v));
  const qs = params.size > 0 ? `?${params}` : '';
  return callApi<z.output<C['response']>>(contract.method, `${contract.path}${qs}`, {
    ...opts,
    body: input.body,
  });
}

let counter = 0;

export type TestUser = {
  userId: number;
  tenantId: number | null;
  accessToken: string;
  refreshToken: string;
  refreshTokenId: number;
};

/**
 * Creates a tenant (unless tenantId is given or `noTenant`), a user with the given built-in role
 * codes, and a signed-in session.
 */
export async function createTestUser(
  opts: {
    roleCodes?: string[];
    tenantId?: number;
    noTenant?: boolean;
    edition?: number;
    mobile?: string;
    remember?: boolean;
  } = {},
): Promise<TestUser> {
  const db = getDb();
  counter += 1;
  const tag = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  let tenantId: number | null = opts.tenantId ?? null;
  if (!opts.noTenant && tenantId === null) {
    const [t] = await db
      .insert(tenants)
      .values({ name: `测试企业${tag}有限公司`, edition: opts.edition ?? 0 })
      .returning({ id: tenants.id });
    tenantId = t.id;
  }
  const [u] = await db
    .insert(users)
    .values({
      tenantId,
      username: `test${tag}`,
      mobile: opts.mobile ?? `139${tag.slice(-8).padStart(8, '0')}`,
      nickname: `测试用户${counter}`,
    })
    .returning({ id: users.id });
  for (const code of opts.roleCodes ?? ['employee']) {
    let [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, code), isNull(roles.tenantId)))
      .limit(1);
    if (!role)
      [role] = await db
        .insert(roles)
        .values({ code, name: code, builtIn: true })
        .returning({ id: roles.id });
    await db.insert(userRoles).values({ userId: u.id, roleId: role.id }).onConflictDoNothing();
  }
  const issued = await issueTokens(u.id, tenantId, { remember: opts.remember ?? true });
  return {
    userId: u.id,
    tenantId,
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    refreshTokenId: issued.refreshTokenId,
  };
}

/**
 * Marks `used` hits of a rate-limit bucket in the current fixed window, so a test reaches the
 * limit with a couple of real calls instead of many that could straddle a window boundary.
 */
export async function useUpRateLimit(key: string, used: number, windowMs = 60_000): Promise<void> {
  const windowStart = rateLimitWindowStart(windowMs);
  await getDb().execute(sql`
    insert into rate_limit_counters (key, window_start, count)
    values (${key}, ${windowStart.toISOString()}, ${used})
    on conflict (key, window_start) do update set count = excluded.count`);
  // Counters of most policies are counted in the process first (buffered-counters.ts).
  primeRateCounter(key, windowMs, windowStart.getTime(), used);
}

/**
 * A hand-off address to an outside site (ADR 0060, 0206): it carries a one-time `code` of 32 or
 * more characters, and neither of the user's tokens. Answers the code.
 */
export function expectHandoffCode(url: URL, user: Pick<TestUser, 'accessToken' | 'refreshToken'>) {
  const code = url.searchParams.get('code') ?? '';
  expect(code.length).toBeGreaterThanOrEqual(32);
  expect(url.toString()).not.toContain(user.accessToken);
  expect(url.toString()).not.toContain(user.refreshToken);
  return code;
}
