import type { WebSocket } from 'ws';
import { WYW_SOCKET_PATH } from '@/lib/shared/wyw/wyw.constants';
import { batchState, type WywOwner } from './wyw-state';

export { WYW_SOCKET_PATH };

/** Reply type on the batch socket. */
export const WYW_SOCKET_TYPE = 'wyw-batch-job';

/** A job id as the page sends it: `123` or `{"jobId":123}`. */
export function parseJobId(text: string): number | null {
  let value: unknown = text.trim();
  if (typeof value === 'string' && value.startsWith('{')) {
    try {
      value = (JSON.parse(value) as { jobId?: unknown }).jobId;
    } catch {
      return null;
    }
  }
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /websocket/wyw/get-batch-wyw-job (spec 7.6): the page sends the job id once a second; each
 * message is answered with the job's state `{type, code: 200, data}` (spec 3), or code 404 when
 * the job is not the member's. Reads are serialised per socket, so a slow answer never piles up.
 */
export function serveWywSocket(ws: WebSocket, owner: WywOwner): void {
  let busy = false;
  ws.on('message', (raw) => {
    const text = raw.toString();
    if (text === 'ping') {
      ws.send(JSON.stringify({ type: 'pong', content: '' }));
      return;
    }
    if (busy) return;
    const jobId = parseJobId(text);
    if (jobId === null) {
      ws.send(
        JSON.stringify({ type: WYW_SOCKET_TYPE, code: 400, msg: '任务编号不正确', data: null }),
      );
      return;
    }
    busy = true;
    batchState(owner, jobId)
      .then((state) => {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(
          JSON.stringify(
            state
              ? { type: WYW_SOCKET_TYPE, code: 200, msg: '', data: state }
              : { type: WYW_SOCKET_TYPE, code: 404, msg: '访问资源不存在', data: null },
          ),
        );
      })
      .catch(() => {
        if (ws.readyState === ws.OPEN)
          ws.send(
            JSON.stringify({ type: WYW_SOCKET_TYPE, code: 500, msg: '系统异常', data: null }),
          );
      })
      .finally(() => (busy = false));
  });
}
