/**
 * The held-out evaluation of 产业招商 (ADR 0200): hides the branch openings of the final year of
 * the demo data, ranks as of the first day of that year, and prints precision@k of each
 * region × industry pair against the companies that did open a branch in the region that year,
 * beside the base rate (a random pick among the same candidates).
 *
 *   npm run eval:merchants -- [--dir PATH] [--enterprises N] [--k K]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-eval-merchants in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55646), seeded once with N demo companies (default
 * 20,000: what a demo install seeds, SEED_ENTERPRISES).
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench/bench-db';
import { arg } from './bench/timing';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
/** Pads to a terminal width: a Chinese character takes two columns. */
const cell = (text: string, width: number) => {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = /[\u0000-\u00ff]/.test(ch) ? 1 : 2;
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return out + ' '.repeat(width - used);
};

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-eval-merchants')));
  const enterprises = Number(arg('--enterprises', '20000'));
  const k = Number(arg('--k', '50'));
  const db = await openBenchDatabase({ dir, port: 55646, enterprises });
  const { rows } = await db.pool.query<{ n: number }>('select count(*)::int n from enterprises');
  const { evaluateMerchants, MERCHANTS_EVAL_PAIRS } =
    await import('../lib/server/content/industry/merchants-eval');
  const { results, meanPrecision, meanBaseRate } = await evaluateMerchants(
    MERCHANTS_EVAL_PAIRS,
    k,
    db.pool,
  );
  const first = results[0];
  console.log(
    `corpus: ${rows[0].n} companies (${dir}); held out: branches opened ${first.cutoff} … ${first.lastDay}\n`,
  );
  console.log(
    `${'region'.padEnd(10)}${'industry'.padEnd(22)}${'candidates'.padStart(11)}${'ranked'.padStart(8)}${'held out'.padStart(9)}${'scored'.padStart(7)}${'hits'.padStart(6)}${`P@${k}`.padStart(8)}${'base'.padStart(8)}${'lift'.padStart(7)}`,
  );
  for (const r of results)
    console.log(
      `${cell(r.regionName, 10)}${cell(r.subject, 22)}${String(r.candidates).padStart(11)}${String(r.ranked).padStart(8)}${String(r.heldOut).padStart(9)}${String(r.heldOutRanked).padStart(7)}${String(r.hits).padStart(6)}${pct(r.precision).padStart(8)}${pct(r.baseRate).padStart(8)}${(r.baseRate > 0 ? (r.precision / r.baseRate).toFixed(1) : '-').padStart(7)}`,
    );
  console.log(
    `\nmean precision@${k}: ${pct(meanPrecision)}   mean base rate: ${pct(meanBaseRate)}   lift: ${meanBaseRate > 0 ? (meanPrecision / meanBaseRate).toFixed(1) : '-'}×`,
  );
  const hits = results.reduce((n, r) => n + r.hits, 0);
  const heldOut = results.reduce((n, r) => n + r.heldOut, 0);
  const scored = results.reduce((n, r) => n + r.heldOutRanked, 0);
  console.log(
    `pooled: ${hits} hits of ${results.length * k} picks; the top ${k} held ${hits} of the ${heldOut} held-out openings (recall ${heldOut ? pct(hits / heldOut) : '-'}); ${scored} of them had a signal (were scored at all)`,
  );
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
