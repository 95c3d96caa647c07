import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerMalformedApiPath } from '@/lib/server/platform/http/malformed-path';

/**
 * Issue 28 item 6: `/admin-api/system/%E0%A4%A` (a percent-encoding that does not decode) was
 * answered by Next with its HTML error page (HTTP 500 in production, 400 under `next dev`) before
 * any route handler ran. The server now answers such /admin-api and /api paths with the
 * envelope's 400 itself. (e2e/issue28-small.spec.ts checks the same against the real server.)
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  // Like server.ts: the guard first, then Next (here a stand-in that fails like Next does).
  server = http.createServer((req, res) => {
    if (answerMalformedApiPath(req, res)) return;
    try {
      decodeURIComponent(req.url ?? '/');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('next');
    } catch {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>500</html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
        );
      })
      .on('error', reject);
  });
}

it.each(['/admin-api/system/%E0%A4%A', '/api/system/%E0%A4%A?x=1', '/admin-api/%ZZ'])(
  '%s answers a 400 {code, msg, data} envelope',
  async (path) => {
    const r = await get(path);
    expect(r.status).toBe(400);
    expect(r.type).toContain('application/json');
    expect(JSON.parse(r.body)).toEqual({ code: 400, msg: '请求路径编码不正确', data: null });
  },
);

it('leaves well-formed API paths and pages to Next', async () => {
  expect((await get('/admin-api/system/%E4%B8%AD')).body).toBe('next');
  expect((await get('/companySearch/%E0%A4%A')).status).toBe(500);
});
