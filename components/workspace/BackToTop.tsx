'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';

// antd's floating button comes with the first scroll past the threshold: most page views never
// scroll that far, and none needs it on first paint.
const BackTopButton = dynamic(() => import('./BackTopButton').then((m) => m.BackTopButton), {
  ssr: false,
});

/** Spec 2.3: 回到顶部 once the page has scrolled past `after` px. */
export function BackToTop({ after }: { after: number }) {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return;
    const check = () => {
      if (window.scrollY > after) setReached(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [after, reached]);
  return reached ? <BackTopButton after={after} /> : null;
}
