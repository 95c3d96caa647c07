import type pg from 'pg';

/**
 * Bigram document frequencies, the statistic search plans are chosen by (科技 is in a third of all
 * names, 锐通 in one). They come from what ANALYZE already keeps for the bigram GIN index
 * expressions (pg_stats.most_common_elems: the ~1,000 most frequent bigrams with their share of
 * rows), so they refresh whenever the table is analysed (after every seed, and by autovacuum) and
 * cost nothing to maintain. A bigram not listed is rarer than every listed one.
 */
export type GramField = 'name' | 'text' | 'scope' | 'holder';

type FreqTable = { freq: Map<string, number>; floor: number };

/** What ANALYZE keeps of enterprises.weight: its most common values and an equal-count histogram. */
export type WeightStats = {
  common: { value: number; freq: number }[];
  /** Ascending bucket bounds of the other rows (each bucket holds the same share of them). */
  bounds: number[];
  nullFrac: number;
};

export type TermStats = {
  /** Rows of enterprises / enterprise_shareholders (planner estimate). */
  enterprises: number;
  holders: number;
  fields: Record<GramField, FreqTable>;
  /** Null before the first ANALYZE. */
  weight?: WeightStats | null;
  loadedAt: number;
};

/**
 * A weight at or below which the heaviest `rows` companies lie, from the statistics: the highest
 * histogram bound (or common value) with at least that share of rows at or above it. Null without
 * statistics, or when `rows` is most of the table (nothing to bound). A walk bounded by it reads
 * about `rows` rows, at most one histogram bucket more.
 */
export function weightFloor(stats: TermStats, rows: number): number | null {
  const w = stats.weight;
  const n = stats.enterprises;
  if (!w || w.bounds.length < 2 || n <= 0 || rows >= n) return null;
  const want = rows / n;
  const commonShare = w.common.reduce((sum, c) => sum + c.freq, 0);
  const bucketShare = Math.max(0, 1 - commonShare - w.nullFrac) / (w.bounds.length - 1);
  const shareFrom = (v: number) =>
    w.common.reduce((sum, c) => (c.value >= v ? sum + c.freq : sum), 0) +
    // Buckets wholly at or above v (the bucket v starts counts whole: a lower floor, never higher).
    bucketShare * w.bounds.filter((b, i) => i < w.bounds.length - 1 && b >= v).length;
  const candidates = [...new Set([...w.bounds, ...w.common.map((c) => c.value)])].sort(
    (a, b) => b - a,
  );
  for (const v of candidates) if (shareFrom(v) >= want) return v;
  return null;
}

const INDEX_OF: Record<GramField, string> = {
  name: 'enterprises_name_doc_grams_idx',
  text: 'enterprises_text_grams_idx',
  // Business scope alone (migration 0028): its share apart from the addresses'.
  scope: 'enterprises_scope_grams_idx',
  holder: 'enterprise_shareholders_name_grams_idx',
};

/** Statistics change slowly (seeds, imports); re-read them every few minutes. */
const TTL_MS = 5 * 60_000;
const cache = new WeakMap<pg.Pool, TermStats>();
const loading = new WeakMap<pg.Pool, Promise<TermStats>>();

