import { createHash } from 'node:crypto';
import { hasNonceAttribute, inlineScriptHashes } from '../inline-script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes of a cached page', () => {
  it('hashes each inline script body exactly as sent, once, and skips scripts with a src', () => {
    const html =
      '<html><head><script src="/_next/a.js" async></script></head><body>' +
      '<script>self.__next_f.push([1,"中文"])</script>' +
      '<script type="application/ld+json">{"name":"甲"}</script>' +
      '<SCRIPT>self.__next_f.push([1,"中文"])</SCRIPT>' +
      '<script id="x">\n  a()\n</script ></body></html>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.__next_f.push([1,"中文"])'),
      sha('{"name":"甲"}'),
      sha('\n  a()\n'),
    ]);
  });

  it('finds a nonce left in a page (such a page is one response only)', () => {
    expect(hasNonceAttribute('<script nonce="abc">x</script>')).toBe(true);
    expect(hasNonceAttribute('<p>nonce=1</p><script>x</script>')).toBe(false);
  });
});
