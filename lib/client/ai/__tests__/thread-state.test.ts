import type { AiMessage } from '@/lib/shared/ai/ai.contract';
import {
  adoptSent,
  afterTaskDeleted,
  appendReplyText,
  EMPTY_SELECTION,
  finishReply,
  isSending,
  markSendError,
  MESSAGE_STATUS,
  overallStatus,
  queryLength,
  replyReceived,
  SEND_ERROR_TEXT,
  sendSucceeded,
  shownText,
  startSend,
  toThread,
  withEndFlags,
  type ThreadMessage,
} from '../thread-state';

const T0 = Date.parse('2026-11-25T10:00:00Z');

const thread = (over: Partial<ThreadMessage>): ThreadMessage => ({
  messageId: 1,
  type: 1,
  subType: 2,
  status: 4,
  content: '',
  createTime: T0,
  ...over,
});

const stored = (over: Partial<AiMessage>): AiMessage => ({
  messageId: 10,
  taskId: 1,
  type: 1,
  subType: 2,
  status: 4,
  content: '找到 12 家',
  replyContent: null,
  title: null,
  aiMessage: null,
  suggestions: [],
  editOfMessageId: null,
  addWeixinTask: null,
  cluePoolEntList: [],
  createTime: T0,
  ...over,
});

describe('the send status machine (spec 4.5)', () => {
  it('appends the user message and a placeholder of status 5 that is the only newest', () => {
    const after = startSend([thread({ messageId: 7, isNewest: true })], '找深圳的企业');
    expect(after).toHaveLength(3);
    expect(after[0].isNewest).toBe(false);
    expect(after[1]).toMatchObject({ type: 0, content: '找深圳的企业', local: true });
    expect(after[2]).toMatchObject({ type: 1, status: 5, isNewest: true, local: true });
    expect(after[1].messageId).toBeLessThan(0);
    expect(after[2].messageId).not.toBe(after[1].messageId);
    expect(isSending(after)).toBe(true);
  });

  it('appends only the placeholder when edited chips are re-run', () => {
    const after = startSend([], null);
    expect(after).toHaveLength(1);
    expect(after[0].status).toBe(5);
  });

  it('goes 5 → 3 on the reply content, streams into the stored reply, and ends at 4', () => {
    let m = startSend([thread({ messageId: 3 })], 'q');
    m = replyReceived(m, '好的，正在查找');
    expect(m[2]).toMatchObject({ status: MESSAGE_STATUS.replied, content: '好的，正在查找' });
    m = adoptSent(m, {
      userMessage: stored({ messageId: 11, type: 0, subType: 0, content: 'q' }),
      reply: stored({ messageId: 12, status: 3, content: '' }),
      page: null,
    });
    expect(m.map((x) => x.messageId)).toEqual([3, 11, 12]);
    expect(m.some((x) => x.local)).toBe(false);
    expect(isSending(m)).toBe(true);
    m = appendReplyText(m, 12, '找到');
    m = appendReplyText(m, 12, ' 12 家');
    expect(shownText(m[2])).toBe('找到 12 家');
    m = finishReply(m, stored({ messageId: 12, status: 4, content: '找到 12 家企业' }));
    m = sendSucceeded(m);
    expect(m[2]).toMatchObject({ status: 4, content: '找到 12 家企业', isNewest: true });
    expect(isSending(m)).toBe(false);
  });

  it('shows a stored failure (7) as 出错了', () => {
    const m = finishReply(
      [thread({ messageId: 5, streaming: true })],
      stored({ messageId: 5, status: 7, content: 'x' }),
    );
    expect(m[0]).toMatchObject({ error: true, content: SEND_ERROR_TEXT, streaming: false });
  });

  it('leaves stored messages alone when no placeholder is last', () => {
    const m = [thread({ status: 4, content: 'x' })];
    expect(replyReceived(m, 'y')[0].content).toBe('x');
    expect(appendReplyText(m, 1, 'z')[0].streamed).toBeUndefined();
  });

  it('marks the last message 出错了 on a send error', () => {
    const m = markSendError(startSend([], 'q'));
    expect(m[1]).toMatchObject({ error: true, content: SEND_ERROR_TEXT });
    expect(m[0].error).toBeUndefined();
    expect(isSending(m)).toBe(false);
  });
});

describe('task flags and overall status', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('marks add-contact tasks (subType 1, 6) ended by status 2 or a past end time', () => {
    const m = withEndFlags(
      [
        thread({ messageId: 1, subType: 1, status: 2 }),
        thread({
          messageId: 2,
          subType: 6,
          status: 1,
          addWeixinTask: { endTime: '2026-11-25T11:00:00Z' },
        }),
        thread({
          messageId: 3,
          subType: 6,
          status: 1,
          addWeixinTask: { endTime: '2026-11-26T11:00:00Z' },
        }),
        thread({ messageId: 4, subType: 2, status: 2 }),
      ],
      now,
    );
    expect(m.map((x) => x.hasEnd)).toEqual([true, true, false, undefined]);
  });

  it('follows the latest visible message: 5 for an expired running task, 1 when active', () => {
    const running = (endTime: string) =>
      thread({ status: 1, subType: 6, addWeixinTask: { endTime, wocStatus: 1 } });
    expect(overallStatus([running('2026-11-25T11:00:00Z')], now)).toBe(5);
    expect(overallStatus([running('2026-11-25T13:00:00Z')], now)).toBe(1);
    expect(overallStatus([thread({ status: 4 }), thread({ status: 3, hide: true })], now)).toBe(4);
    expect(overallStatus([], now)).toBeNull();
  });

  it('loads stored messages with only the last one newest', () => {
    const m = toThread([stored({ messageId: 1 }), stored({ messageId: 2, status: 7 })]);
    expect(m.map((x) => x.isNewest)).toEqual([false, true]);
    expect(m[1]).toMatchObject({ error: true, content: SEND_ERROR_TEXT });
  });
});

describe('deleting a task', () => {
  const open = { taskId: 3, messages: [thread({})], selectedMessageId: 1 };
  it('clears the task, its id, messages and the selected message when it is the open one', () => {
    expect(afterTaskDeleted(open, 3)).toEqual(EMPTY_SELECTION);
  });
  it('keeps the selection when another task is deleted', () => {
    expect(afterTaskDeleted(open, 4)).toBe(open);
  });
});

it('counts characters as the user sees them (an emoji is one)', () => {
  expect(queryLength('深圳😀')).toBe(3);
});
