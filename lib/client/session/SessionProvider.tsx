'use client';

import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { App } from 'antd';
import { hasPermission, type PermissionRequirement } from '@/lib/shared/auth/permission';
import {
  applySessionSeed,
  loadSession,
  logout,
  sessionStore,
  type SessionSeed,
  type SessionSnapshot,
  type SessionStatus,
} from './session-store';
import { consumeLoginSuccessFlag } from './login-flags';
import { isOpenPath } from '@/lib/shared/routes';

let loginSuccessChecked = false;

/**
 * Coming back to a tab left for a while reloads the session, so a role changed meanwhile (by an
 * administrator, or in another tab) rebuilds the menu and clears the tags (spec 4.1).
 */
const RELOAD_AFTER_HIDDEN_MS = 60_000;

function useReloadWhenBack() {
  useEffect(() => {
    let hiddenSince: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenSince = Date.now();
        return;
      }
      const away = hiddenSince === null ? 0 : Date.now() - hiddenSince;
      hiddenSince = null;
      if (away >= RELOAD_AFTER_HIDDEN_MS && sessionStore.getSnapshot().status === 'signed-in')
        void loadSession().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}

let seedApplied = false;

/**
 * Loads the session once per page load and shows the deferred 登录成功 after a login reload. A
 * `seed` read by the server (workspace pages) starts the tab signed in before the first paint;
 * without one (public areas, an access token that needs the BFF's refresh) it is fetched.
 */
export function SessionProvider({
  children,
  seed,
}: {
  children: React.ReactNode;
  seed?: SessionSeed | null;
}) {
  const { message } = App.useApp();
  useReloadWhenBack();
  useLayoutEffect(() => {
    // Once per page load: a later client navigation keeps the store it already has.
    if (!seed || seedApplied) return;
    seedApplied = true;
    applySessionSeed(seed);
  }, [seed]);
  useEffect(() => {
    if (!seed)
      loadSession().catch((err: Error) => {
        // Spec 4.1/8: a failed load on a protected page logs out, shows the error and goes home.
        if (isOpenPath(window.location.pathname)) return;
        message.error(err.message || '系统未知错误，请反馈给管理员');
        // A full load: the guard and the modal start again from a clean page.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        void logout().then(() => window.location.assign('/'));
      });
    // Once per page load (React's dev double effects would otherwise eat the flag).
    if (!loginSuccessChecked) {
      loginSuccessChecked = true;
      // Spec 4.1: the success message shows with a 1 s delay.
      if (consumeLoginSuccessFlag()) setTimeout(() => message.success('登录成功'), 1000);
    }
  }, [message, seed]);
  return <>{children}</>;
}

export type UseSessionResult = SessionSnapshot & {
  refresh: () => Promise<SessionStatus>;
  logout: () => Promise<void>;
};

/** Who is signed in: status, user, roles, permissions, profile, VIP info, menus. */
export function useSession(): UseSessionResult {
  const snap = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  return { ...snap, refresh: loadSession, logout };
}

/** Spec 6: a string, an array (all required) or {type: 'some' | 'every', value}. */
export function usePermission(check: PermissionRequirement): boolean {
  const { permissions } = useSession();
  return hasPermission(permissions, check);
}

/** Renders its children only when the permission check passes (spec 6: hidden otherwise). */
export function Permission({
  check,
  fallback = null,
  children,
}: {
  check: PermissionRequirement;
  fallback?: React.ReactNode;
  children: React.ReactNode;
}) {
  return <>{usePermission(check) ? children : fallback}</>;
}
