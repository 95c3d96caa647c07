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

describe('API root: bad input is refused as the caller’s mistake, never a 500', () => {
  it('refuses a JSON body over 1 MB by its Content-Length, before reading it', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) });
    const { status, body } = await call('POST', '/system/auth/login', {
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    });
    expect(status).toBe(413);
    expect(body).toEqual({ code: 413, msg: '请求内容过大，上限 1 MB', data: null });
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await dispatchApi(
      new Request('http://localhost/admin-api/system/auth/login', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    // Cancelled right after the limit: nowhere near the 50 MB the client would send.
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses NUL characters in any input field', async () => {
    const { body } = await call('POST', '/system/auth/refresh-token?refreshToken=a%00b');
    expect(body).toEqual({ code: 400, msg: '输入包含非法字符', data: null });
  });

  it('answers malformed percent-encoding in a path parameter with 400', async () => {
    const { status, body } = await call('GET', '/infra/file/get/%E0%A4%A');
    expect(status).toBe(400);
    expect(body.msg).toBe('请求路径编码不正确');
  });
});

describe('errorResponse', () => {
  const read = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('recognises a pool timeout wrapped by the ORM as the database being busy (503)', async () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('timeout exceeded when trying to connect'),
    });
    const { status, body } = await read(errorResponse(wrapped, 'req-1', 'GET /x'));
    expect(status).toBe(503);
    expect(body).toEqual({ code: 503, msg: '服务暂不可用，请稍后重试', data: null });
  });

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
