import { expect, test } from './support/test';

/**
 * Issue 28 item 6 against the real server (server.ts in front of Next): a path under /admin-api
 * or /api whose percent-encoding does not decode gets the envelope's 400, not an HTML error page.
 */
for (const path of ['/admin-api/system/%E0%A4%A', '/api/system/%E0%A4%A'])
  test(`a malformed path ${path} answers a 400 envelope`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(400);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toEqual({ code: 400, msg: '请求路径编码不正确', data: null });
  });
