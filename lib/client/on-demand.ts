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
