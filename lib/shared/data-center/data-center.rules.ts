/**
 * The merge rules of 数据中心 (ADR 0184), shared by the server (which applies them) and the page
 * (which proposes the lead to keep). The database's lr_dup_credit / lr_dup_name (migration 0037)
 * are the same keys as dupCreditKey / dupNameKey.
 */

/** The blanks the keys drop: space, tab, line breaks and the full-width space. */
const BLANKS = /[ \t\n\r\u3000]/g;

/** A credit code without blanks in upper case; null when empty. */
export function dupCreditKey(code: string | null | undefined): string | null {
  const k = (code ?? '').replace(BLANKS, '').toUpperCase();
  return k || null;
}

/** A name without blanks in lower case, full-width brackets as half-width; null when empty. */
export function dupNameKey(name: string | null | undefined): string | null {
  const k = (name ?? '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/【/g, '[')
    .replace(/】/g, ']')
    .replace(BLANKS, '')
    .toLowerCase();
  return k || null;
}

export type MergeCandidate = {
  id: number;
  name: string;
  creditCode: string | null;
  /** Converted to a customer (status 已转化 or a customer made from it). */
  converted: boolean;
  followCount: number;
  createTime: number;
};

/**
 * The lead a merge should keep: the converted one (its customer points at it), then the one with
 * the most follow-ups, then the oldest, then the smallest id.
 */
export function suggestKept<T extends MergeCandidate>(leads: readonly T[]): T {
  return [...leads].sort(
    (a, b) =>
      Number(b.converted) - Number(a.converted) ||
      b.followCount - a.followCount ||
      a.createTime - b.createTime ||
      a.id - b.id,
  )[0];
}

/** Two leads are duplicates when their credit codes or names match (the keys above). */
export function areDuplicates(a: MergeCandidate, b: MergeCandidate): boolean {
  const ca = dupCreditKey(a.creditCode);
  if (ca !== null && ca === dupCreditKey(b.creditCode)) return true;
  const na = dupNameKey(a.name);
  return na !== null && na === dupNameKey(b.name);
}

export type MergeRefusal =
  { reason: 'converted'; name: string } | { reason: 'notDuplicate'; name: string } | null;

/**
 * Why `merged` may not be merged into `kept`, or null. A converted lead is only ever kept (its
 * customer shows its follow-ups); a lead that shares neither key with the kept one is refused.
 */
export function mergeRefusal(
  kept: MergeCandidate,
  merged: readonly MergeCandidate[],
): MergeRefusal {
  for (const m of merged) {
    if (m.converted) return { reason: 'converted', name: m.name };
    if (!areDuplicates(kept, m)) return { reason: 'notDuplicate', name: m.name };
  }
  return null;
}

/** The contact fields a merge fills in on the kept lead (the kept lead's own values win). */
export const MERGE_CONTACT_FIELDS = [
  'contactName',
  'contactMobile',
  'contactPhone',
  'contactEmail',
  'wechat',
  'website',
] as const;
export type MergeContactField = (typeof MERGE_CONTACT_FIELDS)[number];
export type MergeContacts = Record<MergeContactField, string | null>;

const blank = (v: string | null | undefined) => !v || !v.trim();

/**
 * The values `merged` gives the kept lead: each field empty on the kept lead and filled on the
 * merged one, taken from the merged lead.
 */
export function contactFill(
  kept: MergeContacts,
  merged: MergeContacts,
): Partial<Record<MergeContactField, string>> {
  const out: Partial<Record<MergeContactField, string>> = {};
  for (const f of MERGE_CONTACT_FIELDS) {
    const v = merged[f];
    if (blank(kept[f]) && !blank(v)) out[f] = v!;
  }
  return out;
}

/** A lead without a way to reach anyone: no mobile, landline, e-mail or WeChat. */
export function withoutContact(
  c: Pick<MergeContacts, 'contactMobile' | 'contactPhone' | 'contactEmail' | 'wechat'>,
): boolean {
  return (
    blank(c.contactMobile) && blank(c.contactPhone) && blank(c.contactEmail) && blank(c.wechat)
  );
}
