'use client';

import { createContext, useSyncExternalStore } from 'react';

/**
 * Public pages ship without antd, React Query and the session store. The full runtime
 * (PublicRuntime: antd providers, session, login modal, user menu, API error reactions) loads on
 * demand: when the visitor opens 登录, when the address asks for the login modal (/login,
 * ?redirect=, ?invitationCode=, WeChat ?code&state), when a signed-in user is recognised, or when
 * an action needs it. Islands talk to it through RuntimeApi.
 */
export type RuntimeApi = {
  openLoginModal: (redirect?: string) => void;
  /** The login modal, then back to this page. */
  goToLogin: () => void;
  success: (text: string) => void;
  /** Quota dialog, sign-in or a message, as everywhere else (useActionError). */
  reportError: (err: unknown) => void;
};

/** True inside AppProviders: the page already has the full runtime (workspace, invitation). */
export const FullRuntimeContext = createContext(false);

let wanted = false;
let api: RuntimeApi | null = null;
const listeners = new Set<() => void>();
let resolveReady: (a: RuntimeApi) => void = () => undefined;
const ready = new Promise<RuntimeApi>((resolve) => {
  resolveReady = resolve;
});

function notify(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the runtime (once) and resolves when it is mounted. */
export function requestRuntime(): Promise<RuntimeApi> {
  if (!wanted) {
    wanted = true;
    notify();
  }
  return ready;
}

/** Called by the runtime once mounted. */
export function runtimeMounted(a: RuntimeApi): void {
  if (api) return;
  api = a;
  resolveReady(a);
  notify();
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

/** 登录/注册: opens the login modal (loading it first). */
export function openLogin(): void {
  void requestRuntime().then((rt) => rt.openLoginModal());
}

/** A signed-out visitor asked for a signed-in action: the login modal, then back to this page. */
export function sendToLogin(): void {
  void requestRuntime().then((rt) => rt.goToLogin());
}

/** The element the runtime renders the full user menu into (the lean header's user area). */
export const USER_SLOT_ID = 'public-user-slot';
