'use client';

import { call, ApiClientError } from '@/lib/client/request';
import { DEFAULT_ROLE } from '@/lib/shared/auth/permission';
import {
  getPermissionInfo,
  listMenus,
  logout as logoutContract,
} from '@/lib/shared/auth/auth.endpoints';
import { getRemindStatus } from '@/lib/shared/notify/notify.endpoints';
import { getSztkProfile } from '@/lib/shared/user/user.endpoints';
import { getCompanyVipInfo } from '@/lib/shared/vip/vip.endpoints';
import type { PermissionInfo } from '@/lib/shared/auth/auth.contract';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import type { SessionSeed } from '@/lib/shared/workspace/session-seed';
import { webMenus } from '@/lib/shared/menu/web-menus';
import { needsSession } from '@/lib/shared/routes';
import type { RemindStatus } from '@/lib/shared/notify/notify.contract';
import type { SztkProfile } from '@/lib/shared/user/user.contract';
import type { CompanyVipInfo } from '@/lib/shared/vip/vip.contract';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** Spec 3 "user info response": user (id, avatar, userName, nickname). */
export type SessionUser = NonNullable<PermissionInfo['user']>;

export type VipInfo = CompanyVipInfo;

export type ReviewStatus = { mobile: string; status: number } | null;

export type SessionSnapshot = {
  status: SessionStatus;
  user: SessionUser | null;
  roles: string[];
  permissions: string[];
  profile: SztkProfile | null;
  vip: VipInfo | null;
  menus: MenuItem[];
  /** Notification remind status of the tenant (spec 3 remindsStatus). */
  remindStatus: RemindStatus | null;
  /** Join request under review or rejected (spec 3 reviewStatus). */
  reviewStatus: ReviewStatus;
  /** Set when the session was ended by a login elsewhere (spec 3 reloginStatus). */
  reloginStatus: boolean;
  /** Spec 3 loginModalShow; the side menu hides while it is open. */
  loginModalOpen: boolean;
  /** Where to go after the login started by openLoginModal(redirect). */
  loginRedirect: string | null;
  offlineDialogOpen: boolean;
  /** An embedded platform frame posted APP_PAGE_LOADED (spec 4.1). */
  embeddedAppLoaded: boolean;
};

const SIGNED_OUT: Omit<
  SessionSnapshot,
  'loginModalOpen' | 'loginRedirect' | 'offlineDialogOpen' | 'embeddedAppLoaded'
> = {
  status: 'signed-out',
  user: null,
  roles: [],
  permissions: [],
  profile: null,
  vip: null,
  menus: [],
  remindStatus: null,
  reviewStatus: null,
  reloginStatus: false,
};

let state: SessionSnapshot = {
  ...SIGNED_OUT,
  status: 'loading',
  loginModalOpen: false,
  loginRedirect: null,
  offlineDialogOpen: false,
  embeddedAppLoaded: false,
};
const listeners = new Set<() => void>();
let generation = 0;

function setState(patch: Partial<SessionSnapshot>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): SessionSnapshot => state,
  /**
   * Server render without a seed: "loading" (the session cookie is httpOnly and read by the BFF
   * only). Workspace pages render with their seed instead (useSession, seededSnapshot).
   */
  getServerSnapshot: (): SessionSnapshot => SERVER_SNAPSHOT,
  set: setState,
};

const SERVER_SNAPSHOT: SessionSnapshot = { ...state };

const silent = { silent: true } as const;

async function optional<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch {
    return null;
  }
}

/**
 * Loads who is signed in (spec 4.1): user info with roles and permissions, then VIP info, profile
 * and the menu tree. A 401 means signed out; any other failure keeps the session unknown.
 */
export async function loadSession(): Promise<SessionStatus> {
  const gen = ++generation;
  // Spec 4.1: with a token, VIP info, profile, menu and the tenant's remind status come along.
  // On a signed-in page the guard has seen the session cookie, so all five go out at once (the
  // page waits for the menu); elsewhere a visitor is likely, so who is signed in is asked first.
  const details = () =>
    Promise.all([
      optional(call(getCompanyVipInfo, undefined, silent)),
      optional(call(getSztkProfile, undefined, silent)),
      optional(call(listMenus, undefined, silent)),
      optional(call(getRemindStatus, undefined, silent)),
    ]);
  const early = needsSession(window.location.pathname) ? details() : null;
  let info: PermissionInfo;
  try {
    info = await call(getPermissionInfo, undefined, silent);
  } catch (err) {
    if (gen !== generation) return state.status;
    setState({ ...SIGNED_OUT, reloginStatus: state.reloginStatus });
    if (err instanceof ApiClientError && (err.code === 401 || err.code === 1002003000))
      return 'signed-out';
    throw err;
  }
  const [vip, profile, menus, remindStatus] = await (early ?? details());
  if (gen !== generation) return state.status;
  setState(signedInState({ info, vip, profile, menus, remindStatus }));
  return 'signed-in';
}

export type { SessionSeed } from '@/lib/shared/workspace/session-seed';

function signedInState(seed: SessionSeed): Partial<SessionSnapshot> {
  const { info, profile } = seed;
  return {
    status: 'signed-in',
    user: info.user,
    // Spec 6: no roles means ROLE_DEFAULT.
    roles: info.roles.length > 0 ? info.roles : [DEFAULT_ROLE],
    permissions: info.permissions,
    vip: seed.vip,
    profile,
    menus: webMenus(seed.menus ?? []),
    remindStatus: seed.remindStatus,
    reviewStatus: profile?.reviewStatus ?? null,
    reloginStatus: false,
  };
}

/** Starts the tab signed in from the server's seed (instead of loadSession's requests). */
export function applySessionSeed(seed: SessionSeed): void {
  generation++;
  setState(signedInState(seed));
}

/**
 * The snapshot a fresh tab has once `seed` is applied, computed without touching the store: what
 * the server renders a workspace page with, so the first paint already shows the signed-in frame
 * (user menu, side menu) and hydration finds the same markup.
 */
export function seededSnapshot(seed: SessionSeed): SessionSnapshot {
  return { ...SERVER_SNAPSHOT, ...signedInState(seed) };
}

/** Forgets everything about the user in this tab (spec 4.1 logout). */
export function clearSession(patch: Partial<SessionSnapshot> = {}): void {
  generation++;
  setState({ ...SIGNED_OUT, ...patch });
}

/** Ends the session on the server (revokes the tokens, drops the cookie) and in this tab. */
export async function logout(): Promise<void> {
  try {
    await call(logoutContract, undefined, silent);
  } catch {
    // The cookie is dropped by the BFF whatever the API answered; nothing more to do here.
  }
  clearSession();
}

/** Opens the login modal in place; after login the browser goes to `redirect` (a path). */
export function openLoginModal(redirect?: string): void {
  setState({ loginModalOpen: true, loginRedirect: redirect ?? null });
}

/** Signed-out visitors asking for a signed-in action get the login modal in place, then come back. */
export function goToLogin(): void {
  openLoginModal(window.location.pathname + window.location.search);
}

export function closeLoginModal(): void {
  setState({ loginModalOpen: false, loginRedirect: null });
}
