'use client';

import { AI_JUMP_KEY } from '@/lib/client/session/login-flags';

/**
 * Spec 2.2 / 4.1: a signed-out visitor who enters the AI assistant (home page AI card, AI employee
 * pages) is asked to sign in first; this flag makes the login land on /ai?isJump=1. The login
 * modal consumes it (consumeAiJumpFlag).
 */
export function setAiJumpFlag(): void {
  try {
    window.localStorage.setItem(AI_JUMP_KEY, '1');
  } catch {
    // Storage blocked (private mode): the login then simply reloads the page.
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
