import type { ContractShape, HttpMethod } from '@/lib/shared/api/contract';

/**
 * The route part of an endpoint — method, path and, on a shared path, the operation — without its
 * schemas: what the browser needs to call it. Contracts carry zod (tens of KB gzipped), and
 * `call(contract, input)` validates nothing, so client code calls the contract's route part from
 * `<name>.endpoints.ts` beside its contract (generated, `npm run gen:endpoints`, ADR 0217),
 * typed by its contract through a type-only import: input and answer are typed as before, and a
 * route part that differs from its contract does not compile. This file imports nothing at run time.
 */
export type RouteShape = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operation?: { readonly param: string; readonly value: string };
};

/** A contract's route part, typed by the contract `C` (the type only: nothing of C exists at run time). */
export type Endpoint<C extends ContractShape> = {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Never set: carries the contract's type to `call`, `download` and `contractKey`. */
  readonly contract?: C;
} & (C['operation'] extends object
  ? { readonly operation: C['operation'] }
  : { readonly operation?: undefined });

/** The route parts of a group of contracts (the openapi proxy's operations), by the same keys. */
export type EndpointsOf<G> = {
  readonly [K in keyof G]: G[K] extends ContractShape ? Endpoint<G[K]> : EndpointsOf<G[K]>;
};

/** The contract that types a route: a contract itself, or the contract a route part carries. */
export type ContractOf<R> = R extends ContractShape
  ? R
  : R extends { readonly contract?: infer C }
    ? NonNullable<C> extends ContractShape
      ? NonNullable<C>
      : never
    : never;

/** The query parameter that selects a contract's operation on a shared path, else nothing. */
export function operationQuery(contract: {
  operation?: { param: string; value: string };
}): Record<string, string> {
  return contract.operation ? { [contract.operation.param]: contract.operation.value } : {};
}

/**
 * The path that names one operation: the path, and for an operation chosen by a query parameter
 * `?param=value` (the openapi proxy). Unique per method across all contracts; OpenAPI's key.
 */
export function operationPath(contract: {
  path: string;
  operation?: { param: string; value: string };
}): string {
  const op = contract.operation;
  return op ? `${contract.path}?${op.param}=${op.value}` : contract.path;
}

/** Fills `{name}` segments; values are URI-encoded. */
export function contractPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path param ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
