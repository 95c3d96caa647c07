'use client';

import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { hasPermission, type PermissionRequirement } from '@/lib/shared/auth/permission';
import {
  applySessionSeed,
  loadSession,
  logout,
  seededSnapshot,
  sessionStore,
  type SessionSeed,
  type SessionSnapshot,
  type SessionStatus,
} from './session-store';
import { consumeLoginSuccessFlag } from './login-flags';
import { isOpenPath } from '@/lib/shared/routes';
import { useFeedback } from '@/lib/client/feedback';

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

/** The seed this page load started from, once applied (one per page load). */
let applied: { seed: SessionSeed; snapshot: SessionSnapshot } | null = null;

function apply(seed: SessionSeed): SessionSnapshot {
  applySessionSeed(seed);
  applied = { seed, snapshot: sessionStore.getSnapshot() };
  return applied.snapshot;
}

/** What the server rendered the page with, for the hydrating render to read the same. */
const SeededSnapshot = createContext<SessionSnapshot | null>(null);

/**
 * The seed's snapshot for the server render and for hydration. In the browser the first render of
 * a fresh page load puts the seed into the store right away (nobody listens to it yet), so the
 * hydrating render, the store and the server's markup all agree: the signed-in frame is in the
 * first paint and nothing moves or renders twice after hydration. Null without a seed, or when the
 * store already holds a session (a client navigation from another area; the layout effect below
 * then applies the seed).
 */
function useSeededSnapshot(seed: SessionSeed | null | undefined): SessionSnapshot | null {
  const [seeded] = useState<SessionSnapshot | null>(() => {
    if (!seed) return null;
    if (typeof window === 'undefined') return seededSnapshot(seed);
    // React may call this twice (strict mode): the second call answers the same.
    if (applied?.seed === seed) return applied.snapshot;
    if (applied || sessionStore.getSnapshot().status !== 'loading') return null;
    return apply(seed);
  });
  return seeded;
}

/**
 * Loads the session once per page load and shows the deferred 登录成功 after a login reload. A
 * `seed` read by the server (workspace pages) starts the tab signed in from the first paint on;
 * without one (public areas, an access token that needs the BFF's refresh) it is fetched.
 */
export function SessionProvider({
  children,
  seed,
}: {
  children: React.ReactNode;
  seed?: SessionSeed | null;
}) {
  const { message } = useFeedback();
  const seeded = useSeededSnapshot(seed);
  useReloadWhenBack();
  useLayoutEffect(() => {
    // Once per page load: a later client navigation keeps the store it already has.
    if (seed && !applied) apply(seed);
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
  return <SeededSnapshot.Provider value={seeded}>{children}</SeededSnapshot.Provider>;
}

export type UseSessionResult = SessionSnapshot & {
  refresh: () => Promise<SessionStatus>;
  logout: () => Promise<void>;
};

/** Who is signed in: status, user, roles, permissions, profile, VIP info, menus. */
export function useSession(): UseSessionResult {
  const seeded = useContext(SeededSnapshot);
  const snap = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    seeded ? () => seeded : sessionStore.getServerSnapshot,
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
