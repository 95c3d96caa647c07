import { postJson } from '@/lib/server/platform';
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
      const body = await postJson(options.url, company, {
        apiKey: options.apiKey,
        timeoutMs: options.timeoutMs,
        signal,
      });
      return Array.isArray(body.contacts) ? (body.contacts as CollectedContact[]) : [];
    },
  };
}
