/**
 * Sales pipeline benchmark (issue 15 goal: the pipeline page of a tenant with 10,000 opportunities
 * renders in ≤ 1 s, so its call should stay well under 200 ms), through the API root in process,
 * like bench:crm.
 *
 *   npm run bench:pipeline -- [--dir PATH] [--opportunities N] [--iterations K] [--reseed]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-pipeline in the system temp directory) on
 * EMBEDDED_PG_PORT (default 55043). First run seeds one tenant with 30 members in three
 * departments, 2,000 customers and N opportunities (default 10,000) spread over the default
 * pipeline (most open, some won or lost) with amounts from 1,000 to 5,000,000 元.
 * Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import {
  benchArg as arg,
  benchCaller,
  benchFlag,
  benchTeam,
  timeCases,
  type BenchCase,
} from './crm-team';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-pipeline')));
  const count = Number(arg('--opportunities', '10000'));
  const iterations = Number(arg('--iterations', '40'));
  const db = await openBenchDatabase({ dir, port: 55043, platform: true });
  const pool = db.pool;
  const { tenantId, ids } = await benchTeam(pool, {
    tenant: '商机压测科技有限公司',
    prefix: 'bench_opp',
    permissions: ['szjk:customer:', 'szjk:opportunity:'],
  });

  const { who, call } = await benchCaller(tenantId, ids);

  // The stages, created lazily by the first call, as a tenant's first visit would.
  const stages = (await call(who.admin, 'GET', '/szjk/opportunity/stage/list')) as unknown as {
    id: number;
    type: string;
  }[];
  if (benchFlag('--reseed')) {
    await pool.query('delete from opportunities where tenant_id = $1', [tenantId]);
    await pool.query('delete from customers where tenant_id = $1', [tenantId]);
  }
  const have = await pool.query<{ n: string }>(
    `select count(*)::text n from opportunities where tenant_id = $1`,
    [tenantId],
  );
  if (Number(have.rows[0].n) < count) {
    console.log(`seeding 2,000 customers and ${count} opportunities …`);
    const t0 = performance.now();
    await pool.query('delete from opportunities where tenant_id = $1', [tenantId]);
    await pool.query('delete from customers where tenant_id = $1', [tenantId]);
    await pool.query(
      `insert into customers (tenant_id, name, level, source, tags, contacts, owner_user_id,
         creator_user_id, created_at, updated_at)
       select $1, '压测客户' || g || (array['科技','贸易','制造','物流'])[1 + g % 4] || '有限公司',
         (array['A','B','B','C'])[1 + g % 4], '手动录入',
         case when g % 5 = 0 then array['重点'] else '{}'::text[] end,
         jsonb_build_array(jsonb_build_object('name', '联系人' || g, 'mobile',
           '13' || lpad((g * 7919 % 1000000000)::text, 9, '0'))),
         ($2::bigint[])[1 + g % $3], ($2::bigint[])[1 + g % $3],
         now() - (g % 365) * interval '1 day', now() - (g % 30) * interval '1 day'
       from generate_series(1, 2000) g`,
      [tenantId, ids, ids.length],
    );
    const open = stages.filter((s) => s.type === 'open').map((s) => s.id);
    const won = stages.find((s) => s.type === 'won')!.id;
    const lost = stages.find((s) => s.type === 'lost')!.id;
    // 80 % open across the open stages, 12 % won, 8 % lost; the owner is the customer's.
    await pool.query(
      `with c as (select row_number() over (order by id) rn, id, owner_user_id from customers
                  where tenant_id = $1)
       insert into opportunities (tenant_id, customer_id, name, amount, stage_id, status, probability,
         expected_close_date, lost_reason, owner_user_id, creator_user_id, closed_at, created_at,
         updated_at)
       select $1, c.id, '商机' || g,
         (100000 + (g::bigint * 104729) % 499900000)::bigint,
         case when g % 25 < 3 then $3::bigint when g % 25 < 5 then $4::bigint
              else ($2::bigint[])[1 + g % cardinality($2::bigint[])] end,
         case when g % 25 < 3 then 'won' when g % 25 < 5 then 'lost' else 'open' end,
         case when g % 25 < 3 then 100 when g % 25 < 5 then 0 else 10 + (g % 4) * 20 end,
         current_date + (g % 180), case when g % 25 in (3, 4) then '预算不足' end,
         c.owner_user_id, c.owner_user_id,
         case when g % 25 < 5 then now() - (g % 60) * interval '1 day' end,
         now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
         now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'
       from generate_series(1, $5::int) g
       join c on c.rn = 1 + (g - 1) % 2000`,
      [tenantId, open, won, lost, count],
    );
    console.log(`  ${Math.round(performance.now() - t0)} ms`);
  }
  // Bulk-loaded rows: set the visibility map (autovacuum would) so index-only scans stay index-only.
  await pool.query('vacuum analyze customers');
  await pool.query('vacuum analyze opportunities');

  const firstOpen = stages.find((s) => s.type === 'open')!.id;
  const cases: BenchCase[] = [
    ['看板（全部，每列 20 张）', 'admin', 'POST', '/szjk/opportunity/pipeline', { cardLimit: 20 }],
    ['看板（本部门）', 'dept', 'POST', '/szjk/opportunity/pipeline', { cardLimit: 20 }],
    ['看板（仅本人）', 'self', 'POST', '/szjk/opportunity/pipeline', { cardLimit: 20 }],
    [
      '看板 + 关键词（客户名）',
      'admin',
      'POST',
      '/szjk/opportunity/pipeline',
      { cardLimit: 20, keyword: '贸易' },
    ],
    [
      '看板某列第 5 页',
      'admin',
      'POST',
      '/szjk/opportunity/pipeline-stage-page',
      { stageId: firstOpen, pageNo: 5, pageSize: 20 },
    ],
    ['漏斗（全部）', 'admin', 'POST', '/szjk/opportunity/funnel', {}],
    ['漏斗（仅本人）', 'self', 'POST', '/szjk/opportunity/funnel', {}],
    ['商机分页（金额倒序）', 'admin', 'POST', '/szjk/opportunity/page', { sortField: 'amount' }],
    ['客户分页（默认）', 'admin', 'POST', '/szjk/customer/page', { pageSize: 20 }],
  ];
  await timeCases(cases, who, call, iterations, (data) => {
    const d = data as { total?: number; totalCount?: number; length?: number };
    return d.totalCount ?? d.total ?? d.length;
  });

  // The per-stage totals behind the columns' counts and amounts and the funnel: one grouped query
  // (the service's stageTotals for a 全部 caller without filters), timed alone and explained.
  const totalsSql = `select stage_id, count(*)::int n, coalesce(sum(amount), 0)::text amount
    from opportunities where tenant_id = $1 group by stage_id`;
  const rows = await pool.query<{ n: string }>(
    'select count(*)::text n from opportunities where tenant_id = $1',
    [tenantId],
  );
  const times: number[] = [];
  for (let i = 0; i < 3 + iterations; i++) {
    const t = performance.now();
    await pool.query(totalsSql, [tenantId]);
    if (i >= 3) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (q: number) =>
    times[Math.min(times.length - 1, Math.floor((q / 100) * times.length))];
  const plan = await pool.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, buffers, format json) ${totalsSql}`,
    [tenantId],
  );
  const nodes: string[] = [];
  let heapFetches = 0;
  const walk = (n: Record<string, unknown>) => {
    nodes.push(`${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}`);
    heapFetches += Number(n['Heap Fetches'] ?? 0);
    for (const c of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(c);
  };
  const top = (plan.rows[0]['QUERY PLAN'] as Record<string, unknown>[])[0];
  walk(top.Plan as Record<string, unknown>);
  console.log(
    `\n阶段合计（一条分组查询，${Number(rows.rows[0].n)} 个商机）: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms; plan: ${nodes.join(' <- ')}; heap fetches ${heapFetches}; execution ${Number(top['Execution Time']).toFixed(1)} ms`,
  );
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
