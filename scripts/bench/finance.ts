/**
 * Finance and annual-report benchmark (issue 32): the server functions behind /finance,
 * /details/projectionDetail, /details/organizationDetail and /annualReportDetail (lib/server/content
 * and lib/server/enterprise), in process and uncached, against a p95 ≤ 100 ms budget.
 *
 *   npm run bench:finance -- [--dir PATH] [--enterprises N] [--iterations K]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-finance in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55650), seeded once with N demo companies (default
 * 20,000, the default seed size; pass 1000000 for the budget's corpus). Reports the cold cost of
 * the refresh rule (recomputing the finance index) and the warm reads a visitor's page makes.
 * Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench-db';
import { arg, summary, timed } from './timing';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-finance')));
  const enterprises = Number(arg('--enterprises', '20000'));
  const iterations = Number(arg('--iterations', '200'));
  const db = await openBenchDatabase({ dir, port: 55650, enterprises });
  const pool = db.pool;
  const content = await import('../../lib/server/content/index');
  const { getAnnualReportDetail } = await import('../../lib/server/enterprise/index');
  const { recomputeFinanceIndex } =
    await import('../../lib/server/content/finance/finance.repository');
  const { FINANCE_ROUNDS } = await import('../../lib/shared/finance/finance');
  const { getProvinces } = await import('../../lib/shared/geo/index');
  const { getSections } = await import('../../lib/shared/industry/index');
  const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0].n;
  console.log(
    `corpus: ${await count('select count(*)::int n from enterprises')} companies, ` +
      `${await count('select count(*)::int n from enterprise_financing')} financing rounds, ` +
      `${await count('select count(*)::int n from enterprise_annual_reports')} annual reports (${dir})`,
  );

  // Cold: what the refresh rule pays once per period (or after an import).
  const [coldMs, events] = await timed(() => recomputeFinanceIndex(pool));
  await pool.query('analyze finance_events; analyze finance_event_investors');
  console.log(`\ncold: finance index recomputed (${events} events) in ${coldMs.toFixed(0)} ms`);
  console.log(
    `      ${await count('select count(*)::int n from finance_institutions where event_count > 0')} institutions with events`,
  );

  // Samples: institutions (busiest and the tail), financed companies, reports.
  const institutions = (
    await pool.query<{ id: number }>(
      'select id from finance_institutions where event_count > 0 order by random() limit 100',
    )
  ).rows.map((r) => r.id);
  const busiest = (
    await pool.query<{ id: number }>(
      'select id from finance_institutions order by event_count desc limit 5',
    )
  ).rows.map((r) => r.id);
  const projects = (
    await pool.query<{ uncid: string }>(
      `select e.uncid from (select distinct enterprise_id from finance_events) f
       join enterprises e on e.id = f.enterprise_id order by random() limit 100`,
    )
  ).rows.map((r) => r.uncid);
  const reports = (
    await pool.query<{ uncid: string; year: number }>(
      `select e.uncid, a.year from enterprise_annual_reports a tablesample system (1)
       join enterprises e on e.id = a.enterprise_id limit 200`,
    )
  ).rows;
  const provinces = getProvinces().map((p) => p.code);
  const sections = getSections().map((s) => s.code);
  const base = { pageNo: 1, pageSize: 20, sort: 'date_desc' as const };

  const lists: number[] = [];
  const filtered: number[] = [];
  const byAmount: number[] = [];
  const insts: number[] = [];
  const busy: number[] = [];
  const projectTimes: number[] = [];
  const annual: number[] = [];
  for (let i = 0; i < iterations; i++) {
    lists.push(
      (await timed(() => content.getFinanceEventPage({ ...base, pageNo: 1 + (i % 5) })))[0],
    );
    const filter =
      i % 4 === 0
        ? { round: FINANCE_ROUNDS[i % 10] }
        : i % 4 === 1
          ? { section: sections[i % sections.length] }
          : i % 4 === 2
            ? { province: provinces[i % provinces.length], year: 2020 + (i % 5) }
            : { round: FINANCE_ROUNDS[i % 6], section: 'I', province: provinces[i % 8] };
    filtered.push((await timed(() => content.getFinanceEventPage({ ...base, ...filter })))[0]);
    byAmount.push(
      (
        await timed(() =>
          content.getFinanceEventPage({ ...base, sort: 'amount_desc', pageNo: 1 + (i % 3) }),
        )
      )[0],
    );
    if (institutions.length)
      insts.push(
        (
          await timed(() =>
            content.getFinanceInstitution({
              id: institutions[i % institutions.length],
              pageNo: 1,
              pageSize: 20,
            }),
          )
        )[0],
      );
    if (busiest.length && i % 4 === 0)
      busy.push(
        (
          await timed(() =>
            content.getFinanceInstitution({
              id: busiest[i % busiest.length],
              pageNo: 1 + (i % 3),
              pageSize: 20,
            }),
          )
        )[0],
      );
    if (projects.length)
      projectTimes.push(
        (await timed(() => content.getFinanceProject(projects[i % projects.length])))[0],
      );
    if (reports.length) {
      const r = reports[i % reports.length];
      annual.push(
        (
          await timed(() =>
            getAnnualReportDetail({ uncid: r.uncid, year: i % 2 ? r.year : undefined }),
          )
        )[0],
      );
    }
  }
  console.log('\nwarm (uncached, in process):');
  console.log(summary('/finance (no filter, pages 1-5)', lists, 38));
  console.log(summary('/finance (round / section / province)', filtered, 38));
  console.log(summary('/finance (amount sort, pages 1-3)', byAmount, 38));
  console.log(summary('institution (random)', insts, 38));
  console.log(summary('institution (5 busiest, pages 1-3)', busy, 38));
  console.log(summary('project (financed company)', projectTimes, 38));
  console.log(summary('annual report detail', annual, 38));
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
