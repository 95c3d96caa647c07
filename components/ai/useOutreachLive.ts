'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { contractKey } from '@/lib/client/request';
import { onPushMessage, readAgain, RECONNECTED, usePushOpen } from '@/lib/client/push';
import { getAddWeixinTaskDetail } from '@/lib/shared/ai/outreach.endpoints';
import type { AddWeixinTask } from '@/lib/shared/ai/outreach.contract';
import { OUTREACH_PUSH_TYPE, OUTREACH_STATUS } from '@/lib/shared/ai/outreach.constants';

/** Reading the task while the push socket is down (the socket is the live path). */
export const OUTREACH_FALLBACK_POLL_MS = 5000;
/**
 * A slow read while the socket is open too: a push can be lost (a listener reconnecting), and a
 * running card must not stay wrong for good.
 */
export const OUTREACH_SAFETY_POLL_MS = 20_000;

type Detail = { addWeixinTask: AddWeixinTask };

/** The cached detail reads of one task's message (the card's and the detail page's). */
function readsOf(messageId: number) {
  return {
    queryKey: contractKey(getAddWeixinTaskDetail),
    predicate: (q: Query) =>
      (q.queryKey.at(-1) as { query?: { messageId?: number } } | undefined)?.query?.messageId ===
      messageId,
  };
}

/**
 * Puts a pushed task into every cached read of it; a read in flight, or a card that has not read
 * yet, reads again (`readAgain`: the in-flight read answers from before the push).
 */
export function applyOutreachPush(client: QueryClient, task: AddWeixinTask): void {
  const reads = readsOf(task.messageId);
  let applied = false;
  client.setQueriesData<Detail>(reads, (data) => {
    if (!data || data.addWeixinTask.id !== task.id) return data;
    applied = true;
    return { ...data, addWeixinTask: task };
  });
  if (applied && client.isFetching(reads) === 0) return;
  void readAgain(client, reads);
}

/**
 * Keeps a task's card and detail page live from the push channel (issue 33: progress ≤ 1 s after
 * a step commits): each `outreach-task` push carries the task and replaces it in every cached
 * detail read of it, without a request. `onPush` hears it too (the detail page reloads its
 * contact rows). Answers the refetch interval of a running task: every 20 s while the socket is
 * open (a safety net), every 5 s while it is down; after a reconnect the reads run once.
 */
export function useOutreachLive(
  messageId: number | null,
  onPush?: (task: AddWeixinTask) => void,
): (task: { wocStatus: number } | undefined) => number | false {
  const client = useQueryClient();
  const open = usePushOpen();
  const hook = useRef(onPush);
  useEffect(() => {
    hook.current = onPush;
  });
  useEffect(() => {
    if (messageId === null) return;
    return onPushMessage((m) => {
      if (m.type === RECONNECTED) {
        void readAgain(client, { queryKey: contractKey(getAddWeixinTaskDetail) });
        return;
      }
      if (m.type !== OUTREACH_PUSH_TYPE) return;
      const task = m.content as AddWeixinTask;
      if (task?.messageId !== messageId) return;
      applyOutreachPush(client, task);
      hook.current?.(task);
    });
  }, [client, messageId]);
  return (task) =>
    task?.wocStatus !== OUTREACH_STATUS.running
      ? false
      : open
        ? OUTREACH_SAFETY_POLL_MS
        : OUTREACH_FALLBACK_POLL_MS;
}

/** Reads a query again at most once per `ms` (the last call within the window still runs). */
export function useThrottledInvalidate(queryKey: QueryKey, ms: number): () => void {
  const client = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const key = useRef(queryKey);
  useEffect(() => {
    key.current = queryKey;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + ms - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: key.current, exact: true });
    }, wait);
  }, [client, ms]);
}
