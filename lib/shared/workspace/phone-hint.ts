/**
 * Whether a request comes from a phone, for the first render of the workspace frame: the server
 * cannot measure the screen, and a phone given the wide frame (side menu beside the page) moved
 * the whole page 220 px left once the script saw the real width (Lighthouse mobile CLS 0.25).
 * The browser's own answer (Sec-CH-UA-Mobile) wins; otherwise the user agent's phone marks.
 * Tablets count as wide. A wrong guess costs one re-render after hydration, as before.
 */
export function isPhoneRequest(userAgent: string | null, chUaMobile: string | null): boolean {
  if (chUaMobile === '?1') return true;
  if (chUaMobile === '?0') return false;
  const ua = userAgent ?? '';
  if (/iPad|Tablet/i.test(ua)) return false;
  return /iPhone|iPod|Android.+Mobile|Mobile Safari|\bMobile\b/i.test(ua);
}
