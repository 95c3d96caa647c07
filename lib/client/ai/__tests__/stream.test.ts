import { streamReply } from '../stream';

/** An SSE answer delivered in the given chunks (split anywhere, as a network would). */
function sseResponse(chunks: string[]): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(enc.encode(c));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function answer(res: Response): jest.Mock {
  const mock = jest.fn(async () => res);
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

const done = { messageId: 12, taskId: 3, status: 4, content: '找到 12 家企业' };

it('hands over each delta as it arrives and resolves with the final message', async () => {
  const fetchMock = answer(
    sseResponse([
      'event: delta\ndata: {"text":"找到"}\n\nevent: sta',
      'tus\ndata: {"status":3}\n\nevent: delta\ndata: {"text":" 12 家',
      '企业"}\n\nevent: done\ndata: ' + JSON.stringify(done) + '\n\n',
    ]),
  );
  const texts: string[] = [];
  const final = await streamReply({ taskId: 3, messageId: 12 }, (t) => texts.push(t));
  expect(texts).toEqual(['找到', ' 12 家企业']);
  expect(final).toMatchObject({ messageId: 12, status: 4 });
  expect(String(fetchMock.mock.calls[0][0])).toBe(
    '/api/shuzhituoke/intelligent-search/v2/message-stream?taskId=3&messageId=12',
  );
});

it('rejects on an error event', async () => {
  answer(sseResponse(['event: error\ndata: {"msg":"回复超时"}\n\n']));
  await expect(streamReply({ taskId: 3, messageId: 12 }, () => undefined)).rejects.toThrow(
    '回复超时',
  );
});

it('rejects when the stream ends without a final message', async () => {
  answer(sseResponse(['event: delta\ndata: {"text":"找"}\n\n']));
  await expect(streamReply({ taskId: 3, messageId: 12 }, () => undefined)).rejects.toThrow(
    '出错了',
  );
});

it('rejects with the API error when the answer is an error envelope', async () => {
  answer(
    new Response(JSON.stringify({ code: 404, msg: '消息不存在', data: null }), {
      headers: { 'content-type': 'application/json' },
    }),
  );
  await expect(streamReply({ taskId: 3, messageId: 99 }, () => undefined)).rejects.toMatchObject({
    code: 404,
    message: '消息不存在',
  });
});
