'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { onDemand } from '@/lib/client/on-demand';
import { setFeedbackLoader } from '@/lib/client/feedback';

const loadHost = onDemand(() => import('./FeedbackHost'));
const FeedbackHost = dynamic(loadHost, { ssr: false });

/** When the page has started and the browser is idle, the host comes in before anyone needs it. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1500);
  return () => window.clearTimeout(id);
}

/**
 * Where the feedback host mounts (once, inside the theme). Not in the first load: it comes on idle
 * after the page starts, or at once when a message, notification or confirmation is asked for.
 */
export function FeedbackSlot() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    setFeedbackLoader(want);
    const cancel = whenIdle(want);
    return () => {
      cancel();
      setFeedbackLoader(null);
    };
  }, []);
  return wanted ? <FeedbackHost /> : null;
}
