import 'server-only';
import { config } from '@/lib/server/platform';
import type { ContactSource } from './contact-source';
import { createDemoContactSource } from './demo-contact-source';
import { createHttpContactSource } from './http-contact-source';

export * from './contact-source';

let override: ContactSource | null = null;

/** Tests and benchmarks swap the provider. */
export function setContactSource(source: ContactSource | null): void {
  override = source;
}

/**
 * The configured provider: CONTACT_SOURCE_URL (+ CONTACT_SOURCE_KEY) selects the HTTP one;
 * otherwise the demo one, whose wait per company is WYW_DEMO_LATENCY_MS (default 150).
 * WYW_CONCURRENCY bounds the companies asked about at once (default 8).
 */
export function getContactSource(): ContactSource {
  if (override) return override;
  const concurrency = config.wywConcurrency;
  const url = config.contactSourceUrl;
  if (url)
    return createHttpContactSource({
      url,
      apiKey: config.contactSourceKey,
      timeoutMs: config.contactSourceTimeoutMs,
      concurrency,
    });
  return createDemoContactSource({ latencyMs: config.wywDemoLatencyMs, concurrency });
}
