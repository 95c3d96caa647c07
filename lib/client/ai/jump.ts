'use client';

import { AI_JUMP_KEY } from '@/lib/client/session/login-flags';
import { AI_QUERY_MAX } from '@/lib/shared/ai/ai.constants';

const AI_ASK_KEY = 'leadradar.aiAsk';

/**
 * Spec 2.2 / 4.1: a signed-out visitor who enters the AI assistant (home page AI card, AI employee
 * pages) is asked to sign in first; this flag makes the login land on /ai?isJump=1. The login
 * modal consumes it (consumeAiJumpFlag).
 */
export function setAiJumpFlag(ask?: string): void {
  try {
    window.localStorage.setItem(AI_JUMP_KEY, '1');
    // The request of the skill the visitor chose (/digitalEmployee), filled in on /ai.
    if (ask) window.localStorage.setItem(AI_ASK_KEY, ask.slice(0, AI_QUERY_MAX));
    else window.localStorage.removeItem(AI_ASK_KEY);
  } catch {
    // Storage blocked (private mode): the login then simply reloads the page.
  }
}

/** The request stored with the jump flag, once (/ai fills its send box with it). */
export function takeAiAsk(): string | null {
  try {
    const ask = window.localStorage.getItem(AI_ASK_KEY);
    window.localStorage.removeItem(AI_ASK_KEY);
    return ask ? ask.slice(0, AI_QUERY_MAX) : null;
  } catch {
    return null;
  }
}

/** /ai itself clears a flag left over from an entry whose login was abandoned. */
export function clearAiJumpFlag(): void {
  try {
    window.localStorage.removeItem(AI_JUMP_KEY);
  } catch {
    // Nothing stored.
  }
}
