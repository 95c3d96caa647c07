'use client';

import { useEffect } from 'react';
import {
  connectPush,
  isOfflineMessage,
  onPushMessage,
  type PushMessage,
} from '@/lib/client/push/push-client';
import type { LeanStatus } from '@/lib/client/lean/public-session';

/** The messages that end this session here (spec 4.1): forced offline, or a new login needed. */
export function endsSession(m: PushMessage): boolean {
  return isOfflineMessage(m) || m.type === 'relogin';
}

/**
 * The push channel of a signed-in user on a lean public page, until the runtime is there (its
 * LoginController then keeps its own): a message that ends the session loads the runtime and
 * hands it over, so being logged in elsewhere or a role change still shows at once (spec 4.1)
 * without antd in the first load.
 */
export function useLeanPush(
  status: LeanStatus,
  runtimeMounted: boolean,
  onEnd: (m: PushMessage) => void,
): void {
  useEffect(() => {
    if (status !== 'signed-in' || runtimeMounted) return;
    const off = onPushMessage((m) => {
      if (endsSession(m)) onEnd(m);
    });
    const disconnect = connectPush();
    return () => {
      off();
      disconnect();
    };
  }, [status, runtimeMounted, onEnd]);
}
