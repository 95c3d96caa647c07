import { dispatchApi } from '../dispatch';

async function call(method: string, path: string, init: RequestInit = {}) {
  const res = await dispatchApi(
    new Request(`http://localhost/admin-api${path}`, { method, ...init }),
  );
  return { status: res.status, body: await res.json() };
}

describe('API root dispatch', () => {
  it('answers an unknown path with a 404 envelope', async () => {
    const { status, body } = await call('GET', '/no/such/path');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: '访问资源不存在', data: null });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const { status, body } = await call('GET', '/system/auth/refresh-token');
    expect(status).toBe(405);
    expect(body.code).toBe(405);
  });

  it('names the missing field on validation failure', async () => {
    const { body } = await call('POST', '/system/auth/refresh-token');
    expect(body.code).toBe(400);
    expect(body.msg).toContain('refreshToken');
  });

  it('refuses protected routes without a token', async () => {
    const { body } = await call('GET', '/system/auth/get-permission-info');
    expect(body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源', data: null });
  });

  it('refuses an unknown refresh token with 401', async () => {
    const { body } = await call('POST', '/system/auth/refresh-token?refreshToken=forged');
    expect(body.code).toBe(401);
  });
});
