import type pg from 'pg';

/**
 * Runs `fn` on one pooled connection inside BEGIN … COMMIT; any error rolls back and is
 * rethrown. For raw-SQL work that Drizzle's db.transaction does not cover (seeds, bulk paths).
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
