'use client';

import { useEffect, useRef } from 'react';
import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import {
  logout,
  openLoginModal,
  sessionStore,
  clearSession,
  useSession,
} from '@/lib/client/session';
import { connectPush, isOfflineMessage, onPushMessage } from '@/lib/client/push';
import { postLogoutTarget } from '@/lib/shared/auth/routes';
import { needsSession } from '@/lib/shared/routes';
import type { MenuItem } from '@/lib/shared/menu/menu-types';
import { readFrameMessage } from '@/lib/client/session/frame-messages';
import { WORKSPACE_HOME } from '@/lib/shared/workspace/workspace-home';
import { useFeedback } from '@/lib/client/feedback';

// The modal (forms, QR renderer, captcha) loads only when someone opens it.
const LoginModal = dynamic(() => import('./LoginModal').then((m) => m.LoginModal), { ssr: false });
// The forced-offline dialog (and the customer-service QR code behind it) is rare: load it when shown.
const OfflineDialog = dynamic(() => import('./OfflineDialog').then((m) => m.OfflineDialog), {
  ssr: false,
});

/** Same-origin path of the page the browser came from, if any. */
function referrerPath(): string | null {
  try {
    const ref = new URL(document.referrer);
    return ref.origin === window.location.origin ? ref.pathname + ref.search : null;
  } catch {
    return null;
  }
}

function findMenuByPath(items: MenuItem[], path: string): MenuItem | null {
  for (const item of items) {
    if (item.path === path) return item;
    const child = findMenuByPath(item.children, path);
    if (child) return child;
  }
  return null;
}

/** Spec 4.1 forced logout message. */
export const FORCED_OFFLINE_MESSAGE = '您的账号已在别处登录,已被迫下线';

/**
 * Opens the login modal from the address (/login, ?redirect=, ?invitationCode=, WeChat ?code=),
 * logs out on /login?type=logout, keeps the push channel open while signed in and reacts to
 * forced-offline messages.
 */
export function LoginController() {
  const { status, loginModalOpen, offlineDialogOpen, menus } = useSession();
  const pathname = usePathname();
  const params = useSearchParams();
  const router = useRouter();
  const { message, modal } = useFeedback();
  const loggingOut = useRef(false);

  useEffect(() => {
    if (status === 'loading') return;
    if (pathname === '/login') {
      if (params.get('type') === 'logout') {
        if (loggingOut.current) return;
        loggingOut.current = true;
        void logout().then(() => window.location.replace(postLogoutTarget(referrerPath())));
        return;
      }
      if (status === 'signed-in') {
        router.replace(WORKSPACE_HOME);
        return;
      }
      openLoginModal();
      return;
    }
    if (
      status === 'signed-out' &&
      (params.has('redirect') ||
        params.has('invitationCode') ||
        (params.has('code') && params.has('state')))
    ) {
      openLoginModal();
    }
  }, [status, pathname, params, router]);

  // Spec 2.2: a route flagged non-clickable in the permission list is blocked with the notice. A
  // signed-in page stays where it is: the workspace frame shows 暂无操作权限 in place of the page
  // (leaving for / would unmount this dialog with the frame, and the notice with it).
  useEffect(() => {
    if (status !== 'signed-in') return;
    const item = findMenuByPath(menus, pathname);
    if (item && !item.clickable) {
      modal.warning({ title: '系统提示', content: '暂无操作权限', okText: '确定' });
      if (!needsSession(pathname)) router.replace('/');
    }
  }, [status, menus, pathname, modal, router]);

  // Push channel while signed in; 用户已在别处登录 ends this session (spec 4.1).
  useEffect(() => {
    if (status !== 'signed-in') return;
    const forceOffline = () => {
      clearSession({ reloginStatus: true, offlineDialogOpen: true });
      message.warning(FORCED_OFFLINE_MESSAGE);
      // The tokens are already revoked; this drops the sealed cookie too.
      void logout().then(() => sessionStore.set({ reloginStatus: true, offlineDialogOpen: true }));
    };
    const off = onPushMessage((m) => {
      if (isOfflineMessage(m)) forceOffline();
      else if (m.type === 'relogin') {
        clearSession({ reloginStatus: true });
        if (typeof m.content === 'string' && m.content) message.warning(m.content);
        void logout().then(() => openLoginModal(window.location.pathname + window.location.search));
      }
    });
    // An embedded platform page that shows its own login page means the session ended there.
    const onFrame = (ev: MessageEvent) => {
      if (readFrameMessage(ev, window.location.origin) === 'login-page-loaded') forceOffline();
    };
    window.addEventListener('message', onFrame);
    const disconnect = connectPush();
    return () => {
      off();
      disconnect();
      window.removeEventListener('message', onFrame);
    };
  }, [status, message]);

  // Spec 4.1: APP_PAGE_LOADED marks the embedded platform as loaded, signed in or not.
  useEffect(() => {
    const onFrame = (ev: MessageEvent) => {
      if (readFrameMessage(ev, window.location.origin) === 'app-page-loaded')
        sessionStore.set({ embeddedAppLoaded: true });
    };
    window.addEventListener('message', onFrame);
    return () => window.removeEventListener('message', onFrame);
  }, []);

  return (
    <>
      {loginModalOpen ? <LoginModal /> : null}
      {offlineDialogOpen ? <OfflineDialog /> : null}
    </>
  );
}
