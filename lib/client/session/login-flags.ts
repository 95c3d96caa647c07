'use client';

/**
 * Small per-browser flags of the sign-in flow. None holds a secret: the tokens live in the sealed
 * httpOnly cookie and the password is never stored (ADR 0007).
 */
const LOGIN_SUCCESS_KEY = 'leadradar.loginSuccess';
const REMEMBERED_ACCOUNT_KEY = 'leadradar.rememberedAccount';
/** Set by the AI entry points when a signed-out visitor should land on /ai after login. */
export const AI_JUMP_KEY = 'leadradar.jumpToAi';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The message 登录成功 survives the reload that follows a login. */
export function setLoginSuccessFlag(): void {
  storage('session')?.setItem(LOGIN_SUCCESS_KEY, '1');
}

export function consumeLoginSuccessFlag(): boolean {
  const s = storage('session');
  if (!s || s.getItem(LOGIN_SUCCESS_KEY) !== '1') return false;
  s.removeItem(LOGIN_SUCCESS_KEY);
  return true;
}

/** Remember-me pre-fills the account name only (ADR 0007). */
export function getRememberedAccount(): string {
  return storage('local')?.getItem(REMEMBERED_ACCOUNT_KEY) ?? '';
}

export function setRememberedAccount(username: string | null): void {
  const s = storage('local');
  if (!s) return;
  if (username) s.setItem(REMEMBERED_ACCOUNT_KEY, username);
  else s.removeItem(REMEMBERED_ACCOUNT_KEY);
}

export function consumeAiJumpFlag(): boolean {
  const s = storage('local');
  if (!s || !s.getItem(AI_JUMP_KEY)) return false;
  s.removeItem(AI_JUMP_KEY);
  return true;
}
