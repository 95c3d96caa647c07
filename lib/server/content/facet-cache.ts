/**
 * Facet counts and totals of content searches, kept per process for a minute (ADR 0140). Counting
 * a broad match (every policy, or a bigram in most of them) scans tens of thousands of rows, while
 * the answer only changes when content is written: a page flip, a sort change or the next visitor
 * with the same filters reuses it. Writers in this process clear it at once (content-write.ts);
 * other processes' writes (the command-line import) show within FACET_TTL_MS.
 */
export const FACET_TTL_MS = 60_000;
const MAX_ENTRIES = 500;

type Entry = { at: number; value: unknown };
const key = Symbol.for('leadradar.content.facets');
type G = typeof globalThis & { [key]?: Map<string, Entry> };

function store(): Map<string, Entry> {
  const g = globalThis as G;
  g[key] ??= new Map();
  return g[key];
}

/** Cached value for `id`, or `compute()` stored under it. CONTENT_FACET_CACHE=0 turns it off. */
export async function cachedFacets<T>(id: string, compute: () => Promise<T>): Promise<T> {
  if (process.env.CONTENT_FACET_CACHE === '0') return compute();
  const map = store();
  const hit = map.get(id);
  if (hit && Date.now() - hit.at < FACET_TTL_MS) return hit.value as T;
  const value = await compute();
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(id, { at: Date.now(), value });
  return value;
}

export function clearFacetCache(): void {
  store().clear();
}
