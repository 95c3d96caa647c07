import type { CollectedContact, ContactSource } from './contact-source';

/**
 * A real provider over HTTP: POST {url} with the company as JSON (CompanyRef) and a bearer key;
 * the answer is `{ contacts: CollectedContact[] }` (see contact-source.ts for what each must hold).
 * Any other status, or no answer within `timeoutMs`, is an error for that company.
 */
export function createHttpContactSource(options: {
  url: string;
  apiKey?: string;
  timeoutMs: number;
  concurrency: number;
}): ContactSource {
  return {
    name: 'http',
    concurrency: options.concurrency,
    async collect(company, signal) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify(company),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new Error(`contact source answered ${res.status}`);
      const body = (await res.json()) as { contacts?: CollectedContact[] };
      return Array.isArray(body.contacts) ? body.contacts : [];
    },
  };
}
