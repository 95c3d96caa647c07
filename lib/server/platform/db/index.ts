import 'server-only';
import { partLogger } from '../observability/logger';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { config } from '../config';
import * as schema from '@/db/schema';
import { migrationsApplied } from './migrate';

export type Database = NodePgDatabase<typeof schema>;

type DbState = { pool: pg.Pool; db: Database; url: string };

// The custom server (loaded by tsx) and Next's bundled route handlers are separate module
// instances in one process; a global keeps them on one pool.
const globalKey = Symbol.for('leadradar.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: DbState };

// int8 (bigint) as number: our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as number (capital amounts in 万元).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

function createState(url: string): DbState {
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize,
    idleTimeoutMillis: 30000,
    connectionTimeoutMillis: 5000,
    // A runaway query must never stall the server (issue: bad search input).
    statement_timeout: config.statementTimeoutMs,
    application_name: 'leadradar',
  });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', (err) => partLogger('db').error(`idle client error: ${err.message}`));
  return { pool, db: drizzle(pool, { schema }), url };
}

function state(): DbState {
  const g = globalThis as GlobalWithDb;
  const url = config.databaseUrl;
  if (!url)
    throw new Error('DATABASE_URL 未设置：请通过 server.ts 启动（内置数据库）或设置外部数据库地址');
  if (!g[globalKey] || g[globalKey].url !== url) g[globalKey] = createState(url);
  return g[globalKey];
}

export function getDb(): Database {
  return state().db;
}

export function getPool(): pg.Pool {
  return state().pool;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const current = g[globalKey];
  g[globalKey] = undefined;
  if (current) await current.pool.end();
}

/** True when the database answers within the timeout; used by /api/health. */
export async function pingDb(
  timeoutMs = 2000,
): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = Date.now();
  try {
    const pool = getPool();
    await Promise.race([
      pool.query('select 1'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
    ]);
    return { ok: true, latencyMs: Date.now() - started };
  } catch (err) {
    return { ok: false, latencyMs: Date.now() - started, error: (err as Error).message };
  }
}

/** Ready to serve (for /api/ready): the database answers and carries every migration of this build. */
export async function readiness(): Promise<{
  ready: boolean;
  database: Awaited<ReturnType<typeof pingDb>>;
  migrations: { ok: boolean; expected: number; applied: number | null } | null;
}> {
  const database = await pingDb();
  if (!database.ok) return { ready: false, database, migrations: null };
  const migrations = await migrationsApplied((sql) => getPool().query(sql)).catch(() => null);
  return { ready: Boolean(migrations?.ok), database, migrations };
}
