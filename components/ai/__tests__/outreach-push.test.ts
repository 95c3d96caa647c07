import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { contractKey } from '@/lib/client/request';
import { getAddWeixinTaskDetail, type AddWeixinTask } from '@/lib/shared/ai/outreach.contract';
import { applyOutreachPush } from '../useOutreachLive';

jest.mock('@/lib/client/push', () => ({
  onPushMessage: () => () => {},
  RECONNECTED: 'reconnected',
  usePushOpen: () => true,
  readAgain: jest.requireActual('@/lib/client/push/read-again').readAgain,
}));

type Detail = { addWeixinTask: AddWeixinTask };
const running = { id: 8, messageId: 16, taskId: 4, wocStatus: 1, resumeAfter: null };
const paused = { ...running, resumeAfter: 1796601600000 };
const task = (t: object) => t as unknown as AddWeixinTask;
const input = { query: { messageId: 16, taskId: 4, pageSize: 1 } };

/** A card's read whose answers the test hands out one by one. */
function cardRead(client: QueryClient) {
  const answers: ((d: Detail) => void)[] = [];
  const observer = new QueryObserver<Detail>(client, {
    queryKey: contractKey(getAddWeixinTaskDetail, input),
    queryFn: () => new Promise<Detail>((resolve) => answers.push(resolve)),
    retry: false,
  });
  const stop = observer.subscribe(() => {});
  const data = () => observer.getCurrentResult().data?.addWeixinTask;
  return { answers, stop, data };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a pushed 加微 task reaches the card', () => {
  it('reads again when the push beats the first read (the read answers from before it)', async () => {
    const client = new QueryClient();
    const card = cardRead(client);
    expect(card.answers).toHaveLength(1);
    applyOutreachPush(client, task(paused));
    await settle();
    // The first read answers with the task as it was before the pause.
    card.answers[0]({ addWeixinTask: task(running) });
    await settle();
    expect(card.answers).toHaveLength(2);
    card.answers[1]({ addWeixinTask: task(paused) });
    await settle();
    expect(card.data()).toMatchObject({ resumeAfter: paused.resumeAfter });
    card.stop();
  });

  it('replaces a read that has answered without asking again', async () => {
    const client = new QueryClient();
    const card = cardRead(client);
    card.answers[0]({ addWeixinTask: task(running) });
    await settle();
    applyOutreachPush(client, task(paused));
    await settle();
    expect(card.answers).toHaveLength(1);
    expect(card.data()).toMatchObject({ resumeAfter: paused.resumeAfter });
    card.stop();
  });

  it("leaves another message's card alone", async () => {
    const client = new QueryClient();
    const card = cardRead(client);
    card.answers[0]({ addWeixinTask: task(running) });
    await settle();
    applyOutreachPush(client, task({ ...paused, id: 9, messageId: 17 }));
    await settle();
    expect(card.answers).toHaveLength(1);
    expect(card.data()).toMatchObject({ resumeAfter: null });
    card.stop();
  });
});
