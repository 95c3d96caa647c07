'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { leanCall } from '@/lib/client/lean/lean-api';
import { LEAN_ROUTES } from '@/lib/client/lean/lean-routes';
import type { LeanStatus } from '@/lib/client/lean/public-session';

/**
 * What the public header shows of a signed-in user (name, avatar, whether 绑定公众号 applies),
 * without the session store and antd (issue 10): one GET of the account profile once the lean
 * session says someone is signed in. The full runtime loads only when the user asks for
 * something that needs it (invitation drawer, logout confirmation, an action's feedback).
 */

export type LeanUser = {
  /** Nickname, else the account name. */
  name: string;
  avatar: string;
  /** An official account is bound: no 绑定公众号 in the menu (spec 2.4). */
  wechatBound: boolean;
};

/** The part of the profile answer read here (lib/shared/user/user.contract.ts). */
type ProfileAnswer = {
  nickname?: string;
  name?: string;
  avatar?: string;
  accountInfo?: { username?: string };
  profileInfo?: { weixinOpenId?: string | null };
};

/** Spec 2.5: nickname truncated at 8 characters. */
export function shortName(name: string): string {
  return name.length > 8 ? `${name.slice(0, 8)}…` : name;
}

/** The header's view of a profile answer; unknown names fall back to 用户. */
export function leanUserFrom(data: ProfileAnswer | null): LeanUser {
  const name = data?.nickname || data?.accountInfo?.username || data?.name || '用户';
  return {
    name,
    avatar: data?.avatar ?? '',
    wechatBound: !!data?.profileInfo?.weixinOpenId,
  };
}

/** null while unknown (signed out, or not asked yet). */
let user: LeanUser | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setUser(next: LeanUser | null): void {
  user = next;
  for (const l of listeners) l();
}

/** Signed out (logout, forced offline): the next sign-in may be someone else. */
function forgetLeanUser(): void {
  loading = null;
  if (user) setUser(null);
}

/** Asks once per page load; a failed answer still shows the menu, with 用户 as the name. */
export function loadLeanUser(): Promise<void> {
  loading ??= leanCall(LEAN_ROUTES.profile).then((a) =>
    setUser(leanUserFrom(a.code === 200 || a.code === 0 ? a.data : null)),
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's header data, fetched once the lean session says signed in. */
export function useLeanUser(status: LeanStatus): LeanUser | null {
  useEffect(() => {
    if (status === 'signed-in') void loadLeanUser();
    else if (status === 'signed-out') forgetLeanUser();
  }, [status]);
  return useSyncExternalStore(
    subscribe,
    () => user,
    () => null,
  );
}

/**
 * A login just reloaded the page and its 登录成功 waits for the runtime (SessionProvider reads and
 * clears the flag; the key is login-flags.ts's, kept equal by lean-user.test.ts). Read only.
 */
export const LOGIN_SUCCESS_KEY = 'leadradar.loginSuccess';

export function loginJustHappened(): boolean {
  try {
    return window.sessionStorage.getItem(LOGIN_SUCCESS_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the public page loads the full runtime as soon as it starts: only when the address asks
 * for the login modal, or a login's 登录成功 is pending. A signed-in user alone is no reason
 * (issue 10: the user area is lean; the runtime comes on intent).
 */
export function runtimeWantedAtStart(start: {
  status: LeanStatus;
  addressWantsLogin: boolean;
  loginJustHappened: boolean;
}): boolean {
  if (start.addressWantsLogin) return true;
  return start.status === 'signed-in' && start.loginJustHappened;
}
