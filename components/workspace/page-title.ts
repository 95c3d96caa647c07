'use client';

import { useSyncExternalStore } from 'react';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';

/** Next updates <title> after each navigation: follow it. */
function subscribeToTitle(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}

function noSubscription(): () => void {
  return () => undefined;
}

/**
 * The title shown for the current page: its menu entry's name, or for pages outside the menu the
 * page's own title (its metadata) without the product suffix. Only the few places that show it
 * (title badge, breadcrumb, tag strip) call this, so the document title arriving after hydration
 * re-renders them, not the whole shell; with a menu name it does not watch the document at all.
 */
export function usePageTitle(routeName: string | undefined): string {
  const watch = routeName === undefined;
  const title = useSyncExternalStore(
    watch ? subscribeToTitle : noSubscription,
    () => (watch ? document.title : ''),
    () => '',
  );
  return routeName ?? title.replace(PRODUCT_SUFFIX, '').trim();
}

/**
 * The document's own title without the product suffix, followed as it changes ('' on the
 * server): what the page says it is, whatever its menu entry is called (e.g. the not-found page
 * rendered under a menu entry's path).
 */
export function useDocumentTitle(): string {
  const title = useSyncExternalStore(
    subscribeToTitle,
    () => document.title,
    () => '',
  );
  return title.replace(PRODUCT_SUFFIX, '').trim();
}
