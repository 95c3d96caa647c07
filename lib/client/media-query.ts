'use client';

import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following its changes. The server and hydration use
 * `serverValue` (the page cannot know the screen), so the first client render matches the HTML
 * and only a different answer renders again.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
