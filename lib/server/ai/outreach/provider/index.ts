import 'server-only';
import { config } from '@/lib/server/platform';
import type { OutreachProvider } from './outreach-provider';
import { createDemoOutreachProvider } from './demo-outreach-provider';
import { createHttpOutreachProvider } from './http-outreach-provider';

export * from './outreach-provider';
export { signCallback, verifyCallback } from './callback-signature';

let override: OutreachProvider | null = null;

/** Tests and benchmarks swap the provider. */
export function setOutreachProvider(provider: OutreachProvider | null): void {
  override = provider;
}

/**
 * The configured provider: OUTREACH_PROVIDER_URL (+ OUTREACH_PROVIDER_KEY) selects the HTTP one;
 * otherwise the demo one (OUTREACH_DEMO_LATENCY_MS per send, OUTREACH_DEMO_ANSWER_MS to answer).
 */
export function getOutreachProvider(): OutreachProvider {
  if (override) return override;
  if (config.outreachProviderUrl)
    return createHttpOutreachProvider({
      url: config.outreachProviderUrl,
      apiKey: config.outreachProviderKey,
      timeoutMs: config.outreachProviderTimeoutMs,
    });
  return createDemoOutreachProvider({
    latencyMs: config.outreachDemoLatencyMs,
    answerMs: config.outreachDemoAnswerMs,
  });
}
