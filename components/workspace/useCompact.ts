'use client';

import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (768 px): below it the shell takes its phone form (spec: ≤ 768 px). */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is a phone's. Unlike antd's Grid.useBreakpoint (a forced update in a layout
 * effect), a wide screen hydrates without rendering the whole shell a second time; the server and
 * the first client render assume a wide screen, as antd's hook did.
 */
export function useCompact(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !window.matchMedia(WIDE).matches,
    () => false,
  );
}
