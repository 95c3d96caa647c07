'use client';

import { lazy, Suspense, useContext, useEffect } from 'react';
import { useLeanSession } from '@/lib/client/lean/public-session';
import {
  FullRuntimeContext,
  openLogin,
  requestRuntime,
  useRuntimeState,
  USER_SLOT_ID,
} from '@/components/providers/runtime-loader';

// Pages inside AppProviders (invitation, phone scan) show the full user area directly.
// (React.lazy rather than next/dynamic: one runtime less on the lean pages.)
const FullUserArea = lazy(() =>
  import('./HeaderUserArea').then((m) => ({ default: m.HeaderUserArea })),
);
// Public pages load the runtime (antd, session, login modal, user menu) only when needed.
const PublicRuntime = lazy(() =>
  import('@/components/providers/PublicRuntime').then((m) => ({ default: m.PublicRuntime })),
);

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

function LeanUserArea() {
  const status = useLeanSession();
  const { wanted, mounted } = useRuntimeState();
  useEffect(() => {
    if (addressWantsLogin()) void requestRuntime();
  }, []);
  useEffect(() => {
    // A signed-in user gets the real user menu (and the page's actions their feedback).
    if (status === 'signed-in') void requestRuntime();
  }, [status]);
  const showLean = !mounted && status === 'signed-out';
  return (
    <>
      <span id={USER_SLOT_ID} className="pub-user-slot" />
      {showLean ? (
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
      ) : mounted ? null : (
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

/** The header's user area: 邀请企业用户 and 登录/注册 for visitors, the user menu when signed in. */
export function LoginEntry() {
  return useContext(FullRuntimeContext) ? (
    <Suspense fallback={<span className="pub-user-wait" aria-hidden />}>
      <FullUserArea />
    </Suspense>
  ) : (
    <LeanUserArea />
  );
}
