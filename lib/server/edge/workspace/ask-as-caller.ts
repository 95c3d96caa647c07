import 'server-only';
import { getIronSession } from 'iron-session';
import { CLIENT_IP_HEADER, sessionOptions, type BffSession } from '@/lib/server/platform';
import { API_ROOT_PREFIX, dispatchApi } from '@/lib/server/edge/api/dispatch';
import { verifyAccessToken } from '@/lib/server/identity';
import {
  contractPath,
  operationQuery,
  type ContractData,
  type ContractInput,
  type ContractShape,
} from '@/lib/shared/api/contract';

/** What a contract takes, optional when it takes nothing required. */
type AskInput<C extends ContractShape> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} extends T: all optional
  {} extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>];

/**
 * Asks one route as the caller, typed by its contract as the browser's `call` is: its data when
 * it answered 200, else null.
 */
export type AskAsCaller = <C extends ContractShape>(
  contract: C,
  ...input: AskInput<C>
) => Promise<ContractData<C> | null>;

/** Headers of the browser's request the API root reads (client info for logs and limits). */
const FORWARDED = ['user-agent', 'accept-language', CLIENT_IP_HEADER, 'x-forwarded-for'];

/**
 * For a server render that starts a signed-in page with data: the API root asked in process as
 * the member whose cookie came with this page request (the BFF session's access token and
 * tenant), so every answer and its tenant, permission, input and data-scope checks are the API's
 * own. Null when the browser must ask itself: no session, or an access token that needs the BFF's
 * refresh. Such pages are rendered per request and never stored by the page cache.
 */
export async function apiAsCaller(): Promise<AskAsCaller | null> {
  // Loaded on call: server.ts imports the edge front door before Next sets up its request storage.
  const { cookies, headers } = await import('next/headers');
  const store = await cookies();
  const readOnly = { get: (name: string) => store.get(name), set: () => undefined };
  const session = await getIronSession<BffSession>(readOnly, sessionOptions(false, false));
  if (!session.accessToken || !(await verifyAccessToken(session.accessToken))) return null;

  const incoming = await headers();
  const forwarded = new Headers({ authorization: `Bearer ${session.accessToken}` });
  if (session.tenantId !== undefined && session.tenantId !== null)
    forwarded.set('tenant-id', String(session.tenantId));
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value) forwarded.set(name, value);
  }

  return async <C extends ContractShape>(
    contract: C,
    ...[input]: AskInput<C>
  ): Promise<ContractData<C> | null> => {
    try {
      const { query, body, params } = (input ?? {}) as {
        query?: Record<string, unknown>;
        body?: unknown;
        params?: Record<string, string | number>;
      };
      const search = new URLSearchParams(operationQuery(contract));
      for (const [k, v] of Object.entries(query ?? {}))
        if (v !== undefined && v !== null) search.set(k, String(v));
      const qs = search.toString();
      const requestHeaders = new Headers(forwarded);
      if (body !== undefined) requestHeaders.set('content-type', 'application/json');
      const path = contractPath(contract.path, params);
      const res = await dispatchApi(
        new Request(`http://internal${API_ROOT_PREFIX}${path}${qs ? `?${qs}` : ''}`, {
          method: contract.method,
          headers: requestHeaders,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const answer = (await res.json()) as { code: number; data: ContractData<C> };
      return answer.code === 200 ? answer.data : null;
    } catch {
      return null;
    }
  };
}
