/**
 * 企业报告 benchmark (issue 32 item 3 goal: a full company report generated in ≤ 5 s p95 and
 * ≤ 2 MB; ten reports at once do not slow company search beyond its budget).
 *
 *   npm run bench:reports -- [--dir PATH] [--companies N] [--parallel N]
 *
 * 1. N companies (default 50, the richest of the corpus by shareholders, changes and financing)
 *    one after another through createQuicklyReport with the full template (all seven sections):
 *    time from the request to the job's success, the PDF's size.
 * 2. --parallel reports at once (default 10) while keyword searches run one after another:
 *    search p50/p95 with and without the reports.
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-reports in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55047), seeded once with 20,000 companies, and a job
 * runner in this process as the server runs one. Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { benchApi, benchMember, startBenchJobRunner, timedSearch } from './bench-api';
import { arg, percentileOf } from './timing';

const FULL_TEMPLATE = 1;

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-reports')));
  const n = Number(arg('--companies', '50'));
  const parallel = Number(arg('--parallel', '10'));
  const db = await openBenchDatabase({ dir, port: 55047, enterprises: 20_000, platform: true });
  const pool = db.pool;

  const stamp = Date.now() % 1_000_000;
  const tenant = await pool.query<{ id: string }>(
    `insert into tenants (name, edition, edition_expires_at) values ($1, 4, now() + interval '1 year') returning id`,
    [`企业报告压测${stamp}有限公司`],
  );
  const tenantId = Number(tenant.rows[0].id);
  const { token: accessToken } = await benchMember(pool, tenantId, {
    username: `rptbench${stamp}`,
    mobile: `176${String(stamp).padStart(8, '0')}`,
    role: 'tenant_admin',
  });
  // The richest companies: the most rows across the tables a full report reads.
  const companies = await pool.query<{ id: string }>(
    `select e.id from enterprises e
      order by (select count(*) from enterprise_shareholders s where s.enterprise_id = e.id)
             + (select count(*) from enterprise_changes c where c.enterprise_id = e.id)
             + (select count(*) from enterprise_financing f where f.enterprise_id = e.id)
             + (select count(*) from enterprise_investments i where i.enterprise_id = e.id) desc, e.id
      limit $1`,
    [n + parallel],
  );
  const ids = companies.rows.map((r) => Number(r.id));

  const runner = await startBenchJobRunner();
  const call = await benchApi(tenantId);
  const api = <T>(method: string, p: string, body?: unknown) =>
    call<T>(accessToken, method, p, body);
  type Report = { id: number; jobId: number };
  const create = (entId: number) =>
    api<Report>('POST', '/shuzhituoke/report-created/createQuicklyReport', {
      templateId: FULL_TEMPLATE,
      entId,
    });
  /** Waits for the job (read straight from the table every 20 ms: the poll adds ≤ 20 ms). */
  const finished = async (jobId: number) => {
    for (;;) {
      const r = await pool.query<{
        status: string;
        file_size: string | null;
        error: string | null;
      }>('select status, file_size, error from background_jobs where id = $1', [jobId]);
      const row = r.rows[0];
      if (row.status === 'succeeded') return Number(row.file_size);
      if (row.status === 'failed' || row.status === 'cancelled')
        throw new Error(`job ${jobId}: ${row.status} ${row.error}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // Warm-up: the first report starts the PDF worker and reads the font.
  const t00 = performance.now();
  await finished((await create(ids[0])).jobId);
  const coldMs = performance.now() - t00;

  const times: number[] = [];
  const sizes: number[] = [];
  for (const id of ids.slice(0, n)) {
    const t0 = performance.now();
    const report = await create(id);
    sizes.push(await finished(report.jobId));
    times.push(performance.now() - t0);
    process.stdout.write('.');
  }
  console.log('');

  // Search alone, then beside `parallel` reports at once.
  const searchOnce = timedSearch(api);
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await searchOnce(i));
  const extra = ids.slice(n, n + parallel);
  const tBatch = performance.now();
  // Members' reports: the cap of 3 in progress per member, so one member per report.
  const batchUsers = await Promise.all(
    extra.map((_, i) =>
      benchMember(pool, tenantId, {
        username: `rptbench${stamp}p${i}`,
        mobile: `175${String(stamp * 10 + i).padStart(8, '0')}`,
        role: 'employee',
      }),
    ),
  );
  const batchJobs = await Promise.all(
    extra.map(
      async (entId, i) =>
        (
          await call<Report>(
            batchUsers[i].token,
            'POST',
            '/shuzhituoke/report-created/createQuicklyReport',
            { templateId: FULL_TEMPLATE, entId },
          )
        ).jobId,
    ),
  );
  const busy: number[] = [];
  let done = false;
  const all = Promise.all(batchJobs.map(finished)).then(() => (done = true));
  for (let i = 0; !done; i++) busy.push(await searchOnce(i));
  await all;
  const batchMs = performance.now() - tBatch;

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  console.log('');
  console.log(`| 企业报告（全部 7 章） | 份数 | p50 | p95 | 最慢 | PDF 平均 | PDF 最大 | 目标 |`);
  console.log('|---|---|---|---|---|---|---|---|');
  const ok = percentileOf(times, 95) <= 5000 && Math.max(...sizes) <= 2 * 1024 * 1024;
  console.log(
    `| 逐份生成 | ${times.length} | ${s(percentileOf(times, 50))} | ${s(percentileOf(times, 95))} | ${s(Math.max(...times))} | ${kb(sizes.reduce((a, b) => a + b, 0) / sizes.length)} | ${kb(Math.max(...sizes))} | ≤ 5 s p95, ≤ 2 MB ${ok ? '✓' : '✗'} |`,
  );
  console.log(`首份（启动 PDF 线程、读字体）：${s(coldMs)}`);
  console.log('');
  console.log(`| 企业搜索 | 次数 | p50 | p95 |`);
  console.log('|---|---|---|---|');
  console.log(
    `| 单独 | ${idle.length} | ${percentileOf(idle, 50).toFixed(1)} ms | ${percentileOf(idle, 95).toFixed(1)} ms |`,
  );
  console.log(
    `| 同时 ${parallel} 份报告（${s(batchMs)} 全部完成） | ${busy.length} | ${percentileOf(busy, 50).toFixed(1)} ms | ${percentileOf(busy, 95).toFixed(1)} ms |`,
  );
  await runner.stop();
  const { stopReportPdfWorker } = await import('@/lib/server/enterprise/report/pdf/report-pdf');
  await stopReportPdfWorker();
  // The searches' rate-limit counters are written before the database stops, not retried after.
  const { stopRateCounters } = await import('@/lib/server/platform/rate-limit/buffered-counters');
  await stopRateCounters();
  await db.close();
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
