/**
 * 批量导出 benchmark (issue 15 goal: batch collection of 1,000 leads with the demo contact source
 * finishes ≤ 60 s): a fresh enterprise per run with N leads linked to N companies, one batch job
 * through the API root and a job runner in this process; the state is read once a second like
 * the overlay does.
 *
 *   npm run bench:wyw -- [--dir PATH] [--leads N]
 *
 * The demo source waits WYW_DEMO_LATENCY_MS per company (default 150 ± 30 %), WYW_CONCURRENCY at
 * once (default 8). Uses its own embedded PostgreSQL under --dir (default lr-bench-wyw in the system temp directory) on
 * EMBEDDED_PG_PORT (default 55046), seeded once with 20,000 companies. Timed runs go under
 * `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { benchApi, benchMember, startBenchJobRunner } from './bench-api';
import { arg } from './timing';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-wyw')));
  const leads = Number(arg('--leads', '1000'));
  const db = await openBenchDatabase({ dir, port: 55046, enterprises: 20_000, platform: true });
  const pool = db.pool;
  const { getContactSource } = await import('@/lib/server/crm/contact-source');

  // A fresh enterprise per run; the companies are the next N not yet collected (else the first N).
  const stamp = Date.now() % 1_000_000;
  const tenant = await pool.query<{ id: string }>(
    `insert into tenants (name, edition) values ($1, 4) returning id`,
    [`批量导出压测${stamp}有限公司`],
  );
  const tenantId = Number(tenant.rows[0].id);
  const { userId, token: accessToken } = await benchMember(pool, tenantId, {
    username: `wywbench${stamp}`,
    mobile: `177${String(stamp).padStart(8, '0')}`,
    role: 'tenant_admin',
  });
  let companies = await pool.query<{ id: string; name: string; uncid: string }>(
    `select id, name, uncid from enterprises e
      where not exists (select 1 from contact_collections c where c.enterprise_id = e.id)
      order by id limit $1`,
    [leads],
  );
  if ((companies.rowCount ?? 0) < leads)
    companies = await pool.query(`select id, name, uncid from enterprises order by id limit $1`, [
      leads,
    ]);
  const ids = await pool.query<{ id: string }>(
    `insert into clues (tenant_id, enterprise_id, name, credit_code, owner_user_id, creator_user_id, source)
     select $1, x.id, x.name, x.uncid, $2, $2, '手动录入'
       from unnest($3::bigint[], $4::text[], $5::text[]) as x(id, name, uncid)
     returning id`,
    [
      tenantId,
      userId,
      companies.rows.map((c) => c.id),
      companies.rows.map((c) => c.name),
      companies.rows.map((c) => c.uncid),
    ],
  );
  const clueIds = ids.rows.map((r) => Number(r.id));

  const runner = await startBenchJobRunner();
  const call = await benchApi(tenantId);
  const api = <T>(method: string, p: string, body?: unknown) =>
    call<T>(accessToken, method, p, body);

  type State = {
    status: number;
    processedCompanyNum: number;
    totalCompanyNum: number;
    newContactCompanyNum: number;
    newContactNum: number;
    progressPercent: number;
    error: string | null;
  };
  const source = getContactSource();
  console.log(
    `source: ${source.name}, latency ${process.env.WYW_DEMO_LATENCY_MS ?? 150} ms, concurrency ${source.concurrency}; leads: ${clueIds.length}`,
  );
  const t0 = performance.now();
  const started = await api<{ jobId: number }>(
    'POST',
    '/szjk/enterprise/batch-wyw-contact-by-clue',
    { clueIds },
  );
  let state: State;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    state = await api<State>('GET', `/szjk/enterprise/get-batch-wyw-job?jobId=${started.jobId}`);
    const s = ((performance.now() - t0) / 1000).toFixed(0);
    process.stdout.write(
      `  ${s}s ${state.processedCompanyNum}/${state.totalCompanyNum} ${state.progressPercent}%\n`,
    );
    if (state.status !== 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const file = await pool.query<{ file_size: number }>(
    'select file_size from background_jobs where id = $1',
    [started.jobId],
  );
  console.log('');
  console.log('| 批量导出 | 线索 | 用时 | 新增联系方式企业 | 新增联系方式 | 导出.xlsx | 目标 |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| status ${state.status}${state.error ? ` ${state.error}` : ''} | ${state.totalCompanyNum} | ${seconds.toFixed(1)} s | ${state.newContactCompanyNum} | ${state.newContactNum} | ${((file.rows[0]?.file_size ?? 0) / 1024).toFixed(0)} KB | ≤ 60 s ${seconds <= 60 && state.status === 1 ? '✓' : '✗'} |`,
  );
  await runner.stop();
  await db.close();
  process.exit(state.status === 1 && seconds <= 60 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