async function load(db: pg.Pool): Promise<TermStats> {
  const [stats, sizes, weights] = await Promise.all([
    db.query<{ index: string; elems: string[] | null; freqs: number[] | null }>(
      `select tablename as index, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
         from pg_stats where schemaname = 'public' and tablename = any($1::text[])`,
      [Object.values(INDEX_OF)],
    ),
    db.query<{ relname: string; rows: number }>(
      `select relname, reltuples::float8 as rows from pg_class
        where relname in ('enterprises', 'enterprise_shareholders') and relkind = 'r'`,
    ),
    db.query<{
      common: number[] | null;
      freqs: number[] | null;
      bounds: number[] | null;
      nulls: number;
    }>(
      `select most_common_vals::text::float8[] as common, most_common_freqs as freqs,
              histogram_bounds::text::float8[] as bounds, null_frac as nulls
         from pg_stats where schemaname = 'public' and tablename = 'enterprises' and attname = 'weight'`,
    ),
  ]);
  const rowsOf = async (table: string) => {
    const est = sizes.rows.find((r) => r.relname === table)?.rows ?? -1;
    if (est >= 0) return est;
    // Never analysed (a fresh test database): small enough to count.
    const { rows } = await db.query<{ n: number }>(`select count(*)::float8 as n from ${table}`);
    return rows[0].n;
  };
  const enterprises = await rowsOf('enterprises');
  const holders = await rowsOf('enterprise_shareholders');
  const fields = {} as Record<GramField, FreqTable>;
  for (const field of Object.keys(INDEX_OF) as GramField[]) {
    const row = stats.rows.find((r) => r.index === INDEX_OF[field]);
    const freq = new Map<string, number>();
    let floor = 0;
    if (row?.elems && row.freqs) {
      row.elems.forEach((g, i) => freq.set(g, row.freqs![i]));
      // After the element frequencies come min, max and the null fraction. An unlisted bigram is
      // rarer than the rarest listed one; most are far rarer (the tail is long), so it counts as
      // rare enough for the gather-everything plan, which is capped and falls back if wrong.
      const rows = field === 'holder' ? holders : enterprises;
      floor = Math.min((row.freqs[row.elems.length] ?? 0) / 2, 1000 / Math.max(rows, 1));
    }
    fields[field] = { freq, floor };
  }
  const missing = (Object.keys(INDEX_OF) as GramField[]).filter(
    (f) => !stats.rows.some((r) => r.index === INDEX_OF[f] && r.elems),
  );
  if (missing.length) analyseOnce(db, missing);
  const w = weights.rows[0];
  const weight: WeightStats | null = w?.bounds
    ? {
        common: (w.common ?? []).map((value, i) => ({ value, freq: w.freqs?.[i] ?? 0 })),
        bounds: w.bounds,
        nullFrac: w.nulls,
      }
    : null;
  return {
    enterprises,
    holders,
    fields,
    weight,
    loadedAt: Date.now(),
  };
}

const analysed = new WeakSet<pg.Pool>();

/**
 * An index created after the last ANALYZE (a new migration) has no statistics yet, and autovacuum
 * only analyses after enough writes: analyse once in the background, then re-read.
 */
function analyseOnce(db: pg.Pool, fields: GramField[]): void {
  if (analysed.has(db)) return;
  analysed.add(db);
  const tables = [
    ...new Set(fields.map((f) => (f === 'holder' ? 'enterprise_shareholders' : 'enterprises'))),
  ];
  void (async () => {
    const client = await db.connect();
    try {
      // ANALYZE of a million rows outlasts the per-statement timeout of requests.
      await client.query('set statement_timeout = 0');
      for (const t of tables) await client.query(`analyze ${t}`);
      await client.query('reset statement_timeout');
      cache.delete(db);
    } finally {
      client.release();
    }
  })().catch(() => undefined);
}

export async function getTermStats(db: pg.Pool): Promise<TermStats> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached;
  let pending = loading.get(db);
  if (!pending) {
    pending = load(db)
      .then((s) => {
        cache.set(db, s);
        return s;
      })
      .finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  // A stale copy answers while the fresh one loads.
  return cached ?? pending;
}

/** Forget cached statistics (tests, after a seed in the same process). */
export function resetTermStats(db: pg.Pool): void {
  cache.delete(db);
}

/** Distinct character bigrams of a normalised text, as SQL lr_bigrams computes them. */
export function bigramsOf(form: string): string[] {
  const chars = Array.from(form);
  if (chars.length < 2) return chars.length ? [chars[0]] : [];
  const out = new Set<string>();
  for (let i = 0; i < chars.length - 1; i++) out.add(chars[i] + chars[i + 1]);
  return [...out];
}

/**
 * Share of rows whose field holds every bigram: the rarest bigram's frequency, an upper bound
 * (bigrams of one word are strongly correlated, so it is a close one).
 */
export function gramFrequency(stats: TermStats, field: GramField, grams: string[]): number {
  const t = stats.fields[field];
  if (grams.length === 0) return 0;
  return Math.min(...grams.map((g) => t.freq.get(g) ?? t.floor));
}
