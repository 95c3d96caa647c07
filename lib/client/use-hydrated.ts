'use client';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while React hydrates that HTML, true from the render after:
 * for what only the browser may render (an antd Modal's `forceRender` portal, which the server
 * cannot render and hydration would find missing: React error #418, issue 28 item 6).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
