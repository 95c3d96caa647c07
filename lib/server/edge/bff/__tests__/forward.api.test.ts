import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { SessionOptions } from 'iron-session';
import { forwardToApi, type SessionLike } from '../forward';
import { getDb } from '@/lib/server/platform/db';
import { accessTokens } from '@/db/schema';
import { revokeSessions } from '@/lib/server/identity/auth/token.service';
import { createTestUser } from '@/test/helpers/api';

process.env.SESSION_SECRET ??= 'x'.repeat(40);

/** An in-memory session: the BFF's storage, so the test sees what the cookie would hold. */
function memorySession(
  init: Partial<SessionLike> = {},
): SessionLike & { saved: number; destroyed: boolean; cookieMaxAge?: number } {
  const s = {
    ...init,
    saved: 0,
    destroyed: false,
    cookieMaxAge: undefined as number | undefined,
    updateConfig: (options: SessionOptions) => {
      s.cookieMaxAge = options.cookieOptions?.maxAge;
    },
    save: async () => {
      s.saved += 1;
    },
    destroy: () => {
      s.destroyed = true;
      for (const k of ['accessToken', 'refreshToken', 'tenantId', 'userId', 'expiresTime'] as const)
        delete (s as Record<string, unknown>)[k];
    },
  };
  return s as SessionLike & { saved: number; destroyed: boolean; cookieMaxAge?: number };
}

