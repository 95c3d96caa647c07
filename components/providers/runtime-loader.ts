'use client';

import { createContext, useSyncExternalStore } from 'react';
import type { PushMessage } from '@/lib/client/push/push-client';

/**
 * Public pages ship without antd, React Query and the session store, for visitors and signed-in
 * users alike (issue 10). The full runtime (PublicRuntime: antd providers, session, login modal,
 * invitation drawer, logout confirmation, API error reactions) loads on demand: when the visitor
 * opens 登录, when the address asks for the login modal (/login, ?redirect=, ?invitationCode=,
 * WeChat ?code&state), when a login's 登录成功 is pending, or when the user asks for something
 * that needs it (an action, 邀请企业用户, 退出登录). Islands talk to it through RuntimeApi.
 */
export type RuntimeApi = {
  openLoginModal: (redirect?: string) => void;
  /** The login modal, then back to this page. */
  goToLogin: () => void;
  success: (text: string) => void;
  /** Quota dialog, sign-in or a message, as everywhere else (useActionError). */
  reportError: (err: unknown) => void;
  /** 邀请企业用户: the invitation drawer (spec 2.4). */
  openInvitation: () => void;
  /** 退出登录: the confirmation of spec 2.4, then logout and away. */
  confirmLogout: () => void;
  /**
   * A push message that ends the session (用户已在别处登录, relogin) arrived on the lean page's
   * socket before the runtime was there: the same reaction as LoginController's (spec 4.1).
   */
  pushArrived: (message: PushMessage) => void;
};

/** True inside AppProviders: the page already has the full runtime (workspace, invitation). */
export const FullRuntimeContext = createContext(false);

let wanted = false;
/** The mounted runtime's API; a client navigation remounts the runtime with the page. */
let api: RuntimeApi | null = null;
let waiting: ((a: RuntimeApi) => void)[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the runtime (once) and resolves when it is mounted. */
export function requestRuntime(): Promise<RuntimeApi> {
  if (api) return Promise.resolve(api);
  if (!wanted) {
    wanted = true;
    notify();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Called by the runtime when mounted; answers what to call when it unmounts. */
export function runtimeMounted(a: RuntimeApi): () => void {
  api = a;
  const now = waiting;
  waiting = [];
  for (const resolve of now) resolve(a);
  notify();
  return () => {
    if (api !== a) return;
    api = null;
    notify();
  };
}

export function useRuntimeState(): { wanted: boolean; mounted: boolean } {
  const w = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const m = useSyncExternalStore(
    subscribe,
    () => api !== null,
    () => false,
  );
  return { wanted: w, mounted: m };
}

/**
 * The login modal's lean shell (issue 28 item 7): shown the moment the login is asked for, while
 * the runtime and the modal's code load, until the modal is up (loginModalShown) or the visitor
 * closes it (closeLoginShell, which also drops the pending opening).
 */
let loginShell = false;

export function showLoginShell(): void {
  if (loginShell) return;
  loginShell = true;
  notify();
}

/** The real modal is open: the shell goes. */
export function loginModalShown(): void {
  if (!loginShell) return;
  loginShell = false;
  notify();
}

/** The visitor closed the shell before the modal came: it does not open. */
export const closeLoginShell = loginModalShown;

/** Whether the shell is up (the hook's snapshot). */
export function loginShellUp(): boolean {
  return loginShell;
}

export function useLoginShell(): boolean {
  return useSyncExternalStore(subscribe, loginShellUp, () => false);
}

/** 登录/注册: the shell at once, then the login modal (loading it first). */
export function openLogin(): void {
  showLoginShell();
  void requestRuntime().then((rt) => {
    if (loginShell) rt.openLoginModal();
  });
}

/** A signed-out visitor asked for a signed-in action: the login modal, then back to this page. */
export function sendToLogin(): void {
  showLoginShell();
  void requestRuntime().then((rt) => {
    if (loginShell) rt.goToLogin();
  });
}

/** 邀请企业用户 of a signed-in user: the drawer (loading the runtime first). */
export function openInvitation(): void {
  void requestRuntime().then((rt) => rt.openInvitation());
}

/** 退出登录 in the lean user menu: the runtime's confirmation. */
export function confirmLogout(): void {
  void requestRuntime().then((rt) => rt.confirmLogout());
}
