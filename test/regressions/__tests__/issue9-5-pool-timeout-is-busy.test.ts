import { errorResponse } from '@/lib/server/edge/api/dispatch';

/**
 * Issue 9 finding 5: under 45 parallel anonymous searches an unrelated request answered code 500
 * after 6.4 s, because the pool timeout wrapped by the ORM was not recognised as the database
 * being busy. (The gate that bounds such searches: issue9-5-expensive-query-gate.test.ts.)
 */
describe('issue 9 finding 5: a pool timeout is the busy answer', () => {
  const read = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('recognises a pool timeout wrapped by the ORM as the database being busy (503)', async () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('timeout exceeded when trying to connect'),
    });
    const { status, body } = await read(errorResponse(wrapped, 'req-1', 'GET /x'));
    expect(status).toBe(503);
    expect(body).toEqual({ code: 503, msg: '服务暂不可用，请稍后重试', data: null });
  });
});
