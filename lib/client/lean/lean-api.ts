import type { ContractData, ContractInput, ContractShape } from '@/lib/shared/api/contract';
import type { ContractOf, RouteShape } from '@/lib/shared/api/endpoint';

/**
 * The few API calls a public page makes before anyone interacts with it (who is signed in, the
 * viewer's part of a company page, search suggestions), without the contract modules: those
 * carry zod (about 90 KB gzipped), which public pages load only on demand. A lean call takes the
 * contract's zod-free route part (lib/shared/api/endpoints.ts, generated from the contracts, ADR
 * 0217), typed by the contract through a type-only import, so input and answer are typed as `call`
 * types them.
 */

export type LeanAnswer<T> = { code: number; msg: string; data: T | null };

type LeanOptions = {
  signal?: AbortSignal;
  /** The request outlives the page (a record sent just before navigating away). */
  keepalive?: boolean;
};

/** What the contract takes (query, body), and the lean options; optional when nothing is required. */
type LeanArgs<C extends ContractShape> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} extends T: all optional
  {} extends ContractInput<C>
    ? [input?: ContractInput<C> & LeanOptions]
    : [input: ContractInput<C> & LeanOptions];

export async function leanCall<R extends RouteShape>(
  route: R,
  ...[given]: LeanArgs<ContractOf<R>>
): Promise<LeanAnswer<ContractData<ContractOf<R>>>> {
  type T = ContractData<ContractOf<R>>;
  const input = (given ?? {}) as LeanOptions & {
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
  };
  const q = new URLSearchParams();
  if (route.operation) q.set(route.operation.param, route.operation.value);
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  const init: RequestInit = {
    method: route.method,
    credentials: 'same-origin',
    signal: input.signal,
    keepalive: input.keepalive,
    headers: { accept: 'application/json' },
  };
  if (input.body !== undefined) {
    init.body = JSON.stringify(input.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`/api${route.path}${qs ? `?${qs}` : ''}`, init);
    if (!(res.headers.get('content-type') || '').includes('application/json'))
      return { code: res.status, msg: '', data: null };
    const body = (await res.json()) as { code: number; msg?: string; data?: T };
    return { code: body.code, msg: body.msg ?? '', data: body.data ?? null };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { code: 502, msg: '', data: null };
  }
}
