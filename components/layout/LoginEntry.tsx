'use client';

import { lazy, Suspense, useContext, useEffect } from 'react';
import { useLeanSession } from '@/lib/client/lean/public-session';
import {
  FullRuntimeContext,
  openLogin,
  requestRuntime,
  useRuntimeState,
} from '@/components/providers/runtime-loader';
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

/** The pointer or focus reached something that needs the runtime: fetch its code, do not run it. */
let preloaded = false;
function preloadRuntime(): void {
  if (preloaded) return;
  preloaded = true;
  void loadRuntime().catch(() => (preloaded = false));
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

type Shortcuts = readonly { href: string; label: string }[];

function LeanUserArea({ workspaceLinks }: { workspaceLinks?: Shortcuts }) {
  const status = useLeanSession();
  // The profile is asked for while SignedInArea's code loads.
  const user = useLeanUser(status);
  const { wanted } = useRuntimeState();
  useEffect(() => {
    // Signed in alone is no reason: the user area below is lean, the runtime comes on intent.
    const start = {
      status,
      addressWantsLogin: addressWantsLogin(),
      loginJustHappened: loginJustHappened(),
    };
    if (runtimeWantedAtStart(start)) void requestRuntime();
  }, [status]);
  return (
    <>
      {status === 'signed-out' ? (
        <>
          <button type="button" className="pub-invite" onClick={openLogin}>
            邀请企业用户
          </button>
          <a
            href="/login"
            className="pub-login"
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
