/**
 * Import benchmark (issue 37 item 1: 1,000,000 companies in ≤ 15 minutes): a fresh embedded
 * database with reference data only, N generated companies written as the documented CSV (.gz,
 * with the four child files), imported; then the same files again (the no-op figure) and a file
 * with 1 % of the companies changed (the incremental figure). Prints time per phase, rows, file
 * and database sizes and the importer's peak RSS.
 *
 *   npm run bench:import -- [--enterprises N] [--dir PATH]
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedReferenceData } from '../../db/seed';
import { importEnterprises, type ImportResult } from '../../db/import/enterprise-import';
import { writeSampleFiles } from '../../db/import/sample-files';
import { openBenchDatabase } from './bench-db';
import { arg, megabytes, seconds } from './timing';

const s = seconds;
const mb = megabytes;

async function main() {
  const count = Number(arg('--enterprises', '1000000'));
  const dir = path.resolve(
    arg('--dir', process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'lr-bench-import')),
  );
  const filesDir = `${dir}-files`;
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const db = await openBenchDatabase({ dir, fresh: true });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => undefined);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  try {
    await seedReferenceData(pool);
    fs.rmSync(filesDir, { recursive: true, force: true });
    const t = Date.now();
    const files = await writeSampleFiles({ dir: filesDir, count: count });
    console.log(`generate files                ${s(Date.now() - t)}`);
    const changed = await writeSampleFiles({
      dir: filesDir,
      count: count,
      changeEvery: 100,
      companiesOnly: true,
      name: 'companies-changed',
    });
    for (const f of [...files, ...changed])
      console.log(`  ${path.basename(f).padEnd(28)} ${mb(fs.statSync(f).size).padStart(8)}`);

    const run = async (label: string, list: string[]) => {
      peakRss = process.memoryUsage().rss;
      let last = 0;
      const r: ImportResult = await importEnterprises(pool, {
        files: list,
        onProgress: (p) => {
          if (Date.now() - last < 15000 && p.phase === 'stage') return;
          last = Date.now();
          console.log(`  [${p.phase}] ${p.records} read, ${p.staged} staged (${s(p.elapsedMs)})`);
        },
      });
      console.log(
        `\n== ${label} ==\nstage (read, validate, COPY)  ${s(r.timings.stageMs)}\n` +
          `merge                         ${s(r.timings.mergeMs)}\n` +
          `rebuild indexes               ${s(r.timings.indexMs)}\n` +
          `analyze                       ${s(r.timings.analyzeMs)}\n` +
          `total                         ${s(r.timings.totalMs)}\n` +
          `records ${r.records}, inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, ` +
          `rejected ${r.rejected}, fast path ${r.fastPath}; peak RSS ${mb(peakRss)}`,
      );
      return r;
    };
    await run('first import (empty database)', files);
    await run('same files again (no-op)', files);
    await run('1 % changed', [changed[0], ...files.slice(1)]);

    const sizes = await pool.query<{ t: string; n: string; size: string }>(
      `select t, (xpath('/row/n/text()', query_to_xml('select count(*) as n from ' || t, false, true, '')))[1]::text as n,
              pg_total_relation_size(t)::text as size
         from unnest(array['enterprises','enterprise_shareholders','enterprise_people','enterprise_changes',
                           'enterprise_branches','enterprise_search_texts','enterprise_import_digests']) t`,
    );
    console.log('\ntable                          rows        total size');
    for (const r of sizes.rows)
      console.log(
        `${r.t.padEnd(28)} ${Number(r.n).toLocaleString('en-US').padStart(12)} ${mb(Number(r.size)).padStart(10)}`,
      );
    const size = await pool.query<{ size: string }>(
      'select pg_database_size(current_database())::text as size',
    );
    console.log(`pg_database_size: ${mb(Number(size.rows[0].size))}`);
    console.log(
      `load average at end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    clearInterval(sampler);
    await pool.end();
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
