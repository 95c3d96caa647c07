/**
 * The held-out evaluation of 客户推荐 (ADR 0203): for every tenant with customers, hides 20 % of
 * them, ranks from the rest with the shipped ranking, and prints recall@100 and precision@20
 * against the hidden customers, beside the baseline "same industry (division), same province, by
 * registered capital". The demo tenants have a handful of random customers, so planted tenants
 * (a seeded taste over industry, province and capital, with noise) are evaluated too.
 *
 *   npm run eval:recommend -- [--dir PATH] [--enterprises N] [--tenants T] [--customers C] [--seed S]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-eval-recommend in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55647), seeded once with N demo companies (default
 * 20,000: what a demo install seeds), the platform data and the demo tenant's CRM.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench/bench-db';
import { arg } from './bench/timing';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-eval-recommend')));
  const enterprises = Number(arg('--enterprises', '20000'));
  const tenantCount = Number(arg('--tenants', '20'));
  const perTenant = Number(arg('--customers', '50'));
  const seed = Number(arg('--seed', '34'));
  // The platform data and the demo tenant's CRM (6 customers of 30 leads, as a first start).
  const db = await openBenchDatabase({ dir, port: 55647, enterprises, platform: true });
  const { seedDemoCrm } = await import('../db/seed/crm-demo');
  await seedDemoCrm();
  const { rows } = await db.pool.query<{ n: number }>('select count(*)::int n from enterprises');
  const ev = await import('../lib/server/ai/recommend/recommend-eval');
  const asOf = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const real = await ev.tenantsWithCustomers(5, db.pool);
  for (const t of real) t.name = `演示${t.name}`;
  const planted = await ev.plantTenants(tenantCount, perTenant, seed, db.pool);
  console.log(
    `corpus: ${rows[0].n} companies (${dir}); as of ${asOf}; 20 % of each tenant's customers hidden (seed ${seed})\n`,
  );
  for (const [label, tenants] of [
    ['demo tenants with ≥ 5 customers', real],
    [`planted tenants (${tenantCount} × ${perTenant} customers)`, planted],
  ] as const) {
    const s = await ev.evaluateRecommend(tenants, asOf, seed, db.pool);
    console.log(`${label}: ${s.results.length}`);
    if (!s.results.length) {
      console.log('  (none)\n');
      continue;
    }
    console.log(
      `  ${'tenant'.padEnd(14)}${'customers'.padStart(10)}${'hidden'.padStart(8)}${'R@100'.padStart(8)}${'P@20'.padStart(8)}${'base R@100'.padStart(12)}${'base P@20'.padStart(11)}`,
    );
    for (const r of s.results)
      console.log(
        `  ${r.name.padEnd(10)}${String(r.customers).padStart(10)}${String(r.hidden).padStart(8)}${pct(r.recall).padStart(8)}${pct(r.precision).padStart(8)}${pct(r.baseRecall).padStart(12)}${pct(r.basePrecision).padStart(11)}`,
      );
    console.log(
      `  mean: recall@100 ${pct(s.recall)} (baseline ${pct(s.baseRecall)}); precision@20 ${pct(s.precision)} (baseline ${pct(s.basePrecision)})\n`,
    );
  }
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
