'use client';

import { useCallback, useSyncExternalStore } from 'react';
import {
  COMPARE_EVENT,
  COMPARE_STORAGE_KEY,
  parseCompareList,
  writeCompareList,
  type CompareEntry,
} from './compare-list';

const EMPTY: CompareEntry[] = [];
let cachedRaw: string | null = null;
let cachedList: CompareEntry[] = EMPTY;

/** The stored list, the same array while the stored text is unchanged (a stable snapshot). */
function snapshot(): CompareEntry[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parseCompareList(raw);
  }
  return cachedList;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === COMPARE_STORAGE_KEY) onChange();
  };
  window.addEventListener(COMPARE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(COMPARE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const noSubscribe = () => () => {};

/**
 * The comparison list shared by every island of the page and by other tabs (the `storage`
 * event). The server renders it empty and not ready (it cannot know the list); the browser reads
 * local storage when hydrating.
 */
export function useCompareList(): [
  CompareEntry[],
  (change: (list: CompareEntry[]) => CompareEntry[]) => void,
  boolean,
] {
  const list = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const ready = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const update = useCallback((change: (list: CompareEntry[]) => CompareEntry[]) => {
    writeCompareList(change(snapshot()));
  }, []);
  return [list, update, ready];
}
