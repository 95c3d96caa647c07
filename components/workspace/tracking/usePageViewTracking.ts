'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import { call } from '@/lib/client/request';
import { logTrackEvent } from '@/lib/shared/track/track.endpoints';

export const PAGE_VIEW_EVENT = 'page_view';

/** Sends one event; a failed or refused track call never reaches the user. */
function sendPageView(path: string): void {
  try {
    call(logTrackEvent, { body: { event: PAGE_VIEW_EVENT, path } }, { silent: true }).catch(
      () => undefined,
    );
  } catch {
    // Tracking must never break a page.
  }
}

/**
 * Records a page view (POST /system/track-log/log) each time the path changes. The shell calls
 * it once. Visitors are counted too: the endpoint is public and knows a signed-in user from the
 * session. The query string is left out (it may hold what was searched).
 */
export function usePageViewTracking(): void {
  const pathname = usePathname();
  // React's development double effects must not count a view twice.
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    if (!pathname || lastSent.current === pathname) return;
    lastSent.current = pathname;
    sendPageView(pathname);
  }, [pathname]);
}
