import type { z } from 'zod';
import type {
  ContractBody,
  ContractQuery,
  ContractShape,
  RouteAccess,
} from '@/lib/shared/api/contract';
import type { ClientInfo } from './client-info';

export type { HttpMethod, RouteAccess } from '@/lib/shared/api/contract';

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

export type RouteContext<C extends ContractShape> = {
  req: Request;
  query: ContractQuery<C>;
  body: ContractBody<C>;
  params: Record<string, string>;
  auth: AuthFor<C['access']>;
  client: ClientInfo;
  requestId: string;
};

/**
 * What a handler returns: the value for `data` in the response schema's input shape; a Response for
 * 'file' and 'raw' answers (files, captcha's repCode protocol) or when it needs its own headers.
 */
type HandlerResult<C extends ContractShape> =
  (C['responseKind'] extends 'file' ? never : z.input<C['response']>) | Response;

export type RouteHandler<C extends ContractShape> = (
  ctx: RouteContext<C>,
) => HandlerResult<C> | Promise<HandlerResult<C>>;

/** A contract with the server function that answers it; what the dispatcher matches. */
export type RouteDefinition = ContractShape & {
  handler: (ctx: RouteContext<ContractShape>) => unknown;
};

/**
 * Binds a contract (lib/shared/<domain>/<domain>.contract.ts) to its handler. Handlers stay thin:
 * read the validated input and the caller, call a service, return its result.
 */
export function defineRoute<const C extends ContractShape>(
  contract: C,
  handler: RouteHandler<C>,
): RouteDefinition {
  return { ...contract, handler } as unknown as RouteDefinition;
}
