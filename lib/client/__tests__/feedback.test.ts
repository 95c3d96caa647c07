import type { Feedback } from '../feedback';
import { feedback, setFeedbackHost, setFeedbackLoader, useFeedback } from '../feedback';

/** A host that records what reached it, in order. */
function recordingHost(log: string[]): Feedback {
  const api = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_t, method: string) =>
          (...args: unknown[]) =>
            log.push(`${name}.${method}(${JSON.stringify(args)})`),
      },
    );
  return {
    message: api('message'),
    notification: api('notification'),
    modal: api('modal'),
  } as unknown as Feedback;
}

describe('feedback without antd in the first load (lib/client/feedback.ts)', () => {
  afterEach(() => {
    setFeedbackHost(null);
    setFeedbackLoader(null);
  });

  it('keeps calls made before the host is there, asks for the host, and delivers them in order', () => {
    const log: string[] = [];
    const load = jest.fn();
    setFeedbackLoader(load);
    const { message, modal } = useFeedback();
    message.success('已保存');
    modal.confirm({ title: '确认删除？' });
    expect(load).toHaveBeenCalled();
    expect(log).toEqual([]);

    setFeedbackHost(recordingHost(log));
    expect(log).toEqual(['message.success(["已保存"])', 'modal.confirm([{"title":"确认删除？"}])']);
  });

  it('sends straight to a mounted host, and queues again once it is gone', () => {
    const log: string[] = [];
    setFeedbackHost(recordingHost(log));
    feedback.notification.error({ title: '系统提示' });
    expect(log).toEqual(['notification.error([{"title":"系统提示"}])']);

    setFeedbackHost(null);
    feedback.message.warning('稍后');
    expect(log).toHaveLength(1);
    const next: string[] = [];
    setFeedbackHost(recordingHost(next));
    expect(next).toEqual(['message.warning(["稍后"])']);
  });

  it('answers with the same object on every render', () => {
    expect(useFeedback()).toBe(useFeedback());
  });
});
