'use client';

import { useCallback } from 'react';
import {
  confirmLogout,
  openInvitation,
  requestRuntime,
  useRuntimeState,
  type RuntimeApi,
} from '@/components/providers/runtime-loader';
import { LeanUserMenu } from './LeanUserMenu';
import { useLeanPush } from './lean-push';
import type { LeanUser } from './lean-user';

/**
 * The header's user area of a signed-in user on a lean public page, in plain HTML (issue 10):
 * 邀请企业用户 and the user menu. Its code loads only once someone is signed in (visitors never
 * fetch it); the antd runtime follows only when asked for (the invitation drawer, the logout
 * confirmation) or when a push message ends the session.
 */
export function SignedInArea({
  user,
  preloadRuntime,
  workspaceLinks,
}: {
  /** The workspace pages for the user menu (from the server: PublicHeader). */
  workspaceLinks?: readonly { href: string; label: string }[];
  /** null until the profile has answered. */
  user: LeanUser | null;
  /** The pointer or focus reached something that needs the runtime: fetch its code early. */
  preloadRuntime: () => void;
}) {
  const { mounted } = useRuntimeState();
  // Until the runtime is there, the push channel is the lean page's (spec 4.1 forced offline).
  const handOver = useCallback(
    (m: Parameters<RuntimeApi['pushArrived']>[0]) =>
      void requestRuntime().then((rt) => rt.pushArrived(m)),
    [],
  );
  useLeanPush('signed-in', mounted, handOver);
  if (!user) return <span className="pub-user-wait" aria-hidden />;
  return (
    <>
      <button
        type="button"
        className="pub-invite"
        onClick={openInvitation}
        onPointerEnter={preloadRuntime}
        onFocus={preloadRuntime}
      >
        邀请企业用户
      </button>
      <LeanUserMenu
        user={user}
        onLogout={confirmLogout}
        onIntent={preloadRuntime}
        workspaceLinks={workspaceLinks}
      />
    </>
  );
}
