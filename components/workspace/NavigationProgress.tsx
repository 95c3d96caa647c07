'use client';

import { useEffect, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';

const START_EVENT = 'leadradar:navigation-start';
/** A navigation that never completes (error page, aborted) must not leave the bar running. */
const GIVE_UP_MS = 10_000;

/** For code that navigates with router.push: shows the bar until the new page is there. */
export function startNavigationProgress(): void {
  window.dispatchEvent(new Event(START_EVENT));
}

/** A click that will make the App Router load another page of this site. */
function isInternalNavigation(e: MouseEvent): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
    return false;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download'))
    return false;
  const url = new URL(a.href, window.location.href);
  return (
    url.origin === window.location.origin &&
    (url.pathname !== window.location.pathname || url.search !== window.location.search)
  );
}

/** Spec 2.3: a page-level progress bar runs during each navigation. */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const here = search ? `${pathname}?${search}` : pathname;
  // The address a navigation started from: the bar runs until the rendered address differs.
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [shown, setShown] = useState(here);
  if (shown !== here) {
    // A new address is rendered: that navigation is over (React's derived-state pattern).
    setShown(here);
    setStartedAt(null);
  }
  const running = startedAt === here;

  useEffect(() => {
    const start = () => setStartedAt(window.location.pathname + window.location.search);
    const onClick = (e: MouseEvent) => {
      if (isInternalNavigation(e)) start();
    };
    window.addEventListener(START_EVENT, start);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener(START_EVENT, start);
      document.removeEventListener('click', onClick);
    };
  }, []);

  useEffect(() => {
    if (!running) return;
    const t = window.setTimeout(() => setStartedAt(null), GIVE_UP_MS);
    return () => window.clearTimeout(t);
  }, [running]);

  return (
    <div
      className={running ? 'ws-progress ws-progress-running' : 'ws-progress'}
      role="progressbar"
      aria-hidden={!running}
      aria-label="页面加载中"
    />
  );
}
