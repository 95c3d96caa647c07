import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible model for tests: POST /v1/chat/completions, answering a tool call
 * (understanding) or a streamed text (reply) as the test scripts it. Every request body is kept so
 * tests can check what reached the model.
 */

export type UnderstandBehaviour =
  /** a tool call with these arguments (a string is sent as is, an object as JSON) */
  | { kind: 'tool'; args: unknown; name?: string; delayMs?: number; gate?: Promise<void> }
  /** plain text and no tool call */
  | { kind: 'text'; text: string }
  /** a body that is not JSON */
  | { kind: 'garbage' }
  /** an HTTP error status */
  | { kind: 'status'; status: number }
  /** answers only after this long */
  | { kind: 'slow'; delayMs: number };

export type ReplyBehaviour =
  | {
      kind: 'stream';
      chunks: string[];
      chunkDelayMs?: number;
      firstDelayMs?: number;
      /** the chunks after the first wait for this */
      gate?: Promise<void>;
    }
  | { kind: 'status'; status: number };

export type LlmStub = {
  url: string;
  requests: Array<Record<string, unknown>>;
  understand: UnderstandBehaviour;
  reply: ReplyBehaviour;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function completion(model: string, message: Record<string, unknown>, finish: string) {
  return {
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-stub',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  })}\n\n`;
}

export async function startLlmStub(): Promise<LlmStub> {
  const stub: LlmStub = {
    url: '',
    requests: [],
    understand: { kind: 'tool', args: { condition: { logic: 'and', groups: [] } } },
    reply: { kind: 'stream', chunks: ['好的，', '已为您找到结果。'] },
    close: async () => undefined,
  };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
          res.writeHead(404).end();
          return;
        }
        const body = JSON.parse(raw) as Record<string, unknown>;
        stub.requests.push(body);
        const model = String(body.model ?? 'stub-model');
        if (body.stream) {
          const b = stub.reply;
          if (b.kind === 'status') {
            res.writeHead(b.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: 'stub failure' } }));
            return;
          }
          if (b.firstDelayMs) await sleep(b.firstDelayMs);
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.write(chunk(model, { role: 'assistant', content: '' }));
          for (const [i, text] of b.chunks.entries()) {
            if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
            if (i === 1 && b.gate) await b.gate;
            if (res.destroyed) return;
            res.write(chunk(model, { content: text }));
          }
          res.write(chunk(model, {}, 'stop'));
          res.end('data: [DONE]\n\n');
          return;
        }
        const b = stub.understand;
        if (b.kind === 'slow') await sleep(b.delayMs);
        if (b.kind === 'tool' && b.delayMs) await sleep(b.delayMs);
        if (b.kind === 'tool' && b.gate) await b.gate;
        if (res.destroyed) return;
        if (b.kind === 'status') {
          res.writeHead(b.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'stub failure' } }));
          return;
        }
        if (b.kind === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"choices": [ this is not json');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        if (b.kind === 'text' || b.kind === 'slow') {
          res.end(
            JSON.stringify(
              completion(
                model,
                { role: 'assistant', content: b.kind === 'text' ? b.text : '好的' },
                'stop',
              ),
            ),
          );
          return;
        }
        res.end(
          JSON.stringify(
            completion(
              model,
              {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: 'call_stub',
                    type: 'function',
                    function: {
                      name: b.name ?? 'search_enterprises',
                      arguments: typeof b.args === 'string' ? b.args : JSON.stringify(b.args),
                    },
                  },
                ],
              },
              'tool_calls',
            ),
          ),
        );
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}/v1`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return stub;
}
