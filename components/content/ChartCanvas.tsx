'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReportChart } from '@/lib/shared/content/content.contract';

/** ECharts loads only in the browser, after the page has shown its text (the data tables). */
const EChartView = lazy(() => import('./EChartView'));

/** After the page's load event, how long an untouched page waits before drawing its charts. */
const IDLE_DRAW_MS = 4000;

let engaged: Promise<void> | null = null;

/**
 * Resolves on the visitor's first scroll, pointer, touch or key, or once the page has been idle
 * for a while: ECharts (the page's heaviest script) then loads without competing with the first
 * paint and the page's own islands. Shared by every chart of the page.
 */
function whenEngaged(): Promise<void> {
  engaged ??= new Promise<void>((resolve) => {
    const events = ['scroll', 'pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'];
    const done = () => {
      for (const e of events) window.removeEventListener(e, done);
      resolve();
    };
    for (const e of events) window.addEventListener(e, done, { once: true, passive: true });
    const idle = () =>
      window.setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(done, { timeout: 2000 });
        else done();
      }, IDLE_DRAW_MS);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return engaged;
}

/**
 * The canvas of one report chart: the same-sized placeholder until the chart is near the viewport
 * and the visitor engages (or the page is idle), then ECharts draws it. The server never renders
 * it; the chart's numbers are in the table below it in the HTML.
 */
export function ChartCanvas({ chart }: { chart: ReportChart }) {
  const box = useRef<HTMLDivElement>(null);
  const [draw, setDraw] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void whenEngaged().then(() => {
          if (!cancelled) setDraw(true);
        });
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  const placeholder = <div ref={box} className="ct-chart-canvas ct-chart-wait" aria-hidden />;
  if (!draw) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChartView chart={chart} />
    </Suspense>
  );
}
