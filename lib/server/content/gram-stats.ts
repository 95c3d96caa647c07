import type pg from 'pg';

/**
 * How common each bigram is in a content table's `grams` (ANALYZE's most_common_elems and their
 * frequencies, as ADR 0021 reads them for enterprise names), cached per process for ten minutes.
 * A keyword matches at most the share of its rarest bigram; bigrams ANALYZE did not list are rare.
 */
const TTL_MS = 10 * 60_000;
type Stats = { at: number; freq: Map<string, number>; rows: number };
const key = Symbol.for('leadradar.content.gramStats');
type G = typeof globalThis & { [key]?: Map<string, Stats> };

async function load(db: pg.Pool, table: string): Promise<Stats> {
  const { rows } = await db.query<{ elems: string[] | null; freqs: number[] | null; n: number }>(
    `select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
        greatest(c.reltuples, 0)::float8 as n
       from pg_class c left join pg_stats s
         on s.schemaname = 'public' and s.tablename = c.relname and s.attname = 'grams'
      where c.relname = $1 and c.relnamespace = 'public'::regnamespace`,
    [table],
  );
  const r = rows[0];
  const freq = new Map<string, number>();
  (r?.elems ?? []).forEach((g, i) => freq.set(g, r!.freqs![i]));
  return { at: Date.now(), freq, rows: r?.n ?? 0 };
}

/** Estimated rows of `table` whose grams hold all of `grams`. */
export async function estimateMatches(
  db: pg.Pool,
  table: string,
  grams: string[],
): Promise<number> {
  const g = globalThis as G;
  g[key] ??= new Map();
  let stats = g[key].get(table);
  if (!stats || Date.now() - stats.at > TTL_MS) {
    stats = await load(db, table);
    g[key].set(table, stats);
  }
  const share = Math.min(1, ...grams.map((x) => stats.freq.get(x) ?? 0));
  return share * stats.rows;
}
