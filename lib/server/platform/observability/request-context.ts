import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of work belongs to (issue 37 item 2): its id follows a request from
 * server.ts through the BFF and the API root into the jobs it enqueues and the socket it opens,
 * and every log line written meanwhile carries it. One store per process: server.ts and the
 * bundles Next builds for route handlers each load this file, so the store lives on globalThis.
 */
export type RequestContext = {
  /** The id answered as x-request-id and logged as reqId. */
  readonly reqId: string;
  /** The API operation that served it (its contract path), for metrics; set by the dispatcher. */
  route?: string;
  /** The background job being run, when the work is a job. */
  jobId?: number;
};

export const REQUEST_ID_HEADER = 'x-request-id';

const storeKey = Symbol.for('leadradar.requestContext');
type G = typeof globalThis & { [storeKey]?: AsyncLocalStorage<RequestContext> };

function store(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as G;
  return (g[storeKey] ??= new AsyncLocalStorage<RequestContext>());
}

/** A caller's id when it looks like one (a proxy's or the BFF's), else a fresh one. */
export function acceptRequestId(raw: string | null | undefined): string {
  return raw && /^[A-Za-z0-9._:-]{8,64}$/.test(raw) ? raw : randomUUID();
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return store().run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return store().getStore();
}

export function currentRequestId(): string | undefined {
  return store().getStore()?.reqId;
}
