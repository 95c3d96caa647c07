'use client';

// zod runs jitless under the CSP (see app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { useEffect, useRef, useState } from 'react';
import { InvitationDrawer, useLogoutConfirm } from '@/components/layout/user-actions';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import {
  clearSession,
  goToLogin,
  logout,
  openLoginModal,
  sessionStore,
} from '@/lib/client/session';
import { leanSession } from '@/lib/client/lean/public-session';
import { isOfflineMessage, type PushMessage } from '@/lib/client/push/push-client';
import { FORCED_OFFLINE_MESSAGE } from '@/components/auth/LoginController';
import { AppProviders } from './AppProviders';
import { runtimeMounted } from './runtime-loader';
import { useFeedback } from '@/lib/client/feedback';

/**
 * A push message that ends the session, received by the lean page before the runtime was there:
 * what LoginController does with one from its own channel (spec 4.1).
 */
function endSession(m: PushMessage, warn: (text: string) => void): void {
  if (isOfflineMessage(m)) {
    clearSession({ reloginStatus: true, offlineDialogOpen: true });
    warn(FORCED_OFFLINE_MESSAGE);
    // The tokens are already revoked; this drops the sealed cookie too.
    void logout().then(() => sessionStore.set({ reloginStatus: true, offlineDialogOpen: true }));
    return;
  }
  clearSession({ reloginStatus: true });
  if (typeof m.content === 'string' && m.content) warn(m.content);
  void logout().then(() => openLoginModal(window.location.pathname + window.location.search));
}

/**
 * Hands the antd feedback APIs to the lean islands and keeps the lean session in step. Also
 * mounted by the member-view layout, where the lean islands of 企业查询 run inside the full runtime.
 */
export function Bridge() {
  const { message } = useFeedback();
  const onError = useActionError();
  const confirmLogout = useLogoutConfirm();
  const [invitation, setInvitation] = useState<'unused' | 'open' | 'closed'>('unused');
  // First: the lean session follows the store before any handed-over message changes it.
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        const { status } = sessionStore.getSnapshot();
        if (status !== 'loading') leanSession.set(status);
      }),
    [],
  );
  // The API is handed over once per mount and reads the latest hooks' values.
  const latest = useRef({ message, onError, confirmLogout });
  useEffect(() => {
    latest.current = { message, onError, confirmLogout };
  });
  useEffect(
    () =>
      runtimeMounted({
        openLoginModal,
        goToLogin,
        success: (text) => void latest.current.message.success(text),
        reportError: (err) => latest.current.onError(err),
        openInvitation: () => setInvitation('open'),
        confirmLogout: () => latest.current.confirmLogout(),
        pushArrived: (m) => endSession(m, (text) => void latest.current.message.warning(text)),
      }),
    [],
  );
  // Mounted from the first opening on, so closing keeps its animation.
  return invitation === 'unused' ? null : (
    <InvitationDrawer open={invitation === 'open'} onClose={() => setInvitation('closed')} />
  );
}

/**
 * The full client runtime of a public page, loaded on demand (runtime-loader.ts): the providers
 * every signed-in area has, the login modal, the invitation drawer and the logout confirmation.
 * The header's user area itself stays lean (LoginEntry).
 */
export function PublicRuntime() {
  return (
    <AppProviders>
      <Bridge />
    </AppProviders>
  );
}
