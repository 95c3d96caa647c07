import type pg from 'pg';

/**
 * What every API test database starts with. Grows as seed modules land: reference data, the
 * platform (editions, roles, menus, demo tenants and users) and a small enterprise corpus.
 */
export async function seedTestTemplate(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}
