import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SERVER_LAYOUT_SETTINGS,
  type ServerLayoutSettings,
} from '@/lib/shared/workspace/layout-settings';
import {
  getUserLayoutSetting,
  updateUserLayoutSetting,
} from '@/lib/shared/workspace/workspace.endpoints';

const mockCall = jest.fn();
jest.mock('@/lib/client/request', () => ({
  call: (...args: unknown[]) => mockCall(...args),
  contractKey: (contract: { path: string }) => [contract.path],
}));
const mockAnnounce = jest.fn();
jest.mock('../cross-tab', () => ({
  announceSavedSettings: (...args: unknown[]) => mockAnnounce(...args),
}));

// Imported after the mocks (jest hoists jest.mock above imports anyway).
import {
  acceptServerSettings,
  fetchServerSettings,
  saveServerSettings,
  seedServerSettings,
  serverSettingsKey,
} from '../server-settings';

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Answers calls from a queue of deferreds, one per call, in order. */
function answerCallsWith(...answers: Deferred<ServerLayoutSettings>[]) {
  const calls: { contract: unknown; input: unknown }[] = [];
  mockCall.mockImplementation((contract: unknown, input: unknown) => {
    calls.push({ contract, input });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next.promise;
  });
  return calls;
}

const SAVED: ServerLayoutSettings = {
  layout: 'horizontal',
  theme: 'white',
  systemName: '销售平台',
  navigatorWorkbench: true,
};
let nextUser = 1000;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('server-kept layout settings', () => {
  let client: QueryClient;
  let userId: number;
  const shownFor = () => client.getQueryData<ServerLayoutSettings>(serverSettingsKey(userId));

  beforeEach(() => {
    client = new QueryClient();
    userId = nextUser++;
    mockCall.mockReset();
    mockAnnounce.mockReset();
  });

  it('keys the cache by the contract path and the user', () => {
    expect(serverSettingsKey(7)).toEqual([getUserLayoutSetting.path, 7]);
  });

  it('shows a change at once and the saved answer when it arrives', async () => {
    const put = deferred<ServerLayoutSettings>();
    const calls = answerCallsWith(put);
    const saving = saveServerSettings(client, userId, { theme: 'dark' });
    expect(shownFor()).toEqual({ ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'dark' });
    await flush();
    expect(calls[0]).toEqual({
      contract: updateUserLayoutSetting,
      input: { body: { theme: 'dark' } },
    });
    put.resolve({ ...SAVED, theme: 'dark' });
    await expect(saving).resolves.toEqual({ ...SAVED, theme: 'dark' });
    expect(shownFor()).toEqual({ ...SAVED, theme: 'dark' });
    expect(mockAnnounce).toHaveBeenCalledWith({ userId, settings: { ...SAVED, theme: 'dark' } });
  });

  it('takes a failed change back to the last saved value', async () => {
    const get = deferred<ServerLayoutSettings>();
    const put = deferred<ServerLayoutSettings>();
    answerCallsWith(get, put);
    const reading = fetchServerSettings(userId);
    get.resolve(SAVED);
    client.setQueryData(serverSettingsKey(userId), await reading);
    const saving = saveServerSettings(client, userId, { theme: 'dark' });
    expect(shownFor()?.theme).toBe('dark');
    await flush();
    put.reject(new Error('网络错误'));
    await expect(saving).rejects.toThrow('网络错误');
    expect(shownFor()).toEqual(SAVED);
    expect(mockAnnounce).not.toHaveBeenCalled();
  });

  it('sends saves one at a time and keeps a newer change over an older answer', async () => {
    const first = deferred<ServerLayoutSettings>();
    const second = deferred<ServerLayoutSettings>();
    const calls = answerCallsWith(first, second);
    const a = saveServerSettings(client, userId, { theme: 'dark' });
    const b = saveServerSettings(client, userId, { theme: 'white', layout: 'horizontal' });
    await flush();
    expect(calls).toHaveLength(1);
    first.resolve({ ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'dark' });
    await a;
    // The first answer says dark, but the second change (white) is still on its way.
    expect(shownFor()).toEqual({
      ...DEFAULT_SERVER_LAYOUT_SETTINGS,
      theme: 'white',
      layout: 'horizontal',
    });
    await flush();
    expect(calls).toHaveLength(2);
    second.reject(new Error('保存失败'));
    await expect(b).rejects.toThrow();
    expect(shownFor()).toEqual({ ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'dark' });
  });

  it('a read that started before a save does not undo it', async () => {
    const get = deferred<ServerLayoutSettings>();
    const put = deferred<ServerLayoutSettings>();
    answerCallsWith(get, put);
    const reading = fetchServerSettings(userId);
    const saving = saveServerSettings(client, userId, { theme: 'dark' });
    await flush();
    put.resolve({ ...SAVED, theme: 'dark' });
    await saving;
    get.resolve(SAVED); // the old value, read before the save
    await expect(reading).resolves.toEqual({ ...SAVED, theme: 'dark' });
  });

  it("takes another tab's saved settings, field by field validated", () => {
    acceptServerSettings(client, userId, {
      ...SAVED,
      theme: 'night',
    } as unknown as ServerLayoutSettings);
    expect(shownFor()).toEqual({ ...SAVED, theme: 'mixins' });
  });
});

describe('settings read by the server with the page (issue 11)', () => {
  it('are in the cache before the first render, cleaned, and never overwrite a newer cache', () => {
    const client = new QueryClient();
    const dark: ServerLayoutSettings = { ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'dark' };
    seedServerSettings(client, 41, { ...dark, layout: 'diagonal' as 'inline' });
    // A stale stored value falls back to its default; the rest is kept.
    expect(client.getQueryData(serverSettingsKey(41))).toEqual(dark);
    seedServerSettings(client, 41, DEFAULT_SERVER_LAYOUT_SETTINGS);
    expect(client.getQueryData(serverSettingsKey(41))).toEqual(dark);
    expect(client.getQueryData(serverSettingsKey(42))).toBeUndefined();
  });
});
