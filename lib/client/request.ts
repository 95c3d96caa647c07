'use client';

import { findError, isSuccessCode, TRANSPORT_MESSAGES, ERRORS } from '@/lib/shared/api/error-codes';
import type { ApiEnvelope } from '@/lib/shared/api/envelope';
import type { ContractData, ContractInput, ContractShape } from '@/lib/shared/api/contract';
import {
  contractPath,
  operationQuery,
  type ContractOf,
  type RouteShape,
} from '@/lib/shared/api/endpoint';

/** A non-success answer of the API root, carrying its catalogue code. */
export class ApiClientError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null | Array<string | number>>;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Skip the global reaction (notification / dialogs); the caller handles every error itself. */
  silent?: boolean;
};

type ErrorListener = (err: ApiClientError) => void;
const listeners = new Set<ErrorListener>();

/**
 * The one place that turns error codes into what users see (notification, quota dialog, relogin):
 * components/feedback registers a listener; pages only handle codes they care about.
 */
export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(k, String(item)));
    else url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/** Calls the BFF (/api/*), which adds the session's token and tenant. Resolves with `data`. */
async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = {
    method,
    signal: opts.signal,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  };
  if (opts.form) init.body = opts.form;
  else if (opts.body !== undefined) {
    init.body = JSON.stringify(opts.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw raise(new ApiClientError(502, TRANSPORT_MESSAGES.unreachable), opts);
  }
  const type = res.headers.get('content-type') || '';
  if (!type.includes('application/json')) {
    throw raise(new ApiClientError(res.status, TRANSPORT_MESSAGES.httpStatus(res.status)), opts);
  }
  const body = (await res.json()) as ApiEnvelope<T>;
  if (isSuccessCode(body.code)) return body.data as T;
  const known = findError(body.code);
  throw raise(
    new ApiClientError(body.code, body.msg || known?.msg || ERRORS.UNKNOWN.msg, body.data),
    opts,
  );
}

function raise(err: ApiClientError, opts: RequestOptions): ApiClientError {
  if (!opts.silent) for (const l of listeners) l(err);
  return err;
}

/** Downloads a file answer (exports) and saves it under the server's file name. */
async function apiDownload(
  method: string,
  path: string,
  opts: RequestOptions = {},
  fallbackName = '导出.xlsx',
): Promise<void> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  };
  if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
  const res = await fetch(buildUrl(path, opts.query), init);
  const type = res.headers.get('content-type') || '';
  if (type.includes('application/json')) {
    const body = (await res.json()) as ApiEnvelope<unknown>;
    throw raise(new ApiClientError(body.code, body.msg, body.data), opts);
  }
  const disposition = res.headers.get('content-disposition') || '';
  const m = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const name = m ? decodeURIComponent(m[1]) : fallbackName;
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/**
 * Calls one endpoint through the BFF, typed by its contract (lib/shared/<domain>/<domain>.contract.ts):
 * the input is what the contract accepts, the result is its response's `data`. Nothing is validated
 * here; the API root validates the input once. Pass the contract's route part from
 * `<name>.endpoints.ts` beside the contract (no zod in the bundle, ADR 0217); a contract itself works too.
 */
export function call<R extends RouteShape>(
  contract: R,
  ...[input, opts]: CallArgs<ContractOf<R>>
): Promise<ContractData<ContractOf<R>>> {
  const i = (input ?? {}) as {
    query?: RequestOptions['query'];
    body?: unknown;
    form?: FormData;
    params?: Record<string, string | number>;
  };
  return apiRequest<ContractData<ContractOf<R>>>(
    contract.method,
    contractPath(contract.path, i.params),
    {
      ...opts,
      query: { ...operationQuery(contract), ...i.query },
      body: i.body,
      form: i.form,
    },
  );
}

/** Calls a 'file' contract (exports) and saves the answer under the server's file name. */
export function download<R extends RouteShape>(
  contract: R,
  ...[input, opts]: CallArgs<ContractOf<R>>
): Promise<void> {
  const i = (input ?? {}) as {
    query?: RequestOptions['query'];
    body?: unknown;
    params?: Record<string, string | number>;
  };
  return apiDownload(contract.method, contractPath(contract.path, i.params), {
    ...opts,
    query: { ...operationQuery(contract), ...i.query },
    body: i.body,
  });
}

type CallOptions = Pick<RequestOptions, 'signal' | 'silent'>;

/** Input may be left out when the contract takes none. */
type CallArgs<C extends ContractShape> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional" is exactly {} assignable
  {} extends ContractInput<C>
    ? [input?: ContractInput<C>, opts?: CallOptions]
    : [input: ContractInput<C>, opts?: CallOptions];

/** A React Query key for a contract call: the path first, so invalidating by path is one line. */
export function contractKey<R extends RouteShape>(
  contract: R,
  input?: Partial<ContractInput<ContractOf<R>>>,
): readonly unknown[] {
  const head = contract.operation ? [contract.path, contract.operation.value] : [contract.path];
  return input === undefined ? head : [...head, input];
}
