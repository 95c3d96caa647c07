import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { unsealData } from 'iron-session';
import { WebSocketServer, type WebSocket } from 'ws';
import { config } from '../config';
import { SESSION_COOKIE, sessionSecret, type BffSession } from '../session/session-cookie';
import { deliverLocal, registerSocket, unregisterSocket, type PushSocket } from './socket-registry';
import { startPushListener, type PushListener } from './push.service';

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** Cookie-authenticated upgrades must come from our own pages (cross-site WebSocket hijacking). */
function originAllowed(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === req.headers.host || host === new URL(config.siteUrl).host;
  } catch {
    return false;
  }
}

/**
 * The subprotocol an API client offers to pass its access token outside the URL (issue 28 item
 * 6): `Sec-WebSocket-Protocol: access_token, <token>`. The server answers with `access_token`
 * only, never the token. (The spec's `?token=` stays for compatibility, but lands in access logs.)
 */
export const TOKEN_SUBPROTOCOL = 'access_token';

/** The token offered after TOKEN_SUBPROTOCOL in Sec-WebSocket-Protocol, if any. */
function protocolToken(req: IncomingMessage): string | null {
  const offered = (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const at = offered.indexOf(TOKEN_SUBPROTOCOL);
  return at >= 0 ? (offered[at + 1] ?? null) : null;
}

/**
 * Knows the user from the session cookie (browsers), or for API clients from an access token in
 * the Sec-WebSocket-Protocol header or the `token` query parameter, never from a bare userId.
 */
async function identify(
  req: IncomingMessage,
  url: URL,
  verifyAccessToken: VerifyAccessToken,
): Promise<SocketIdentity | null> {
  const token = protocolToken(req) ?? url.searchParams.get('token');
  if (token) return verifyAccessToken(token);
  const seal = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!seal || !originAllowed(req)) return null;
  const session = await unsealData<BffSession>(seal, { password: sessionSecret() }).catch(
    () => ({}) as BffSession,
  );
  return session.accessToken ? verifyAccessToken(session.accessToken) : null;
}

function reject(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Who an upgraded socket belongs to, from a verified access token. */
export type SocketIdentity = { userId: number; tenantId: number | null; refreshTokenId: number };
export type VerifyAccessToken = (token: string) => Promise<SocketIdentity | null>;
/** A socket path besides the push channel: serves one authenticated socket (not a push channel). */
export type SocketRoute = (ws: WebSocket, who: SocketIdentity) => void;

export type WebSocketGatewayOptions = {
  log: (...a: unknown[]) => void;
  /** Identity verifies tokens; the gateway only knows the cookie and the query parameter. */
  verifyAccessToken: VerifyAccessToken;
  /** Further socket paths, registered by the edge (server.ts wiring), e.g. the batch-export one. */
  routes: Record<string, SocketRoute>;
};

export type WebSocketGateway = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Open sockets, for the metrics. */
  openCount: () => number;
  closeAll: () => void;
  stop: () => Promise<void>;
};

export async function createWebSocketGateway({
  log,
  verifyAccessToken,
  routes,
}: WebSocketGatewayOptions): Promise<WebSocketGateway> {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // A client that sent its token as a subprotocol is answered with the subprotocol's name (never
    // the token); any other client gets ws's default, the first subprotocol it offered.
    handleProtocols: (protocols) =>
      protocols.has(TOKEN_SUBPROTOCOL)
        ? TOKEN_SUBPROTOCOL
        : (protocols.values().next().value ?? false),
  });
  const listener: PushListener = await startPushListener(deliverLocal, {
    databaseUrl: config.databaseUrl,
    log: (line) => log(line),
  });

  // Dead connections (a laptop lid closed) are dropped after a missed ping.
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, 30_000);

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // /websocket/message: push to the user; the batch-export path answers job states (spec 7.6).
    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    if (url.pathname !== '/websocket/message' && !route) {
      reject(socket, 404, 'Not Found');
      return;
    }
    identify(req, url, verifyAccessToken)
      .then((identity) => {
        if (!identity) {
          reject(socket, 401, 'Unauthorized');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          alive.set(ws, true);
          ws.on('pong', () => alive.set(ws, true));
          if (route) {
            route(ws, identity);
            // Not a push channel, but a session that ends (logout, forced offline) closes it too.
            const handle: PushSocket = {
              send: () => undefined,
              close: (code, reason) => ws.close(code, reason),
              pushes: false,
              get readyState() {
                return ws.readyState;
              },
            };
            registerSocket(identity.userId, identity.refreshTokenId, handle);
            const forget = () => unregisterSocket(identity.userId, handle);
            ws.on('close', forget);
            ws.on('error', forget);
            return;
          }
          registerSocket(identity.userId, identity.refreshTokenId, ws);
          const unregister = () => unregisterSocket(identity.userId, ws);
          ws.on('close', unregister);
          ws.on('error', unregister);
          // The channel is server-to-client; a client ping message gets a pong for liveness checks.
          ws.on('message', (data) => {
            if (data.toString() === 'ping') ws.send(JSON.stringify({ type: 'pong', content: '' }));
          });
          ws.send(JSON.stringify({ type: 'connected', content: '' }));
        });
      })
      .catch((err: Error) => {
        log('WebSocket 认证失败：', err.message);
        reject(socket, 500, 'Internal Server Error');
      });
  };

  return {
    handleUpgrade,
    /** Open sockets, for the metrics. */
    openCount: () => wss.clients.size,
    closeAll: () => {
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
    },
    stop: async () => {
      clearInterval(heartbeat);
      await listener.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
