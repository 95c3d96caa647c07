'use client';

// zod runs jitless under the CSP (see app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { App } from 'antd';
import { HeaderUserArea } from '@/components/layout/HeaderUserArea';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { goToLogin, openLoginModal, sessionStore } from '@/lib/client/session';
import { leanSession } from '@/lib/client/lean/public-session';
import { AppProviders } from './AppProviders';
import { runtimeMounted, USER_SLOT_ID } from './runtime-loader';

/** Hands the antd feedback APIs to the lean islands and keeps the lean session in step. */
function Bridge() {
  const { message } = App.useApp();
  const onError = useActionError();
  useEffect(() => {
    runtimeMounted({
      openLoginModal,
      goToLogin,
      success: (text) => void message.success(text),
      reportError: onError,
    });
  }, [message, onError]);
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        const { status } = sessionStore.getSnapshot();
        if (status !== 'loading') leanSession.set(status);
      }),
    [],
  );
  return null;
}

/**
 * The full client runtime of a public page, loaded on demand (runtime-loader.ts): the providers
 * every signed-in area has, the login modal and the user menu, drawn into the lean header.
 */
export function PublicRuntime() {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(USER_SLOT_ID)), []); // eslint-disable-line react-hooks/set-state-in-effect -- the slot exists only in the DOM
  return (
    <AppProviders theme="public">
      <Bridge />
      {slot ? createPortal(<HeaderUserArea />, slot) : null}
    </AppProviders>
  );
}
