/**
 * The embedded database of an in-process benchmark (bench:seed, bench:search, bench:crm): sets the
 * environment the app's config reads (once, so before the app's modules are imported), starts a
 * migrated embedded PostgreSQL in the benchmark's own data directory and, when asked, fills an
 * empty one with reference data and N demo companies. Benchmarks that run the real server
 * (bench:pages, bench:lighthouse) start it through scripts/bench/pages/server.ts instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';

export type BenchDatabaseOptions = {
  /** Data directory (the cluster lives in DIR/pg; kept between runs so a seed is done once). */
  dir: string;
  /** EMBEDDED_PG_PORT unless the environment already names one. */
  port?: number;
  /** Delete the data directory first and ignore DATABASE_URL (a benchmark of the seed itself). */
  fresh?: boolean;
  /** Seed reference data and this many companies when the database has none. */
  enterprises?: number;
  /** Seed the platform data (menus, roles, demo tenants and accounts) on every start. */
  platform?: boolean;
  /** Lines of the database start (migrations, errors); silent by default. */
  log?: (line: string) => void;
};

export type BenchDatabase = {
  dir: string;
  url: string;
  /** Wall time of the start, migrations included. */
  startMs: number;
  /** The app's own pool (lib/server/platform/db): what the API root and services use in this process. */
  pool: Pool;
  /**
   * Runs statements one after another on one connection without the app's statement timeout
   * (vacuum, analyze and bulk loads run longer than a request may).
   */
  unbounded: (...statements: string[]) => Promise<void>;
  /** Closes the app's pool and stops the database. */
  close: () => Promise<void>;
};

export async function openBenchDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  const dir = path.resolve(options.dir);
  if (options.fresh) {
    if (dir === '/' || dir === path.resolve('.') || dir === path.resolve('data'))
      throw new Error(`拒绝删除 ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.env.DATA_DIR = dir;
  if (options.port) process.env.EMBEDDED_PG_PORT ??= String(options.port);
  process.env.DEMO_MODE ??= '1';
  // A fresh cluster is the benchmark's own, never a database named by the shell.
  if (options.fresh) delete process.env.DATABASE_URL;

  // Imported after the environment is set: config reads it once.
  const { startDatabase } = await import('@/lib/server/platform/db/bootstrap');
  const { getPool, closeDb } = await import('@/lib/server/platform/db');
  const t0 = Date.now();
  const handle = await startDatabase({ log: options.log ?? (() => undefined) });
  const startMs = Date.now() - t0;
  const pool = getPool();

  if (options.enterprises) {
    const { seedEnterprises, seedReferenceData, countEnterprises } = await import('../../db/seed');
    if ((await countEnterprises(pool)) === 0) {
      console.log(`seeding ${options.enterprises} enterprises into ${dir} …`);
      await seedReferenceData(pool);
      await seedEnterprises(pool, { count: options.enterprises });
    }
  }
  if (options.platform) {
    const { seedPlatform } = await import('../../db/seed/platform');
    await seedPlatform(pool);
  }
  // As the server does after its start (server.ts), but awaited: every run starts alike.
  const { prewarmSearchRelations } = await import('@/lib/server/platform/db/prewarm');
  await prewarmSearchRelations(handle.url);

  return {
    dir,
    url: handle.url,
    startMs,
    pool,
    async unbounded(...statements) {
      const client = await pool.connect();
      try {
        await client.query('set statement_timeout = 0');
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.query('reset statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    async close() {
      // The rate-limit hits the run counted are written before the pool goes (as the server
      // does at shutdown); otherwise their flush fails against a closed pool and logs errors.
      const { stopRateCounters } =
        await import('@/lib/server/platform/rate-limit/buffered-counters');
      await stopRateCounters().catch(() => undefined);
      await closeDb().catch(() => undefined);
      await handle.stop();
    },
  };
}
