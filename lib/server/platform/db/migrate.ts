import fs from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations');

/** Applies committed migrations; safe to run at every start (already-applied ones are skipped). */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One migrator at a time even when several processes start together.
    await client.query('select pg_advisory_lock(727001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist (the embedded cluster starts empty). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  if (name === 'postgres') return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Whether the database has every migration this build carries (for /api/ready): the newest
 * applied one is at least as new as the newest in the journal. A process started against a
 * database that another, older or newer, build migrated answers not ready instead of failing
 * requests one by one.
 */
export async function migrationsApplied(
  query: (sql: string) => Promise<{ rows: { newest: string | null }[] }>,
): Promise<{ ok: boolean; expected: number; applied: number | null }> {
  const journalPath = path.join(
    /* turbopackIgnore: true */ MIGRATIONS_FOLDER,
    'meta/_journal.json',
  );
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { when: number }[];
  };
  const expected = Math.max(...journal.entries.map((e) => e.when));
  const { rows } = await query(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  const applied = rows[0]?.newest ? Number(rows[0].newest) : null;
  return { ok: applied !== null && applied >= expected, expected, applied };
}
