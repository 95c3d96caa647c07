import { postJson } from '@/lib/server/platform';
import { readSendOutcome, type OutreachProvider } from './outreach-provider';

/**
 * A real provider over HTTP (ADR 0199): POST {url}/send with OutreachRequest as JSON and a bearer
 * key; the answer is `{ ok: true }` or `{ ok: false, reason }`. The person's answer comes later
 * by the signed callback (POST /admin-api/outreach/provider-callback). Anything else, or no
 * answer within `timeoutMs`, is an error for that contact.
 */
export function createHttpOutreachProvider(options: {
  url: string;
  apiKey?: string;
  timeoutMs: number;
  concurrency?: number;
}): OutreachProvider {
  const base = options.url.replace(/\/+$/, '');
  return {
    name: 'http',
    demo: false,
    concurrency: options.concurrency ?? 4,
    answersBy: 'push',
    async send(request, signal) {
      const body = await postJson(`${base}/send`, request, {
        apiKey: options.apiKey,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return readSendOutcome(body);
    },
    async answers() {
      return [];
    },
  };
}
