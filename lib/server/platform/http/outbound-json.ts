/**
 * One JSON POST to an outside service with a bearer key and a deadline: the shape both provider
 * adapters speak (contact collection, ADR 0120; add-contact, ADR 0199). Anything but a 2xx JSON
 * object answer is an error, so a caller treats a timeout, an outage and garbage alike.
 */
export class OutboundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundError';
  }
}

export async function postJson(
  url: string,
  body: unknown,
  options: { apiKey?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (err) {
    throw new OutboundError(`no answer from ${new URL(url).host}: ${(err as Error).message}`);
  }
  if (!res.ok) throw new OutboundError(`${new URL(url).host} answered ${res.status}`);
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    throw new OutboundError(`${new URL(url).host} answered something that is not JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new OutboundError(`${new URL(url).host} answered an unexpected shape`);
  return parsed as Record<string, unknown>;
}
