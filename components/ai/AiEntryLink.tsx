'use client';

import { leanSession, whenSignedInKnown } from '@/lib/client/lean/public-session';
import { openLogin } from '@/components/providers/runtime-loader';
import { setAiJumpFlag } from '@/lib/client/ai/jump';

/**
 * The home page's AI card action (spec 2.2, 4.1): a member goes straight to /ai; a visitor gets
 * the login modal with the AI flag stored, so the login lands on /ai?isJump=1. A plain link, so
 * the page stays the same for everyone (page cache) and works before the island hydrates.
 */
export function AiEntryLink({
  children = '立即体验 AI 助手',
  ask,
  className = 'pub-text-link',
  style = { display: 'inline-block', marginTop: 8 },
  testId = 'home-ai-entry',
}: {
  children?: React.ReactNode;
  /** A request to fill in on /ai (a skill's example): kept through the login. */
  ask?: string;
  className?: string;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const href = ask ? `/ai?ask=${encodeURIComponent(ask)}` : '/ai';
  return (
    <a
      href={href}
      className={className}
      style={style}
      data-testid={testId}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        // A member follows the link as it is.
        if (leanSession.getSnapshot() === 'signed-in') return;
        e.preventDefault();
        void whenSignedInKnown().then((signedIn) => {
          if (signedIn) {
            // A full load, as the plain link would do (the lean page has no client router state).
            window.location.href = href;
            return;
          }
          setAiJumpFlag(ask);
          openLogin();
        });
      }}
    >
      {children}
    </a>
  );
}
