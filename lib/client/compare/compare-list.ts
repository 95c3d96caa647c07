/**
 * The comparison list of policies and indicators (spec 3, 9): kept in local storage under
 * `showYDBList`. An entry is a policy (by `id`) or an indicator of a report (by `indicatorsNo`);
 * `showYDB` says whether its column shows in the side-by-side view. Each entry carries the fields
 * it is compared on, taken when it was added, so the view needs no request.
 */

export const COMPARE_STORAGE_KEY = 'showYDBList';
/** Side by side stays readable up to this many columns; adding more drops the oldest. */
export const COMPARE_MAX = 6;
/** Fired on window when this tab changes the list (other tabs get the `storage` event). */
export const COMPARE_EVENT = 'leadradar:compare';

export type CompareKind = 'policy' | 'indicator';

export type CompareField = { label: string; value: string };

export type CompareEntry = {
  kind: CompareKind;
  /** A policy's id. */
  id?: string;
  /** An indicator's number (report id + chart key). */
  indicatorsNo?: string;
  /** Whether the entry's column shows in the comparison. */
  showYDB: boolean;
  title: string;
  /** Where the entry comes from (its detail page). */
  href: string;
  fields: CompareField[];
};

/** The key an entry is known by: `id` for policies, `indicatorsNo` for indicators. */
export function entryKey(e: Pick<CompareEntry, 'kind' | 'id' | 'indicatorsNo'>): string {
  return e.kind === 'indicator' ? `indicator:${e.indicatorsNo ?? ''}` : `policy:${e.id ?? ''}`;
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

/** One stored entry, or null when it is not one (older shapes, edited storage). */
function parseEntry(raw: unknown): CompareEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = isString(r.id) || typeof r.id === 'number' ? String(r.id) : undefined;
  const kind: CompareKind | null =
    r.kind === 'indicator' || (r.kind === undefined && isString(r.indicatorsNo))
      ? 'indicator'
      : r.kind === 'policy' || (r.kind === undefined && id !== undefined)
        ? 'policy'
        : null;
  if (!kind) return null;
  const indicatorsNo = isString(r.indicatorsNo) ? r.indicatorsNo : undefined;
  if (kind === 'policy' && !id) return null;
  if (kind === 'indicator' && !indicatorsNo) return null;
  const fields = Array.isArray(r.fields)
    ? r.fields
        .filter(
          (f): f is CompareField =>
            !!f &&
            typeof f === 'object' &&
            isString((f as CompareField).label) &&
            isString((f as CompareField).value),
        )
        .map((f) => ({ label: f.label, value: f.value }))
    : [];
  const href = isString(r.href) && r.href.startsWith('/') && !r.href.startsWith('//') ? r.href : '';
  return {
    kind,
    ...(id !== undefined ? { id } : {}),
    ...(indicatorsNo !== undefined ? { indicatorsNo } : {}),
    showYDB: r.showYDB !== false,
    title: isString(r.title) && r.title ? r.title : (id ?? indicatorsNo ?? ''),
    href,
    fields,
  };
}

/** The stored list, leniently: what cannot be read is dropped, duplicates keep their first. */
export function parseCompareList(raw: string | null): CompareEntry[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const out: CompareEntry[] = [];
  for (const item of data) {
    const e = parseEntry(item);
    if (!e || seen.has(entryKey(e))) continue;
    seen.add(entryKey(e));
    out.push(e);
  }
  return out.slice(-COMPARE_MAX);
}

export function hasEntry(list: readonly CompareEntry[], key: string): boolean {
  return list.some((e) => entryKey(e) === key);
}

/** Adds (or refreshes) an entry at the end, shown; the oldest goes beyond COMPARE_MAX. */
export function addEntry(list: readonly CompareEntry[], entry: CompareEntry): CompareEntry[] {
  const key = entryKey(entry);
  const rest = list.filter((e) => entryKey(e) !== key);
  return [...rest, { ...entry, showYDB: true }].slice(-COMPARE_MAX);
}

export function removeEntry(list: readonly CompareEntry[], key: string): CompareEntry[] {
  return list.filter((e) => entryKey(e) !== key);
}

export function toggleShown(list: readonly CompareEntry[], key: string): CompareEntry[] {
  return list.map((e) => (entryKey(e) === key ? { ...e, showYDB: !e.showYDB } : e));
}

/**
 * Rows of the side-by-side table: every field label of the shown entries, in first-seen order,
 * with each entry's value ('—' where it has none).
 */
export function compareRows(list: readonly CompareEntry[]): { label: string; values: string[] }[] {
  const shown = list.filter((e) => e.showYDB);
  const labels: string[] = [];
  for (const e of shown)
    for (const f of e.fields) if (!labels.includes(f.label)) labels.push(f.label);
  return labels.map((label) => ({
    label,
    values: shown.map((e) => e.fields.find((f) => f.label === label)?.value || '—'),
  }));
}

/** Reads the list from local storage (empty when storage is blocked). */
export function readCompareList(): CompareEntry[] {
  try {
    return parseCompareList(window.localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Writes the list and tells this tab's other islands. */
export function writeCompareList(list: readonly CompareEntry[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(COMPARE_STORAGE_KEY);
    else window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Full or blocked storage: the change holds until the page is left.
  }
  window.dispatchEvent(new CustomEvent(COMPARE_EVENT, { detail: list }));
}
