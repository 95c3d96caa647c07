import { getPool } from '@/lib/server/platform/db';
import { prewarmSearchRelations, SEARCH_PREWARM_RELATIONS } from '../prewarm';

/*
 * The server reads the search's narrow relations into shared buffers after a start. Checked on
 * the real test database: pg_buffercache is not shipped everywhere, so the proof is what
 * pg_prewarm reports and that the extension is there afterwards.
 */

const url = () => process.env.DATABASE_URL!;

describe('prewarm of the search relations', () => {
  it('loads the narrow search table and its index with pg_prewarm', async () => {
    const warmed = await prewarmSearchRelations(url());
    const available = await getPool().query(
      `select 1 from pg_available_extensions where name = 'pg_prewarm'`,
    );
    // A PostgreSQL built without contrib: nothing to load with, and no error either.
    if (!available.rowCount) return expect(warmed).toBeNull();
    expect(warmed).not.toBeNull();
    expect(warmed!.relations.sort()).toEqual([...SEARCH_PREWARM_RELATIONS].sort());
    const { rows } = await getPool().query<{ bytes: string }>(
      `select sum(pg_relation_size(c.oid))::text as bytes from pg_class c where c.relname = any($1::text[])`,
      [[...SEARCH_PREWARM_RELATIONS]],
    );
    expect(warmed!.bytes).toBe(Number(rows[0].bytes));
    const ext = await getPool().query(`select 1 from pg_extension where extname = 'pg_prewarm'`);
    expect(ext.rowCount).toBe(1);
  });

  it('answers null, without throwing, when the database cannot be reached', async () => {
    const unreachable = new URL(url());
    unreachable.port = '1';
    await expect(prewarmSearchRelations(unreachable.toString())).resolves.toBeNull();
  });
});
