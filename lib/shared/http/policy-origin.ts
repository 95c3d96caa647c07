/**
 * An https origin fit to stand in a Content-Security-Policy, or null: a typo or a hostile setting
 * (another scheme, user info, characters that end a directive) must neither widen nor break the
 * policy. Shared by the server's policy and the settings checks of outside services (ADR 0190).
 */
export function policyOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || u.username || u.password) return null;
    return /^[a-z0-9.-]+(:\d{1,5})?$/i.test(u.host) ? u.origin : null;
  } catch {
    return null;
  }
}
