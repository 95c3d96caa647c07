import { createHash } from 'node:crypto';

/**
 * The CSP sources ('sha256-…') of every inline script in a page. A cached page is one body for
 * every visitor, so it cannot carry a per-response nonce; its policy allows exactly the inline
 * scripts it was rendered with instead, and an injected script matches none of them.
 *
 * The hash covers the element's text exactly as sent (the browser hashes the same characters).
 * Scripts with a src are covered by 'self'. Data blocks (JSON-LD) are hashed too: harmless, and
 * simpler than deciding which types a browser runs.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = script.exec(html); m; m = script.exec(html)) {
    const [, attributes, body] = m;
    if (/\ssrc\s*=/i.test(` ${attributes}`) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** True when the page carries a nonce attribute, i.e. it was rendered for one response only. */
export function hasNonceAttribute(html: string): boolean {
  return /<(script|style|link)\b[^>]*\snonce=/i.test(html);
}
