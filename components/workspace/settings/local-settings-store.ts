import {
  DEFAULT_LOCAL_LAYOUT_SETTINGS,
  LAYOUT_STORAGE_KEY,
  localSettingsFrom,
  parseLocalSettings,
  serializeLocalSettings,
  type LocalLayoutSettings,
} from '@/lib/shared/workspace/layout-settings';

/** What the store needs of the browser (a fake in tests). */
export type StorageWindow = Pick<Window, 'localStorage' | 'addEventListener'>;

export type LocalSettingsStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LocalLayoutSettings;
  getServerSnapshot(): LocalLayoutSettings;
  update(patch: Partial<LocalLayoutSettings>): void;
};

/**
 * open, fixHeader and tagShow: remembered in this browser's local storage (spec 3), shared by
 * every component of the shell through useSyncExternalStore. Another tab's change arrives as a
 * 'storage' event; blocked or full storage still keeps a change for this page's life.
 */
function sameSettings(a: LocalLayoutSettings, b: LocalLayoutSettings): boolean {
  const keys = Object.keys(b) as (keyof LocalLayoutSettings)[];
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === b[k]);
}

export function createLocalSettingsStore(getWindow: () => StorageWindow): LocalSettingsStore {
  let current: LocalLayoutSettings | null = null;
  let watching = false;
  const listeners = new Set<() => void>();

  function readStorage(): LocalLayoutSettings {
    let stored: LocalLayoutSettings;
    try {
      stored = parseLocalSettings(getWindow().localStorage.getItem(LAYOUT_STORAGE_KEY));
    } catch {
      return DEFAULT_LOCAL_LAYOUT_SETTINGS;
    }
    // The defaults are the server snapshot itself: hydration then finds nothing changed and does
    // not render the whole shell a second time (React compares snapshots by identity).
    return sameSettings(stored, DEFAULT_LOCAL_LAYOUT_SETTINGS)
      ? DEFAULT_LOCAL_LAYOUT_SETTINGS
      : stored;
  }

  function emit(next: LocalLayoutSettings): void {
    current = next;
    for (const listener of listeners) listener();
  }

  /** Another tab wrote the key, or cleared storage (key null): read it again. */
  function onStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== LAYOUT_STORAGE_KEY) return;
    emit(readStorage());
  }

  function getSnapshot(): LocalLayoutSettings {
    current ??= readStorage();
    return current;
  }

  return {
    subscribe(listener) {
      // One listener for the page's life, so the value stays current between subscribers.
      if (!watching) {
        watching = true;
        getWindow().addEventListener('storage', onStorage);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot,
    // Server render and hydration: the defaults (the server cannot read local storage).
    getServerSnapshot: () => DEFAULT_LOCAL_LAYOUT_SETTINGS,
    update(patch) {
      const next = localSettingsFrom({ ...getSnapshot(), ...patch });
      try {
        getWindow().localStorage.setItem(LAYOUT_STORAGE_KEY, serializeLocalSettings(next));
      } catch {
        // Full or blocked storage: the change holds for this page only.
      }
      emit(next);
    },
  };
}

/** The browser's store, shared by the whole shell. */
export const localSettingsStore = createLocalSettingsStore(() => window);
