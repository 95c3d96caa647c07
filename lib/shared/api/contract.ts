import { z } from 'zod';
import type { PermissionRequirement } from '@/lib/shared/auth/permission';

/**
 * One endpoint of the API root, described once and shared by both sides: the server's
 * `defineRoute(contract, handler)` (lib/server/platform/http/define-route.ts) and the browser's
 * `call(contract, input)` (lib/client/call.ts). Contracts live in
 * `lib/shared/<domain>/<domain>.contract.ts`, one exported constant per endpoint, so a path can be
 * grepped from the button that calls it to the service that answers it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * public: no token needed (a valid token is still read, e.g. to show unlocked data);
 * user: a signed-in user, with or without a tenant; tenant: a signed-in user bound to a tenant.
 */
export type RouteAccess = 'public' | 'user' | 'tenant';

/**
 * envelope: `data` of `{code, msg, data}`, described by `response`;
 * file: a download (the handler returns a Response; `response` describes the error envelope's data
 * and `fileType` the content type); raw: the body is `response` itself (captcha's repCode protocol).
 */
export type ResponseKind = 'envelope' | 'file' | 'raw';

export type ContractShape = {
  method: HttpMethod;
  /** Path under /admin-api, a literal, e.g. '/system/auth/login'; `{name}` segments are params. */
  path: string;
  summary: string;
  tags: readonly string[];
  access: RouteAccess;
  permission?: PermissionRequirement;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart bodies reach the handler as FormData. */
  bodyType?: 'json' | 'multipart';
  /** The largest file a multipart route takes (default: the API's upload limit, 10 MB). */
  maxUploadBytes?: number;
  /** Writes answer 901 when READ_ONLY is on; defaults to every non-GET route. */
  write?: boolean;
  /**
   * Searches, counts and exports: run through the query gate, which bounds how many run at once per
   * caller and for anonymous callers together (lib/server/platform/rate-limit/query-gate.ts).
   */
  expensive?: boolean;
  /**
   * Several operations on one path, told apart by a query parameter (the openapi proxy of spec 7.3:
   * `?urlPath=/enterprise/suggest`): this contract is the operation whose `param` equals `value`.
   * Callers never pass it; `call`, the dispatcher and OpenAPI add it (`operationQuery`).
   */
  operation?: { readonly param: string; readonly value: string };
  /** What `data` holds on success (or the whole body for kind 'raw'). Required: OpenAPI shows it. */
  response: z.ZodType;
  responseKind?: ResponseKind;
  /** Content type of a 'file' answer. */
  fileType?: string;
};

/** Keeps the literal types of a contract (path, method, schemas) for both sides. */
export function defineContract<const C extends ContractShape>(contract: C): C {
  return contract;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** Names of `{param}` segments of a path literal. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** What a caller passes: the query, the body (or multipart form) and path params it declares. */
/** A part the caller may leave out when every field of it is optional. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} extends T: all of T optional
type Part<K extends string, T> = {} extends T ? { [P in K]?: T } : { [P in K]: T };

export type ContractInput<C extends ContractShape> = (C['query'] extends z.ZodType
  ? Part<'query', Input<C['query']>>
  : { query?: never }) &
  (C['bodyType'] extends 'multipart'
    ? { form: FormData }
    : C['body'] extends z.ZodType
      ? { body: Input<C['body']> }
      : { body?: never }) &
  ([PathParamNames<C['path']>] extends [never]
    ? { params?: never }
    : { params: Record<PathParamNames<C['path']>, string | number> });

/** The `data` a successful call resolves with (the schema's output: the wire shape). */
export type ContractData<C extends ContractShape> = z.output<C['response']>;

/** Validated query / body as the handler receives them. */
export type ContractQuery<C extends ContractShape> = C['query'] extends z.ZodType
  ? z.output<C['query']>
  : undefined;
export type ContractBody<C extends ContractShape> = C['bodyType'] extends 'multipart'
  ? FormData
  : C['body'] extends z.ZodType
    ? z.output<C['body']>
    : undefined;

// The route helpers live in the zod-free endpoint.ts (the browser's `call` uses them); re-exported
// here for the server side.
export { contractPath, operationPath, operationQuery } from './endpoint';

/** The response schema of endpoints whose success carries no data (`data: null` or `true`). */
export const okResponse = z.boolean().nullable();

/** `{list, total}` pages, the yudao paging shape. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** Epoch milliseconds, as every timestamp crosses the wire. */
export const epochMs = z.number();
