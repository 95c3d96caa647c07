import { dispatchApi, errorResponse } from '../dispatch';

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

// Body limits, NUL and malformed paths (issue 9 findings 7 and 8) and the pool timeout (finding 5)
// are in test/regressions/__tests__/issue9-*.

describe('errorResponse', () => {
  const read = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('answers a number beyond its column (22003) as a bad request', async () => {
    const range = new Error('Failed query', {
      cause: Object.assign(new Error('value out of range for type integer'), { code: '22003' }),
    });
    const { status, body } = await read(errorResponse(range, 'req-3', 'GET /x'));
    expect(status).toBe(200);
    expect(body).toEqual({ code: 400, msg: '数值超出范围', data: null });
  });

  it('turns a duplicate raced past a check (23505) into a clear refusal', async () => {
    const dup = new Error('Failed query', {
      cause: Object.assign(new Error('dup'), { code: '23505' }),
    });
    const { body } = await read(errorResponse(dup, 'req-2', 'POST /x'));
    expect(body).toEqual({ code: 400, msg: '数据已存在，请勿重复提交', data: null });
  });
});
