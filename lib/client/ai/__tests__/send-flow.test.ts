import type { AiMessage } from '@/lib/shared/ai/ai.contract';
import { runSend, type SendDeps } from '../send-flow';
import type { ThreadMessage } from '../thread-state';

const msg = (over: Partial<AiMessage>): AiMessage => ({
  messageId: 10,
  taskId: 1,
  type: 1,
  subType: 2,
  status: 3,
  content: '',
  replyContent: null,
  title: null,
  aiMessage: null,
  suggestions: [],
  editOfMessageId: null,
  addWeixinTask: null,
  cluePoolEntList: [],
  createTime: 0,
  ...over,
});

/** Records the order of waits and calls, and the statuses the newest message went through. */
function harness(over: Partial<SendDeps> = {}) {
  const log: string[] = [];
  let messages: ThreadMessage[] = [];
  const statuses: number[] = [];
  const texts: string[] = [];
  const deps: SendDeps = {
    wait: async (ms) => {
      log.push(`wait ${ms}`);
    },
    fetchReply: async () => {
      log.push('reply');
      return '好的';
    },
    send: async (reply) => {
      log.push(`send ${reply}`);
      return {
        userMessage: msg({ messageId: 9, type: 0, subType: 0, status: 4, content: 'q' }),
        reply: msg({ messageId: 10, status: 3 }),
        page: null,
      };
    },
    stream: async (reply, onText) => {
      log.push(`stream ${reply.messageId}`);
      onText('找到');
      onText(' 3 家');
      return msg({ messageId: 10, status: 4, content: '找到 3 家' });
    },
    refresh: async () => {
      log.push('refresh');
    },
    update: (change) => {
      messages = change(messages);
      const last = messages[messages.length - 1];
      if (last && statuses[statuses.length - 1] !== last.status) statuses.push(last.status);
      if (last?.streamed) texts.push(last.streamed);
    },
    ...over,
  };
  return { deps, log, statuses, texts, messages: () => messages };
}

it('waits 1 s before the reply, before sending and before refreshing, in that order', async () => {
  const h = harness();
  await expect(runSend('专精特新', h.deps)).resolves.toBe(true);
  expect(h.log).toEqual([
    'wait 1000',
    'reply',
    'wait 1000',
    'send 好的',
    'stream 10',
    'wait 1000',
    'refresh',
  ]);
  expect(h.statuses).toEqual([5, 3, 4]);
  expect(h.texts).toEqual(['找到', '找到 3 家']);
  expect(h.messages().map((m) => m.messageId)).toEqual([9, 10]);
});

it('does not stream a reply that came complete', async () => {
  const h = harness({
    send: async () => ({ userMessage: null, reply: msg({ status: 4 }), page: null }),
  });
  await expect(runSend(null, h.deps)).resolves.toBe(true);
  expect(h.log.some((l) => l.startsWith('stream'))).toBe(false);
});

it('does not send when the reply content is not a success, and marks 出错了', async () => {
  const h = harness({
    fetchReply: async () => {
      throw new Error('code 500');
    },
  });
  await expect(runSend('x', h.deps)).resolves.toBe(false);
  expect(h.log).toEqual(['wait 1000']);
  expect(h.messages()[1]).toMatchObject({ error: true, content: '出错了' });
});

it('marks 出错了 when send-message fails, and does not refresh', async () => {
  const h = harness({
    send: async () => {
      throw new Error('down');
    },
  });
  await expect(runSend('x', h.deps)).resolves.toBe(false);
  expect(h.log).not.toContain('refresh');
  expect(h.messages()[1].error).toBe(true);
});

it('marks 出错了 when the stream breaks off', async () => {
  const h = harness({
    stream: async () => {
      throw new Error('closed');
    },
  });
  await expect(runSend('x', h.deps)).resolves.toBe(false);
  const last = h.messages()[h.messages().length - 1];
  expect(last).toMatchObject({ messageId: 10, error: true, content: '出错了' });
});
