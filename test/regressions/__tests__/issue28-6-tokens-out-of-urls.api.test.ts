import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  TOKEN_SUBPROTOCOL,
  type WebSocketGateway,
} from '@/lib/server/platform/push/websocket-gateway';
import { createAppWebSocketGateway } from '@/lib/server/edge/sockets/app-sockets';
import { callApi, createTestUser } from '@/test/helpers/api';

/**
 * Issue 28 item 6: the refresh token could only travel in the query string and the WebSocket's
 * access token only in `?token=`, both of which land in access logs. The refresh call now takes
 * its token in the JSON body and the socket in Sec-WebSocket-Protocol; the spec's query forms
 * keep working.
 */
describe('refresh-token', () => {
  it('takes the refresh token in the JSON body', async () => {
    const user = await createTestUser();
    const r = await callApi<{ accessToken: string; refreshToken: string }>(
      'POST',
      '/system/auth/refresh-token',
      { body: { refreshToken: user.refreshToken } },
    );
    expect(r.code).toBe(200);
    expect(r.data.accessToken).toEqual(expect.any(String));
    expect(r.data.refreshToken).not.toBe(user.refreshToken);
  });

  it('still takes it in the query (the spec’s form)', async () => {
    const user = await createTestUser();
    const r = await callApi(
      'POST',
      `/system/auth/refresh-token?refreshToken=${encodeURIComponent(user.refreshToken)}`,
    );
    expect(r.code).toBe(200);
  });

  it('without a token in either place answers 400', async () => {
    const r = await callApi('POST', '/system/auth/refresh-token', { body: {} });
    expect(r.code).toBe(400);
  });
});

describe('/websocket/message', () => {
  let gateway: WebSocketGateway;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    gateway = await createAppWebSocketGateway(() => undefined);
    server = http.createServer((_, res) => res.end());
    server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gateway.closeAll();
    await gateway.stop();
    await new Promise<void>((r) => server.close(() => r()));
  });

  function connect(path: string, protocols?: string[]) {
    const ws = new WebSocket(`${base}${path}`, protocols);
    return new Promise<{ ws: WebSocket; first: string }>((resolve, reject) => {
      ws.once('message', (data) => resolve({ ws, first: String(data) }));
      ws.once('unexpected-response', (_, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  it('takes the access token as a subprotocol, and answers with the subprotocol name only', async () => {
    const user = await createTestUser();
    const { ws, first } = await connect('/websocket/message', [
      TOKEN_SUBPROTOCOL,
      user.accessToken,
    ]);
    expect(JSON.parse(first)).toEqual({ type: 'connected', content: '' });
    expect(ws.protocol).toBe(TOKEN_SUBPROTOCOL);
    ws.close();
  });

  it('still takes ?token= and refuses a wrong subprotocol token', async () => {
    const user = await createTestUser();
    const { ws } = await connect(`/websocket/message?token=${user.accessToken}`);
    ws.close();
    // Another subprotocol is still answered as before (the first one offered).
    const other = await connect(`/websocket/message?token=${user.accessToken}`, ['json']);
    expect(other.ws.protocol).toBe('json');
    other.ws.close();
    await expect(connect('/websocket/message', [TOKEN_SUBPROTOCOL, 'not-a-token'])).rejects.toThrow(
      'status 401',
    );
  });
});
