import { verifyAccessToken } from '@/lib/server/identity';
import { serveWywSocket, WYW_SOCKET_PATH } from '@/lib/server/crm';
import { createWebSocketGateway } from '@/lib/server/platform';

/**
 * The product's WebSocket paths on the platform's gateway: /websocket/message (push, the
 * gateway's own) and the batch-export status socket of 批量导出 (spec 7.6). Socket routes are
 * registered here, at the edge, so that the platform's push code knows no domain.
 */
export function createAppWebSocketGateway(log: (...a: unknown[]) => void) {
  return createWebSocketGateway({
    log,
    verifyAccessToken,
    routes: {
      [WYW_SOCKET_PATH]: (ws, who) =>
        serveWywSocket(ws, { userId: who.userId, tenantId: who.tenantId }),
    },
  });
}
