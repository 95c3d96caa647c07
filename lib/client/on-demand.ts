'use client';

import { useCallback, useState } from 'react';

/**
 * A module the shell loads only when it is needed (a drawer, a panel, a dialog): the first call
 * starts the download, later calls share it, so a prefetch on hover and the render that follows
 * the click fetch the code once. A failed download (offline) is tried again on the next call.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}

/**
 * Whether a part loaded on demand has been asked for yet. It stays mounted once used, so closing
 * it keeps its closing animation and reopening it is instant.
 */
export function useUsed(): [used: boolean, markUsed: () => void] {
  const [used, setUsed] = useState(false);
  const markUsed = useCallback(() => setUsed(true), []);
  return [used, markUsed];
}

/**
 * useUsed for a part whose opening is state held elsewhere (a dialog's `open`, a drawer's id):
 * true from the first render it is open on, and from then on.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived during render (React's pattern for state that follows a prop): no extra effect pass.
  if (open && !opened) setOpened(true);
  return opened || open;
}
