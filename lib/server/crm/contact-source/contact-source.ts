/**
 * Where 挖一挖 (contact collection) finds a company's contacts. One small interface, a real HTTP
 * provider configured by the environment and a demo one that works offline (ARCHITECTURE.md,
 * "External services").
 *
 * What a real provider must return, per company asked about:
 * - every contact it knows for that company (not only new ones): the caller compares them with
 *   what is stored and keeps the new ones, so asking twice never stores anything twice;
 * - each contact with `type` 'mobile' (11-digit mainland mobile, digits only), 'phone' (landline
 *   as area code, hyphen, local number: 0592-5123456; 400/800 numbers as 400-123-4567) or 'email'
 *   (lower-cased address); anything else is dropped;
 * - `source`: where it was seen (官网, 招聘网站, 工商年报, 地图标注, 电商平台, ...), shown to tenants
 *   that unlocked the company; `personName` and `position` when the provider knows them;
 * - an empty list when it found nothing (not an error); a thrown error only when it could not
 *   answer (timeout, quota, outage): that company is counted as processed and nothing is stored.
 * The caller asks at most `concurrency` companies at once and never holds a database
 * transaction open while waiting.
 */

export type ContactType = 'mobile' | 'phone' | 'email';

/** What the provider is told about a company: enough to identify it unambiguously. */
export type CompanyRef = {
  id: number;
  name: string;
  /** Unified social credit code. */
  uncid: string;
  legalPerson: string | null;
  website: string | null;
  /** Administrative codes (GB/T 2260) of the registered address. */
  cityCode: string | null;
  address: string | null;
};

export type CollectedContact = {
  type: ContactType;
  value: string;
  personName?: string | null;
  position?: string | null;
  source: string;
};

export type ContactSource = {
  /** Shown in logs and ADRs: 'demo', 'http'. */
  readonly name: string;
  /** Companies asked about at once by a batch job. */
  readonly concurrency: number;
  collect(company: CompanyRef, signal?: AbortSignal): Promise<CollectedContact[]>;
};

const MOBILE = /^1[3-9]\d{9}$/;
const PHONE = /^(0\d{2,3}-\d{7,8}|[48]00-\d{3}-\d{4})$/;
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** Keeps well-formed contacts only, normalised, without repeats (a provider's answer is input). */
export function cleanContacts(found: readonly CollectedContact[]): CollectedContact[] {
  const out: CollectedContact[] = [];
  const seen = new Set<string>();
  for (const c of found) {
    if (!c || typeof c.value !== 'string') continue;
    const type = c.type;
    let value = c.value.trim();
    if (type === 'email') value = value.toLowerCase();
    if (type === 'mobile') value = value.replace(/^\+86[- ]?/, '').replace(/[\s-]/g, '');
    const ok =
      (type === 'mobile' && MOBILE.test(value)) ||
      (type === 'phone' && PHONE.test(value)) ||
      (type === 'email' && EMAIL.test(value) && value.length <= 120);
    if (!ok) continue;
    const key = `${type}\u0000${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      type,
      value,
      personName: c.personName?.toString().slice(0, 30) || null,
      position: c.position?.toString().slice(0, 30) || null,
      source: (c.source?.toString().trim() || '全网采集').slice(0, 20),
    });
  }
  return out;
}
