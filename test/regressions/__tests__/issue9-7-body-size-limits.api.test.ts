import { dispatchApi } from '@/lib/server/edge/api/dispatch';
import { callApi } from '@/test/helpers/api';

/**
 * Issue 9 finding 7: a 50 MB JSON body was parsed and a 150 MB upload buffered before the 10 MB
 * check. Bodies are refused by their Content-Length and while streaming.
 */
describe('issue 9 finding 7: body size limits', () => {
  it('refuses a JSON body over 1 MB by its Content-Length, before reading it', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) });
    const { status, json } = await callApi('POST', '/system/auth/login', {
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    });
    expect(status).toBe(413);
    expect(json).toEqual({ code: 413, msg: '请求内容过大，上限 1 MB', data: null });
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
});
