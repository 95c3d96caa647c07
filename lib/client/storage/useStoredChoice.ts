'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * A choice of the user that outlives the page (column sets, view options), kept in local
 * storage under `key`. What is stored is read after mounting, so server and first client render
 * agree; values that no longer pass `accept` (an option removed since) fall back to `initial`.
 */
export function useStoredChoice<T>(
  key: string,
  initial: T,
  accept: (value: unknown) => value is T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(initial);

  useEffect(() => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return;
      const parsed: unknown = JSON.parse(raw);
      // Reading storage after mount is the point: the server cannot know the stored choice.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (accept(parsed)) setValue(parsed);
    } catch {
      // Unreadable or blocked storage: keep the default.
    }
    // `accept` is a type guard the caller defines inline; the key decides what is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Full or blocked storage: the choice holds for this page only.
      }
    },
    [key],
  );
  return [value, choose];
}
