/**
 * Seed benchmark: a fresh embedded database, reference data, then N enterprises (default
 * 1,000,000) with all child tables; prints time per phase, row counts and size on disk.
 *
 *   npm run bench:seed -- [--enterprises N] [--seed S] [--dir PATH]
 *
 * The data directory (default lr-bench-seed in the system temp directory, or BENCH_DATA_DIR) is deleted first and kept
 * afterwards so other benchmarks can reuse the corpus.
 */
import '@/lib/server/platform/outside-next';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CORPUS_TABLES, DEFAULT_SEED, seedEnterprises, seedReferenceData } from '../../db/seed';
import { openBenchDatabase } from './bench-db';
import { megabytes, seconds } from './timing';

function parseArgs(argv: string[]) {
  const args = {
    enterprises: 1_000_000,
    seed: DEFAULT_SEED,
    dir: process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'lr-bench-seed'),
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--enterprises' || argv[i] === '-n') args.enterprises = Number(argv[++i]);
    else if (argv[i] === '--seed') args.seed = Number(argv[++i]);
    else if (argv[i] === '--dir') args.dir = argv[++i];
    else throw new Error(`未知参数: ${argv[i]}`);
  }
  return args;
}

const s = seconds;
const mb = megabytes;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = path.resolve(args.dir);
  const t0 = Date.now();
  const db = await openBenchDatabase({ dir, fresh: true });
  const startMs = db.startMs;
  // Its own pool without the app's statement timeout: loading a million companies takes minutes.
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  // Idle clients see the server stop at the end; that is expected, not an error.
  pool.on('error', () => undefined);
  try {
    let t = Date.now();
    await seedReferenceData(pool);
    const refMs = Date.now() - t;
    t = Date.now();
    let lastLog = 0;
    const result = await seedEnterprises(pool, {
      count: args.enterprises,
      seed: args.seed,
      onProgress: (_done, _total, p) => {
        if (p.phase !== 'load' || Date.now() - lastLog > 15000 || p.done === p.total) {
          if (p.phase === 'index' && p.done !== p.total && p.done !== 0) return;
          lastLog = Date.now();
          console.log(`  [${p.phase}] ${p.done}/${p.total} ${p.detail ?? ''} (${s(p.elapsedMs)})`);
        }
      },
    });
    const seedMs = Date.now() - t;
    await pool.query('checkpoint');

    console.log('\n== seed benchmark ==');
    console.log(`enterprises: ${args.enterprises.toLocaleString('en-US')}, seed ${args.seed}`);
    console.log(`database start + migrations  ${s(startMs)}`);
    console.log(`reference data               ${s(refMs)}`);
    console.log(`prepare (drop indexes)       ${s(result.timings.prepareMs)}`);
    console.log(`generate + COPY              ${s(result.timings.loadMs)}`);
    console.log(`rebuild indexes              ${s(result.timings.indexMs)}`);
    console.log(`analyze                      ${s(result.timings.analyzeMs)}`);
    console.log(`seedEnterprises total        ${s(seedMs)}`);
    console.log(`all                          ${s(Date.now() - t0)}`);
    console.log('\ntable                          rows        total size');
    for (const table of CORPUS_TABLES) {
      const { rows } = await pool.query<{ n: string; size: string }>(
        `select (select count(*) from ${table})::text as n, pg_total_relation_size('${table}')::text as size`,
      );
      console.log(
        `${table.padEnd(28)} ${Number(rows[0].n).toLocaleString('en-US').padStart(12)} ${mb(Number(rows[0].size)).padStart(10)}`,
      );
    }
    const db = await pool.query<{ size: string }>(
      'select pg_database_size(current_database())::text as size',
    );
    const du = execFileSync('du', ['-sb', dir]).toString().split('\t')[0];
    console.log(
      `\npg_database_size: ${mb(Number(db.rows[0].size))}; du -sb ${dir}: ${mb(Number(du))}`,
    );
  } finally {
    await pool.end();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
