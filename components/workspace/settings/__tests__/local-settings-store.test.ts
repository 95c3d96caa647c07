import {
  DEFAULT_LOCAL_LAYOUT_SETTINGS,
  LAYOUT_STORAGE_KEY,
} from '@/lib/shared/workspace/layout-settings';
import { createLocalSettingsStore, type StorageWindow } from '../local-settings-store';

/** A window with a Map-backed local storage and a dispatchable 'storage' event. */
function fakeWindow(initial: Record<string, string> = {}, { blocked = false } = {}) {
  const data = new Map(Object.entries(initial));
  const storageListeners: ((e: StorageEvent) => void)[] = [];
  const win = {
    localStorage: {
      getItem: (k: string) => {
        if (blocked) throw new Error('SecurityError');
        return data.get(k) ?? null;
      },
      setItem: (k: string, v: string) => {
        if (blocked) throw new Error('QuotaExceededError');
        data.set(k, v);
      },
    },
    addEventListener: (type: string, listener: (e: StorageEvent) => void) => {
      if (type === 'storage') storageListeners.push(listener);
    },
  } as unknown as StorageWindow;
  /** What another tab does: write the key, then this tab gets the event. */
  const otherTabWrites = (key: string | null, value: string | null) => {
    if (key !== null && value !== null) data.set(key, value);
    for (const l of storageListeners) l({ key } as StorageEvent);
  };
  return { win, data, otherTabWrites };
}

describe('local layout settings store', () => {
  it('reads the defaults when nothing or bad JSON is stored', () => {
    expect(createLocalSettingsStore(() => fakeWindow().win).getSnapshot()).toEqual(
      DEFAULT_LOCAL_LAYOUT_SETTINGS,
    );
    const bad = fakeWindow({ [LAYOUT_STORAGE_KEY]: '{oops' });
    expect(createLocalSettingsStore(() => bad.win).getSnapshot()).toEqual(
      DEFAULT_LOCAL_LAYOUT_SETTINGS,
    );
  });

  it('gives the same object until something changes (useSyncExternalStore needs that)', () => {
    const store = createLocalSettingsStore(() => fakeWindow().win);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('stores holding the defaults give the server snapshot itself, so hydration renders once', () => {
    const empty = createLocalSettingsStore(() => fakeWindow().win);
    expect(empty.getSnapshot()).toBe(empty.getServerSnapshot());
    const defaults = fakeWindow({
      [LAYOUT_STORAGE_KEY]: JSON.stringify({ open: true, fixHeader: true, tagShow: true }),
    });
    const same = createLocalSettingsStore(() => defaults.win);
    expect(same.getSnapshot()).toBe(same.getServerSnapshot());
    const changed = fakeWindow({ [LAYOUT_STORAGE_KEY]: JSON.stringify({ tagShow: false }) });
    const other = createLocalSettingsStore(() => changed.win);
    expect(other.getSnapshot()).not.toBe(other.getServerSnapshot());
    expect(other.getSnapshot().tagShow).toBe(false);
  });

  it('writes only the local fields, validated, and tells subscribers', () => {
    const { win, data } = fakeWindow();
    const store = createLocalSettingsStore(() => win);
    const listener = jest.fn();
    store.subscribe(listener);
    store.update({ tagShow: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ ...DEFAULT_LOCAL_LAYOUT_SETTINGS, tagShow: false });
    expect(JSON.parse(data.get(LAYOUT_STORAGE_KEY) ?? '')).toEqual({
      open: true,
      fixHeader: true,
      tagShow: false,
    });
  });

  it("picks up another tab's change and ignores other keys", () => {
    const { win, otherTabWrites } = fakeWindow();
    const store = createLocalSettingsStore(() => win);
    const listener = jest.fn();
    store.subscribe(listener);
    otherTabWrites('leadradar.tags', '[]');
    expect(listener).not.toHaveBeenCalled();
    otherTabWrites(LAYOUT_STORAGE_KEY, '{"open":false,"fixHeader":false,"tagShow":true}');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual({ open: false, fixHeader: false, tagShow: true });
  });

  it('keeps a change for the page when storage is blocked', () => {
    const { win } = fakeWindow({}, { blocked: true });
    const store = createLocalSettingsStore(() => win);
    store.update({ fixHeader: false });
    expect(store.getSnapshot().fixHeader).toBe(false);
  });

  it('serves the defaults to the server render', () => {
    const store = createLocalSettingsStore(() => fakeWindow().win);
    expect(store.getServerSnapshot()).toEqual(DEFAULT_LOCAL_LAYOUT_SETTINGS);
  });
});