function request(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  return new Request(`http://localhost:3000/api${path}`, {
    method,
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function revokeAccessTokens(refreshTokenId: number) {
  await getDb()
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(eq(accessTokens.refreshTokenId, refreshTokenId));
}

describe('BFF forwarding', () => {
  afterEach(() => {
    delete process.env.API_BASE_URL;
  });

  it('keeps tokens from a token-bearing answer in the session and strips them from the body', async () => {
    const user = await createTestUser();
    const session = memorySession();
    const res = await forwardToApi(
      request('POST', `/system/auth/refresh-token?refreshToken=${user.refreshToken}`),
      '/system/auth/refresh-token',
      { session },
    );
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.data.accessToken).toBeUndefined();
    expect(body.data.refreshToken).toBeUndefined();
    expect(body.data.userId).toBe(user.userId);
    expect(session.accessToken).toEqual(expect.any(String));
    // Refresh tokens rotate: the session holds the new one.
    expect(session.refreshToken).toEqual(expect.any(String));
    expect(session.refreshToken).not.toBe(user.refreshToken);
    expect(session.tenantId).toBe(user.tenantId);
  });

  it('gives a remember-me login a 30-day cookie and a refresh keeps the session’s choice', async () => {
    const user = await createTestUser();
    const remembered = memorySession();
    await forwardToApi(
      request(
        'POST',
        `/system/auth/refresh-token?refreshToken=${user.refreshToken}`,
        {},
        { rememberMe: true },
      ),
      '/system/auth/refresh-token',
      { session: remembered },
    );
    expect(remembered.remember).toBe(true);
    expect(remembered.cookieMaxAge).toBe(30 * 24 * 3600);

    const other = await createTestUser();
    const browserOnly = memorySession({ remember: false });
    await forwardToApi(
      request('POST', `/system/auth/refresh-token?refreshToken=${other.refreshToken}`),
      '/system/auth/refresh-token',
      { session: browserOnly },
    );
    expect(browserOnly.remember).toBe(false);
    expect(browserOnly.cookieMaxAge).toBeUndefined();
  });

  it('adds bearer and tenant-id from the session', async () => {
    const user = await createTestUser({ roleCodes: ['employee'] });
    const session = memorySession({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      tenantId: user.tenantId,
    });
    const res = await forwardToApi(
      request('GET', '/system/auth/get-permission-info'),
      '/system/auth/get-permission-info',
      { session },
    );
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.data.roles).toEqual(['employee']);
  });

  it('refreshes once on 401 and replays the request', async () => {
    const user = await createTestUser();
    await revokeAccessTokens(user.refreshTokenId);
    const session = memorySession({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      tenantId: user.tenantId,
    });
    const res = await forwardToApi(
      request('GET', '/system/auth/get-permission-info'),
      '/system/auth/get-permission-info',
      { session },
    );
    expect((await res.json()).code).toBe(200);
    expect(session.accessToken).not.toBe(user.accessToken);
    expect(session.saved).toBeGreaterThan(0);
  });

  it('lets concurrent requests share one refresh', async () => {
    const user = await createTestUser();
    await revokeAccessTokens(user.refreshTokenId);
    const before = await getDb()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.refreshTokenId, user.refreshTokenId));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => {
        const session = memorySession({
          accessToken: user.accessToken,
          refreshToken: user.refreshToken,
          tenantId: user.tenantId,
        });
        return forwardToApi(
          request('GET', '/system/auth/get-permission-info'),
          '/system/auth/get-permission-info',
          { session },
        ).then((r) => r.json());
      }),
    );
    expect(results.every((b) => b.code === 200)).toBe(true);
    const after = await getDb()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.refreshTokenId, user.refreshTokenId));
    expect(after.length - before.length).toBe(1);
  });

  it('ends the session and answers 401 when the refresh fails', async () => {
    const user = await createTestUser();
    await revokeSessions(user.userId, 'test', { only: user.refreshTokenId });
    const session = memorySession({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      tenantId: user.tenantId,
    });
    const res = await forwardToApi(
      request('GET', '/system/auth/get-permission-info'),
      '/system/auth/get-permission-info',
      { session },
    );
    expect((await res.json()).code).toBe(401);
    expect(session.destroyed).toBe(true);
  });

  it('forgets the session on logout and revokes the tokens', async () => {
    const user = await createTestUser();
    const session = memorySession({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      tenantId: user.tenantId,
    });
    const res = await forwardToApi(request('POST', '/system/auth/logout'), '/system/auth/logout', {
      session,
    });
    expect((await res.json()).code).toBe(200);
    expect(session.destroyed).toBe(true);
    const again = memorySession({ accessToken: user.accessToken, refreshToken: user.refreshToken });
    const res2 = await forwardToApi(
      request('GET', '/system/auth/get-permission-info'),
      '/system/auth/get-permission-info',
      { session: again },
    );
    expect((await res2.json()).code).toBe(401);
  });

  it('logs out an idle session: the refresh token is revoked though the access token expired', async () => {
    const user = await createTestUser();
    await getDb()
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(accessTokens.refreshTokenId, user.refreshTokenId));
    const session = memorySession({
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      tenantId: user.tenantId,
    });
    const res = await forwardToApi(request('POST', '/system/auth/logout'), '/system/auth/logout', {
      session,
    });
    expect((await res.json()).code).toBe(200);
    expect(session.destroyed).toBe(true);
    const refresh = await forwardToApi(
      request('POST', `/system/auth/refresh-token?refreshToken=${user.refreshToken}`),
      '/system/auth/refresh-token',
      { session: memorySession() },
    );
    expect((await refresh.json()).code).toBe(401);
  });

  it('refuses a cross-site state-changing request', async () => {
    const session = memorySession();
    const res = await forwardToApi(
      request('POST', '/system/auth/logout', { origin: 'https://evil.example' }),
      '/system/auth/logout',
      { session },
    );
    expect(res.status).toBe(403);
  });

  it('refuses an oversized body before buffering it: JSON over 1 MB, multipart over the upload limit', async () => {
    const session = memorySession();
    const json = await forwardToApi(
      request('POST', '/system/auth/login', {}, { username: 'x'.repeat(1024 * 1024) }),
      '/system/auth/login',
      { session },
    );
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ code: 413, msg: '请求内容过大，上限 1 MB', data: null });
    const upload = await forwardToApi(
      new Request('http://localhost:3000/api/infra/file/upload', {
        method: 'POST',
        headers: {
          host: 'localhost:3000',
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(150 * 1024 * 1024),
        },
        body: 'x',
      }),
      '/infra/file/upload',
      { session },
    );
    expect(upload.status).toBe(413);
    // The BFF's gate is the largest upload of any route (lead imports); each route then has its own.
    expect((await upload.json()).msg).toBe('请求内容过大，上限 20 MB');
    // A route that declares a larger file (content imports, 100 MB) is gated at its own size.
    const oversized = (path: string, mb: number) =>
      forwardToApi(
        new Request(`http://localhost:3000/api${path}`, {
          method: 'POST',
          headers: {
            host: 'localhost:3000',
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(mb * 1024 * 1024),
          },
          body: 'x',
        }),
        path,
        { session },
      );
    const passed = await oversized('/system/content/import', 30);
    expect(passed.status).not.toBe(413); // on to the API root, which asks for a sign-in
    const big = await oversized('/system/content/import', 150);
    expect(big.status).toBe(413);
    expect((await big.json()).msg).toBe('请求内容过大，上限 100 MB');
  });

  it('passes a rate limit through as HTTP 429 with its Retry-After, not as a success', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '37' });
      res.end(JSON.stringify({ code: 429, msg: '请求过于频繁，请稍后重试', data: null }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await forwardToApi(request('GET', '/anything'), '/anything', {
        session: memorySession(),
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('37');
      expect(await res.json()).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后重试' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reports an unreachable upstream as 后端接口连接异常', async () => {
    process.env.API_BASE_URL = 'http://127.0.0.1:9';
    const res = await forwardToApi(request('GET', '/anything'), '/anything', {
      session: memorySession(),
    });
    expect(res.status).toBe(502);
    expect((await res.json()).msg).toBe('后端接口连接异常');
  });

  it('reports a slow upstream as 系统接口请求超时 and an HTTP error as 系统接口{status}异常', async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/slow')) return; // never answers
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const slow = await forwardToApi(request('GET', '/slow'), '/slow', {
        session: memorySession(),
        timeoutMs: 300,
      });
      expect(slow.status).toBe(504);
      expect((await slow.json()).msg).toBe('系统接口请求超时');
      const broken = await forwardToApi(request('GET', '/broken'), '/broken', {
        session: memorySession(),
      });
      expect((await broken.json()).msg).toBe('系统接口500异常');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
