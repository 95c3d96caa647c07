import type { z } from 'zod';
import type { PermissionRequirement } from '@/lib/shared/auth/permission';
import type { ClientInfo } from './client-info';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * public: no token needed (a valid token is still read, e.g. to show unlocked data);
 * user: a signed-in user, with or without a tenant; tenant: a signed-in user bound to a tenant.
 */
export type RouteAccess = 'public' | 'user' | 'tenant';

export type AuthContext = {
  userId: number;
  tenantId: number | null;
  accessTokenId: number;
  refreshTokenId: number;
  roles: string[];
  permissions: ReadonlySet<string>;
  /** The raw bearer token (logout needs it). */
  accessToken: string;
};

export type TenantAuthContext = AuthContext & { tenantId: number };

type AuthFor<A extends RouteAccess> = A extends 'tenant'
  ? TenantAuthContext
  : A extends 'user'
    ? AuthContext
    : AuthContext | null;

export type RouteContext<Q, B, A extends RouteAccess> = {
  req: Request;
  query: Q;
  body: B;
  params: Record<string, string>;
  auth: AuthFor<A>;
  client: ClientInfo;
  requestId: string;
};

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteDefinition<
  QS extends Schema | undefined = Schema | undefined,
  BS extends Schema | undefined = Schema | undefined,
  A extends RouteAccess = RouteAccess,
> = {
  method: HttpMethod;
  /** Path under /admin-api, e.g. '/system/auth/login'; `{name}` segments become params. */
  path: string;
  summary: string;
  tags: string[];
  access: A;
  permission?: PermissionRequirement;
  query?: QS;
  body?: BS;
  /** multipart bodies are passed through as FormData in `body`. */
  bodyType?: 'json' | 'multipart';
  /** Writes answer 901 when READ_ONLY is on; defaults to every non-GET route. */
  write?: boolean;
  /** Document the data shape in the OpenAPI output. */
  response?: Schema;
  /**
   * Return the value for `data`; or a Response for non-envelope answers (files, captcha's repCode
   * protocol).
   */
  handler: (
    ctx: RouteContext<Out<QS>, BS extends Schema ? Out<BS> : FormData | undefined, A>,
  ) => unknown;
};

/** Identity function that keeps the handler's context types tied to the schemas. */
export function defineRoute<
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  A extends RouteAccess = RouteAccess,
>(def: RouteDefinition<QS, BS, A>): RouteDefinition {
  return def as unknown as RouteDefinition;
}
