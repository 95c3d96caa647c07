import type { PushEnvelope } from './push.types';

/** Anything with send(): a ws WebSocket in production, a fake in tests. */
export type PushSocket = {
  send: (data: string) => void;
  close?: (code?: number, reason?: string) => void;
  readyState?: number;
  /** false: not a push channel (the batch-export socket), only closed when its session ends. */
  pushes?: boolean;
};

/** Tabs of one session share a cookie: a few dozen is generous; hundreds is someone scripting. */
export const MAX_SOCKETS_PER_SESSION = 20;
/** Close code sent when a session ends (logout, password change, forced offline). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Close code for the oldest socket when a session opens one past the cap. */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4008;

type Registry = Map<number, Map<PushSocket, number>>;

// server.ts (tsx) and Next's bundled route handlers are separate module instances in one process.
const key = Symbol.for('leadradar.push.sockets');
type GlobalWithRegistry = typeof globalThis & { [key]?: Registry };

function registry(): Registry {
  const g = globalThis as GlobalWithRegistry;
  g[key] ??= new Map();
  return g[key];
}

/** Called by the WebSocket server once the socket's user and session are known. */
export function registerSocket(userId: number, refreshTokenId: number, socket: PushSocket): void {
  const reg = registry();
  let sockets = reg.get(userId);
  if (!sockets) reg.set(userId, (sockets = new Map()));
  sockets.set(socket, refreshTokenId);
  // Maps keep insertion order: the first sockets of this session are its oldest.
  const ofSession = [...sockets].filter(([, id]) => id === refreshTokenId).map(([s]) => s);
  for (const old of ofSession.slice(0, Math.max(0, ofSession.length - MAX_SOCKETS_PER_SESSION))) {
    sockets.delete(old);
    old.close?.(TOO_MANY_SOCKETS_CLOSE_CODE, 'too many connections');
  }
}

export function unregisterSocket(userId: number, socket: PushSocket): void {
  const reg = registry();
  const sockets = reg.get(userId);
  if (!sockets) return;
  sockets.delete(socket);
  if (sockets.size === 0) reg.delete(userId);
}

const OPEN = 1;

/** Delivers a NOTIFY envelope to the matching sockets of this instance; returns how many got it. */
export function deliverLocal(envelope: PushEnvelope): number {
  const sockets = registry().get(envelope.userId);
  if (!sockets) return 0;
  const data = envelope.message ? JSON.stringify(envelope.message) : null;
  let sent = 0;
  for (const [socket, refreshTokenId] of [...sockets]) {
    if (envelope.refreshTokenIds && !envelope.refreshTokenIds.includes(refreshTokenId)) continue;
    if (envelope.except !== undefined && envelope.except === refreshTokenId) continue;
    if (socket.readyState !== undefined && socket.readyState !== OPEN) continue;
    try {
      if (data !== null && socket.pushes !== false) {
        socket.send(data);
        sent += 1;
      }
    } catch {
      // A socket closing mid-send is unregistered by its close handler.
    }
    if (envelope.close) {
      unregisterSocket(envelope.userId, socket);
      socket.close?.(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
  }
  return sent;
}

/** Number of registered sockets (health/diagnostics and tests). */
export function socketCount(userId?: number): number {
  const reg = registry();
  if (userId !== undefined) return reg.get(userId)?.size ?? 0;
  let n = 0;
  for (const s of reg.values()) n += s.size;
  return n;
}
