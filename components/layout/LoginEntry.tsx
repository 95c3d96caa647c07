'use client';

import { lazy, Suspense, useContext, useEffect } from 'react';
import { useLeanSession } from '@/lib/client/lean/public-session';
import {
  FullRuntimeContext,
  closeLoginShell,
  openLogin,
  requestRuntime,
  showLoginShell,
  useLoginShell,
  useRuntimeState,
} from '@/components/providers/runtime-loader';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { loginJustHappened, runtimeWantedAtStart, useLeanUser } from './lean-user';

// Pages inside AppProviders (invitation, phone scan) show the full user area directly.
// (React.lazy rather than next/dynamic: one runtime less on the lean pages.)
const FullUserArea = lazy(() =>
  import('./HeaderUserArea').then((m) => ({ default: m.HeaderUserArea })),
);
// Public pages load the runtime (antd, session, login modal, drawers) only when needed.
const loadRuntime = () => import('@/components/providers/PublicRuntime');
const PublicRuntime = lazy(() => loadRuntime().then((m) => ({ default: m.PublicRuntime })));
// The signed-in user area (menu, push channel): only signed-in users fetch its code.
const SignedInArea = lazy(() =>
  import('./SignedInArea').then((m) => ({ default: m.SignedInArea })),
);

// The login modal's own code (forms, QR, captcha), loaded by LoginController when it opens.
const loadLoginModal = () => import('@/components/auth/LoginModal');

/** The pointer or focus reached something that needs the runtime: fetch its code, do not run it. */
let preloaded = false;
function preloadRuntime(): void {
  if (preloaded) return;
  preloaded = true;
  void loadRuntime().catch(() => (preloaded = false));
}

/**
 * The login is near (the pointer or focus on 登录/注册 or 邀请企业用户, or the shell is up): the
 * runtime and the modal's code load side by side, not one after the other (issue 28 item 7).
 */
let loginPreloaded = false;
function preloadLogin(): void {
  preloadRuntime();
  if (loginPreloaded) return;
  loginPreloaded = true;
  void loadLoginModal().catch(() => (loginPreloaded = false));
}

const loginIntent = {
  onPointerEnter: preloadLogin,
  onFocus: preloadLogin,
  onTouchStart: preloadLogin,
};

/**
 * What shows the moment the login is asked for, in plain HTML: the modal's frame, title and a
 * loading line, until the real modal is up (it replaces this; 2 s on a slow phone before).
 */
function LoginShell() {
  return (
    <div className="pub-login-shell" data-testid="login-shell">
      <div
        className="pub-login-shell-box"
        role="dialog"
        aria-modal="true"
        aria-label="登录"
        aria-busy="true"
      >
        <button
          type="button"
          className="pub-login-shell-close"
          aria-label="关闭"
          onClick={closeLoginShell}
        >
          ×
        </button>
        <p className="pub-login-shell-title">欢迎登录{PRODUCT_NAME}</p>
        <div className="pub-login-shell-wait" role="status">
          <span className="pub-login-shell-spin" aria-hidden />
          正在打开…
        </div>
      </div>
    </div>
  );
}

/** The address asks for the login modal (the route guard's ?redirect=, /login, invitations, WeChat). */
function addressWantsLogin(): boolean {
  const p = new URLSearchParams(window.location.search);
  return (
    window.location.pathname === '/login' ||
    p.has('redirect') ||
    p.has('invitationCode') ||
    (p.has('code') && p.has('state'))
  );
}

/** /login?type=logout signs out and leaves: no login modal there. */
function isLogoutAddress(): boolean {
  return (
    window.location.pathname === '/login' &&
    new URLSearchParams(window.location.search).get('type') === 'logout'
  );
}

type Shortcuts = readonly { href: string; label: string }[];

function LeanUserArea({ workspaceLinks }: { workspaceLinks?: Shortcuts }) {
  const status = useLeanSession();
  // The profile is asked for while SignedInArea's code loads.
  const user = useLeanUser(status);
  const { wanted } = useRuntimeState();
  const shell = useLoginShell();
  useEffect(() => {
    if (shell) preloadLogin();
  }, [shell]);
  useEffect(() => {
    // Signed in alone is no reason: the user area below is lean, the runtime comes on intent.
    const start = {
      status,
      addressWantsLogin: addressWantsLogin(),
      loginJustHappened: loginJustHappened(),
    };
    if (runtimeWantedAtStart(start)) {
      // The modal will open from the address: its frame now, its code side by side.
      if (status === 'signed-out' && start.addressWantsLogin && !isLogoutAddress())
        showLoginShell();
      void requestRuntime();
    }
  }, [status]);
  return (
    <>
      {status === 'signed-out' ? (
        <>
          <button type="button" className="pub-invite" onClick={openLogin} {...loginIntent}>
            邀请企业用户
          </button>
          <a
            href="/login"
            className="pub-login"
            {...loginIntent}
            onClick={(e) => {
              e.preventDefault();
              openLogin();
            }}
          >
            登录/注册
          </a>
        </>
      ) : status === 'signed-in' ? (
        <Suspense fallback={<span className="pub-user-wait" aria-hidden />}>
          <SignedInArea
            user={user}
            preloadRuntime={preloadRuntime}
            workspaceLinks={workspaceLinks}
          />
        </Suspense>
      ) : (
        <span className="pub-user-wait" aria-hidden />
      )}
      {shell && status !== 'signed-in' ? <LoginShell /> : null}
      {wanted ? (
        <Suspense fallback={null}>
          <PublicRuntime />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The header's user area: 邀请企业用户 and 登录/注册 for visitors, 邀请企业用户 and the user menu
 * when signed in, in plain HTML either way on public pages.
 */
export function LoginEntry({ workspaceLinks }: { workspaceLinks?: Shortcuts } = {}) {
  return useContext(FullRuntimeContext) ? (
    <Suspense fallback={<span className="pub-user-wait" aria-hidden />}>
      <FullUserArea />
    </Suspense>
  ) : (
    <LeanUserArea workspaceLinks={workspaceLinks} />
  );
}
