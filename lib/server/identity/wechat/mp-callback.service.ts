import 'server-only';
import { apiError } from '@/lib/server/platform';
import { parseScanEvent, verifyCallbackSignature } from './mp-wechat.adapter';
import { handleScan } from './qr.service';
import { mpWechatConfigFromEnv } from './wechat.config';

/**
 * The WeChat official-account server callback (real adapter): plain-text answers, 403 on a bad
 * signature, the NOT_IMPLEMENTED envelope when no official account is configured.
 */

type CallbackSignature = { signature?: string; timestamp?: string; nonce?: string };

function plainText(text: string): Response {
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

function requireMpToken(): string {
  const cfg = mpWechatConfigFromEnv();
  if (!cfg) throw apiError('NOT_IMPLEMENTED');
  return cfg.token;
}

/** Server-address check: echoes echostr when the signature is valid (no timestamp skew limit). */
export function answerMpCallbackCheck(query: CallbackSignature & { echostr?: string }): Response {
  const token = requireMpToken();
  if (!verifyCallbackSignature(token, query, { maxSkewSeconds: Number.POSITIVE_INFINITY }))
    return new Response('invalid signature', { status: 403 });
  return plainText(query.echostr ?? '');
}

/** Event push: a SCAN / subscribe event with a scene ticket counts as a scan of that ticket. */
export async function answerMpCallbackEvent(
  query: CallbackSignature,
  req: Request,
): Promise<Response> {
  const token = requireMpToken();
  if (!verifyCallbackSignature(token, query))
    return new Response('invalid signature', { status: 403 });
  const xml = await req.text();
  const event = parseScanEvent(xml);
  if (event) await handleScan(event.sceneStr, { openid: event.openid });
  // WeChat retries unless it gets "success" (or an empty body) within 5 s.
  return plainText('success');
}
