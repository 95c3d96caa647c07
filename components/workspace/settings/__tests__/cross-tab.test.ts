import { DEFAULT_SERVER_LAYOUT_SETTINGS } from '@/lib/shared/workspace/layout-settings';

/** BroadcastChannel between "tabs" of one test: every other channel of the same name hears it. */
class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.all.push(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.all)
      if (other !== this && other.name === this.name) other.onmessage?.({ data } as MessageEvent);
  }
}

describe('cross-tab announcements', () => {
  const original = globalThis.BroadcastChannel;
  beforeAll(() => {
    globalThis.BroadcastChannel = FakeChannel as unknown as typeof BroadcastChannel;
  });
  afterAll(() => {
    globalThis.BroadcastChannel = original;
  });

  it("hears another tab's save and checks it", async () => {
    const { onSavedSettingsAnnounced } = await import('../cross-tab');
    const heard = jest.fn();
    const stop = onSavedSettingsAnnounced(heard);
    const otherTab = new FakeChannel('leadradar.layout');
    otherTab.postMessage({ userId: 5, settings: { theme: 'dark', layout: 'sideways' } });
    otherTab.postMessage({ userId: 'x', settings: {} });
    otherTab.postMessage(null);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({
      userId: 5,
      settings: { ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'dark' },
    });
    stop();
    otherTab.postMessage({ userId: 5, settings: {} });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
