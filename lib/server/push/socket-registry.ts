import type { PushEnvelope } from './push.types';

/** Anything with send(): a ws WebSocket in production, a fake in tests. */
export type PushSocket = { send: (data: string) => void; readyState?: number };

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
  const data = JSON.stringify(envelope.message);
  let sent = 0;
  for (const [socket, refreshTokenId] of sockets) {
    if (envelope.refreshTokenIds && !envelope.refreshTokenIds.includes(refreshTokenId)) continue;
    if (envelope.except !== undefined && envelope.except === refreshTokenId) continue;
    if (socket.readyState !== undefined && socket.readyState !== OPEN) continue;
    try {
      socket.send(data);
      sent += 1;
    } catch {
      // A socket closing mid-send is unregistered by its close handler.
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
