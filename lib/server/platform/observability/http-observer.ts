import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { partLogger } from './logger';
import { observeRequest, routeLabel } from './metrics';
import {
  acceptRequestId,
  REQUEST_ID_HEADER,
  runWithRequestContext,
  type RequestContext,
} from './request-context';

/**
 * Wraps one request of server.ts: gives it an id (a trusted caller's x-request-id, else a new
 * one) answered in the response and handed on to the BFF and the API root, runs the handler in
 * that request's context, and when the response ends writes the access line (path without its
 * query, which can carry search words and tokens) and counts it in the metrics.
 */
export function observeHttp(
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => void,
  trustCallerId: boolean,
): void {
  const started = process.hrtime.bigint();
  const header = req.headers[REQUEST_ID_HEADER];
  const context: RequestContext = {
    reqId: acceptRequestId(trustCallerId && typeof header === 'string' ? header : null),
  };
  req.headers[REQUEST_ID_HEADER] = context.reqId;
  res.setHeader(REQUEST_ID_HEADER, context.reqId);
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    observeRequest(routeLabel(path, context.route), method, res.statusCode, seconds);
    runWithRequestContext(context, () =>
      partLogger('http').info(
        {
          method,
          path,
          status: res.statusCode,
          ms: Math.round(seconds * 1000),
          route: context.route,
        },
        'request',
      ),
    );
  });
  runWithRequestContext(context, handle);
}
