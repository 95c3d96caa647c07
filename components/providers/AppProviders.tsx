'use client';

import { Suspense, useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { onApiError } from '@/lib/client/request';
import { usePrefersReducedMotion } from '@/lib/client/reduced-motion';
import { quietIcons } from '@/lib/client/icon-a11y';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { apiErrorDisplay } from './api-error-reaction';
import {
  clearSession,
  openLoginModal,
  SessionProvider,
  sessionStore,
  type SessionSeed,
} from '@/lib/client/session';
import { LoginController } from '@/components/auth/LoginController';
import { openQuotaDialog } from '@/components/enterprise/actions/QuotaDialog';
import { FullRuntimeContext } from './runtime-loader';
import { ACCESSIBLE_TOKENS } from './antd-tokens';
import { FeedbackSlot } from './feedback';
import { useFeedback } from '@/lib/client/feedback';

dayjs.locale('zh-cn');

/**
 * The root antd's App drew, without App's bundled feedback APIs: its type (14 px, its line
 * height). The app's own CSS reads antd's variables with light fallbacks outside the workspace,
 * whose root carries its theme's variables. (A cssVar key named on this ConfigProvider, to put the
 * variables here too, broke the drawers' closing motion.)
 */
function AppRoot({ children }: { children: React.ReactNode }) {
  return (
    <div className="lr-app" data-full-runtime="">
      {children}
    </div>
  );
}

/**
 * The one place that turns API error codes into what users see (spec section 8): notifications,
 * the 解锁额度不足 dialog, relogin on 401. Calls made with `silent` handle errors themselves.
 */
function ApiErrorBridge() {
  const { message, notification, modal } = useFeedback();
  useEffect(
    () =>
      onApiError((err) => {
        switch (apiErrorDisplay(err.code)) {
          case 'none':
            return;
          case 'relogin': {
            const wasSignedIn = sessionStore.getSnapshot().status === 'signed-in';
            clearSession();
            if (wasSignedIn) message.warning(err.message);
            openLoginModal(window.location.pathname + window.location.search);
            return;
          }
          case 'quotaDialog':
            openQuotaDialog(modal, err, message);
            return;
          case 'successNotice': {
            notification.success({ title: err.message });
            const data = err.data as { mobile?: string; status?: number } | null;
            if (data && typeof data.status === 'number')
              sessionStore.set({
                reviewStatus: { mobile: data.mobile ?? '', status: data.status },
              });
            return;
          }
          case 'persistent':
            message.error({ content: err.message, duration: 0 });
            return;
          case 'errorMessage':
            message.error(err.message);
            return;
          case 'warningMessage':
            message.warning(err.message);
            return;
          case 'notification':
            notification.error({
              title: '系统提示',
              description: err.message || ERRORS.UNKNOWN.msg,
            });
            return;
        }
      }),
    [message, notification, modal],
  );
  return null;
}

/**
 * antd in Chinese with dayjs zh-cn, the feedback APIs (messages, notifications, confirmations), React Query, the session,
 * the global API error reactions, the login modal and the forced-offline dialog.
 */
export function AppProviders({
  children,
  sessionSeed,
}: {
  children: React.ReactNode;
  /** The session as the server read it (workspace pages); fetched after hydration otherwise. */
  sessionSeed?: SessionSeed | null;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  // A visitor who asked for less motion gets no zooms or slides (antd's motion token).
  const reducedMotion = usePrefersReducedMotion();
  // antd's icons name themselves in English: kept out of what screen readers read (issue 28).
  useEffect(quietIcons, []);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { ...ACCESSIBLE_TOKENS, motion: !reducedMotion } }}
    >
      <AppRoot>
        <QueryClientProvider client={queryClient}>
          <SessionProvider seed={sessionSeed}>
            <ApiErrorBridge />
            <FullRuntimeContext.Provider value>{children}</FullRuntimeContext.Provider>
            {/* Reads the address bar; suspends only itself, never the server-rendered page. */}
            <Suspense fallback={null}>
              <LoginController />
            </Suspense>
          </SessionProvider>
        </QueryClientProvider>
        <FeedbackSlot />
      </AppRoot>
    </ConfigProvider>
  );
}
