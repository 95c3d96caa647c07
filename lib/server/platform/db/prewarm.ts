import pg from 'pg';

/**
 * Relations the enterprise search reads one page per match, in no order (an address fragment's or
 * a person's 300-2,000 matches), rather than from the top like the weight-ordered walk indexes.
 * Read into shared buffers once after a start, so the first searches after a restart do not fetch
 * them page by page (13 µs a page from the OS cache, more from disk: 1,300 pages were 17 ms of a
 * 22 ms search at 1,000,000 companies).
 */
export const SEARCH_PREWARM_RELATIONS = [
  'enterprise_search_texts',
  'enterprise_search_texts_grams_idx',
] as const;

export type PrewarmResult = { relations: string[]; bytes: number } | null;

/**
 * Loads the search's narrow relations into shared buffers with pg_prewarm, when the extension is
 * available (it ships with the embedded server and with PostgreSQL's contrib packages) and they
 * take at most half of shared_buffers (a relation larger than that would only evict itself and
 * everything else). Null when nothing was loaded; never throws.
 */
export async function prewarmSearchRelations(url: string): Promise<PrewarmResult> {
  const client = new pg.Client({ connectionString: url, statement_timeout: 120_000 });
  try {
    await client.connect();
    const available = await client.query(
      `select 1 from pg_available_extensions where name = 'pg_prewarm'`,
    );
    if (!available.rowCount) return null;
    await client.query('create extension if not exists pg_prewarm');
    const { rows } = await client.query<{ name: string; bytes: string; buffers: string }>(
      `select c.relname as name, pg_relation_size(c.oid)::text as bytes,
              pg_size_bytes(current_setting('shared_buffers'))::text as buffers
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relname = any($1::text[])`,
      [[...SEARCH_PREWARM_RELATIONS]],
    );
    const total = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
    if (!rows.length || total === 0 || total > Number(rows[0].buffers) / 2) return null;
    for (const r of rows) await client.query(`select pg_prewarm($1::regclass)`, [r.name]);
    return { relations: rows.map((r) => r.name), bytes: total };
  } catch {
    // Without the privilege to create the extension, or the database going away: search works
    // as before, its first reads just come from disk.
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
