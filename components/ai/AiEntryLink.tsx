'use client';

import { leanSession, whenSignedInKnown } from '@/lib/client/lean/public-session';
import { openLogin } from '@/components/providers/runtime-loader';
import { setAiJumpFlag } from '@/lib/client/ai/jump';

/**
 * The home page's AI card action (spec 2.2, 4.1): a member goes straight to /ai; a visitor gets
 * the login modal with the AI flag stored, so the login lands on /ai?isJump=1. A plain link, so
 * the page stays the same for everyone (page cache) and works before the island hydrates.
 */
export function AiEntryLink({ children = '立即体验 AI 助手' }: { children?: React.ReactNode }) {
  return (
    <a
      href="/ai"
      className="pub-text-link"
      style={{ display: 'inline-block', marginTop: 8 }}
      data-testid="home-ai-entry"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        // A member follows the link as it is.
        if (leanSession.getSnapshot() === 'signed-in') return;
        e.preventDefault();
        void whenSignedInKnown().then((signedIn) => {
          if (signedIn) {
            // A full load, as the plain link would do (the lean page has no client router state).
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            window.location.href = '/ai';
            return;
          }
          setAiJumpFlag();
          openLogin();
        });
      }}
    >
      {children}
    </a>
  );
}
