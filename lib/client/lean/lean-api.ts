/**
 * The few API calls a public page makes before anyone interacts with it (who is signed in, the
 * viewer's part of a company page, search suggestions), without the contract modules: those
 * carry zod (about 90 KB gzipped), which public pages load only on demand. Paths come from
 * LEAN_ROUTES, which a unit test keeps equal to the contracts'.
 */
export type LeanRoute = { readonly method: 'GET' | 'POST' | 'DELETE'; readonly path: string };

export type LeanAnswer<T> = { code: number; msg: string; data: T | null };

export async function leanCall<T>(
  route: LeanRoute,
  input: {
    query?: Record<string, string | number>;
    body?: unknown;
    signal?: AbortSignal;
    /** The request outlives the page (a record sent just before navigating away). */
    keepalive?: boolean;
  } = {},
): Promise<LeanAnswer<T>> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) q.set(k, String(v));
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
