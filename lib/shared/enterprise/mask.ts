/**
 * Masking of enterprise contacts. A contact leaves the server unmasked only for a tenant that has
 * unlocked the company; everywhere else (public pages, exports, other tenants) these helpers run.
 * The masks have a fixed number of stars so they do not leak the length of the hidden part.
 */

export type ContactType = 'phone' | 'mobile' | 'email';

const STARS = '****';

/** Strips spaces, dots and a +86 / 0086 prefix so 11-digit mobiles are recognised. */
function normaliseDigits(value: string): string {
  return value
    .trim()
    .replace(/[\s.()（）]/g, '')
    .replace(/^(\+86|0086)-?/, '');
}

/** 13812341234 → 138****1234 (spec 4.7: first 3 digits, ****, last 4). */
export function maskMobile(value: string): string {
  const v = normaliseDigits(value);
  if (/^1\d{10}$/.test(v)) return `${v.slice(0, 3)}${STARS}${v.slice(-4)}`;
  return maskGeneric(v);
}

/** 0592-5123412 → 0592-5****12; 400-123-4567 → 400-1****67; an extension is dropped. */
export function maskPhone(value: string): string {
  const v = normaliseDigits(value);
  if (/^1\d{10}$/.test(v)) return maskMobile(v);
  const landline = /^(0\d{2,3})-?(\d{7,8})(?:-\d{1,6})?$/.exec(v);
  if (landline) return `${landline[1]}-${landline[2][0]}${STARS}${landline[2].slice(-2)}`;
  const service = /^([48]00)-?(\d{3})-?(\d{4})$/.exec(v);
  if (service) return `${service[1]}-${service[2][0]}${STARS}${service[3].slice(-2)}`;
  return maskGeneric(v);
}

/** info@example.com → i***@example.com. */
export function maskEmail(value: string): string {
  const v = value.trim();
  const at = v.lastIndexOf('@');
  if (at <= 0) return maskGeneric(v);
  return `${v[0]}***${v.slice(at)}`;
}

/** Anything else: a short visible head and the last two characters. */
function maskGeneric(v: string): string {
  if (v.length <= 4) return STARS;
  const head = Math.min(3, Math.floor(v.length / 4));
  return `${v.slice(0, head)}${STARS}${v.slice(-2)}`;
}

export function maskContact(type: string, value: string): string {
  if (type === 'email') return maskEmail(value);
  if (type === 'mobile') return maskMobile(value);
  return maskPhone(value);
}

const MOBILE_IN_TEXT = /(?<![\dA-Za-z])(?:\+86[- ]?)?1[3-9]\d{9}(?!\d)/g;
const LANDLINE_IN_TEXT = /(?<![\dA-Za-z])0\d{2,3}-\d{7,8}(?:-\d{1,6})?(?!\d)/g;
const SERVICE_IN_TEXT = /(?<![\dA-Za-z])[48]00-?\d{3}-?\d{4}(?!\d)/g;
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * Masks phone numbers and e-mail addresses inside free text (annual-report fields, change
 * records), which may quote a company's contacts.
 */
export function maskContactsInText(text: string): string {
  return text
    .replace(EMAIL_IN_TEXT, (m) => maskEmail(m))
    .replace(MOBILE_IN_TEXT, (m) => maskMobile(m))
    .replace(LANDLINE_IN_TEXT, (m) => maskPhone(m))
    .replace(SERVICE_IN_TEXT, (m) => maskPhone(m));
}

/** Applies maskContactsInText to every string inside a JSON value. */
export function maskContactsDeep<T>(value: T): T {
  if (typeof value === 'string') return maskContactsInText(value) as T;
  if (Array.isArray(value)) return value.map((v) => maskContactsDeep(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      out[k] = maskContactsDeep(v);
    return out as T;
  }
  return value;
}
