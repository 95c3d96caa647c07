import { createHmac, timingSafeEqual } from 'node:crypto';
import { OUTREACH_CALLBACK_SKEW_MS } from '@/lib/shared/ai/outreach.constants';

/**
 * The callback signature (ADR 0199): hex HMAC-SHA256 with the shared secret over
 * `${timestamp}.${ref}.${result}`, timestamp in ms. Signing named fields rather than the raw
 * body keeps it independent of JSON spacing; the timestamp bounds replays to the skew window.
 */
export function signCallback(
  secret: string,
  timestamp: string,
  ref: string,
  result: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}.${ref}.${result}`).digest('hex');
}

export function verifyCallback(
  secret: string,
  input: { timestamp: string | null; signature: string | null; ref: string; result: string },
  now = Date.now(),
): boolean {
  if (!secret || !input.timestamp || !input.signature) return false;
  if (!/^\d{10,16}$/.test(input.timestamp)) return false;
  if (Math.abs(now - Number(input.timestamp)) > OUTREACH_CALLBACK_SKEW_MS) return false;
  const expected = Buffer.from(signCallback(secret, input.timestamp, input.ref, input.result));
  const given = Buffer.from(input.signature.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
