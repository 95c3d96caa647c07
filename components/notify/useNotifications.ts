'use client';

import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { onPushMessage, readAgain, RECONNECTED } from '@/lib/client/push';
import { useSession } from '@/lib/client/session';
import {
  getMyNotificationPage,
  getUnreadCount,
  updateNotificationRead,
} from '@/lib/shared/notify/notify.endpoints';
import type { NotificationView } from '@/lib/shared/notify/notify.contract';

/** A new notification pushed over /websocket/message: {type: 'notify', content: {id, kind, title}}. */
export type NotifyPush = { id: number; kind: string; title: string; link?: string | null };

export function isNotifyPush(content: unknown): content is NotifyPush {
  const c = content as Partial<NotifyPush> | null;
  return typeof c === 'object' && c !== null && typeof c.title === 'string';
}

/** The unread count for the bell and the menu's red dot; kept fresh by the push channel. */
export function useUnreadCount(): number {
  const { status } = useSession();
  const count = useQuery({
    queryKey: contractKey(getUnreadCount),
    queryFn: () => call(getUnreadCount, {}, { silent: true }),
    enabled: status === 'signed-in',
    // The push channel says when it changes; this only resyncs after a dropped connection.
    staleTime: 60_000,
    refetchInterval: 120_000,
    refetchOnWindowFocus: true,
  });
  return status === 'signed-in' ? (count.data ?? 0) : 0;
}

/** The newest unread notifications (the bell's list). */
export function useLatestUnread(enabled: boolean) {
  return useQuery({
    queryKey: contractKey(getMyNotificationPage, {
      query: { pageNo: 1, pageSize: 5, readStatus: 'false' },
    }),
    queryFn: () =>
      call(
        getMyNotificationPage,
        { query: { pageNo: 1, pageSize: 5, readStatus: 'false' } },
        { silent: true },
      ),
    enabled,
  });
}

/** Every query of the message centre is refreshed, wherever it is shown. */
export function useRefreshNotifications(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void readAgain(queryClient, { queryKey: contractKey(getUnreadCount) });
    void readAgain(queryClient, { queryKey: contractKey(getMyNotificationPage) });
  }, [queryClient]);
}

/**
 * Calls `onNew` for each notification the server pushes to this user, and `onResync` when the
 * push channel is back after a drop (messages pushed meanwhile were lost: read the count again).
 */
export function useNotifyPush(onNew: (push: NotifyPush) => void, onResync: () => void): void {
  useEffect(
    () =>
      onPushMessage((m) => {
        if (m.type === 'notify' && isNotifyPush(m.content)) onNew(m.content);
        else if (m.type === RECONNECTED) onResync();
      }),
    [onNew, onResync],
  );
}

/**
 * What a click on a message does besides opening its object (issue 28 item 7): marks it read
 * (unless it is already) and refreshes the bell, the badge and the message centre. The caller's
 * link navigates; this runs alongside it and does not hold it up.
 */
export function useMarkOpened(): (n: Pick<NotificationView, 'id' | 'readStatus'>) => void {
  const refresh = useRefreshNotifications();
  return useCallback(
    (n) => {
      if (n.readStatus) return;
      void call(updateNotificationRead, { query: { ids: String(n.id) } }, { silent: true })
        .then(refresh)
        .catch(() => undefined);
    },
    [refresh],
  );
}
