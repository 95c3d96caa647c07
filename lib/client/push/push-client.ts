'use client';

/** A message of /websocket/message: JSON {type, content} (API-NOTES, push channels). */
export type PushMessage = { type: string; content: unknown };

type PushListener = (message: PushMessage) => void;

const listeners = new Set<PushListener>();

/** Other features (notifications, export progress) listen here instead of opening sockets. */
export function onPushMessage(listener: PushListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message of this client's own: the socket is open again after a drop. */
export const RECONNECTED = 'reconnected';

/** The text that forces this session offline (spec 4.1). */
export const OFFLINE_TEXT = '用户已在别处登录';

export function isOfflineMessage(m: PushMessage): boolean {
  return m.type === 'offline' || m.content === OFFLINE_TEXT;
}

let socketOpen = false;
const stateListeners = new Set<() => void>();

/** True while the push socket is open (pages poll slowly only while it is not). */
export function pushIsOpen(): boolean {
  return socketOpen;
}

/** Hears the socket open and close (for useSyncExternalStore). */
export function onPushState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

function setOpen(open: boolean) {
  if (socketOpen === open) return;
  socketOpen = open;
  for (const l of stateListeners) l();
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one push socket open while signed in. The server knows the user from the session cookie
 * sent with the upgrade (never a userId in the URL); reconnects with backoff after drops.
 */
export function connectPush(): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const open = () => {
    if (stopped) return;
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${window.location.host}/websocket/message`);
    ws.onopen = () => {
      setOpen(true);
      // After a drop, listeners hear that the channel is back: what was pushed meanwhile is lost,
      // so they read their state again (the unread count, an export's progress).
      if (attempts > 0) for (const l of listeners) l({ type: RECONNECTED, content: null });
      attempts = 0;
    };
    ws.onmessage = (ev) => {
      let msg: PushMessage;
      try {
        msg = JSON.parse(String(ev.data)) as PushMessage;
      } catch {
        msg = { type: 'text', content: String(ev.data) };
      }
      for (const l of listeners) l(msg);
    };
    ws.onclose = () => {
      ws = null;
      setOpen(false);
      if (stopped) return;
      attempts += 1;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 5));
      timer = setTimeout(open, delay);
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    ws?.close(1000);
    ws = null;
    setOpen(false);
  };
}
