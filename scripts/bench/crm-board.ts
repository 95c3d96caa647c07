/**
 * The data board's benchmark (issue 29 item 2: at 100,000 leads, 300,000 follow-ups and 10,000
 * opportunities in one tenant each chart p95 ≤ 200 ms), run by `npm run bench:crm -- --board`
 * on bench:crm's tenant and leads. Seeds once: a tenth of the leads converted to customers (a day
 * to three weeks later), one opportunity per customer spread over the default pipeline, and
 * 300,000 lead follow-ups spread over the leads' lifetimes and owners.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import type { BenchCall, BenchCase, BenchWho } from './crm-team';
import { timeCases } from './crm-team';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

export async function boardBench(opts: {
  pool: Pool;
  tenantId: number;
  ids: number[];
  who: BenchWho;
  call: BenchCall;
  iterations: number;
  unbounded: (q: string) => Promise<unknown>;
  followUps: number;
  opportunities: number;
  dispatchApi: (req: Request) => Promise<Response>;
}): Promise<void> {
  const { pool, tenantId, who, call, iterations } = opts;
  const stages = (await call(who.admin, 'GET', '/szjk/opportunity/stage/list')) as {
    id: number;
    type: string;
    probability: number;
  }[];
  const have = async (table: string) =>
    Number(
      (
        await pool.query<{ n: string }>(
          `select count(*)::text n from ${table} where tenant_id = $1`,
          [tenantId],
        )
      ).rows[0].n,
    );
  const liveLeads = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          `select count(*)::text n from clues where tenant_id = $1 and deleted_at is null`,
          [tenantId],
        )
      ).rows[0].n,
    );
  const client = await pool.connect();
  await client.query('set statement_timeout = 0');
  try {
    if ((await have('opportunities')) < opts.opportunities) {
      console.log(`seeding ${opts.opportunities} customers and opportunities …`);
      const t0 = performance.now();
      await client.query('delete from opportunities where tenant_id = $1', [tenantId]);
      await client.query('delete from customers where tenant_id = $1', [tenantId]);
      await client.query(
        `insert into customers (tenant_id, name, level, source, owner_user_id, creator_user_id,
           from_clue_id, created_at, updated_at)
         select c.tenant_id, c.name, 'B', '线索转化', c.owner_user_id, c.owner_user_id, c.id,
           least(now(), c.created_at + (1 + c.id % 21) * interval '1 day'), now()
         from clues c where c.tenant_id = $1 and c.deleted_at is null and c.enterprise_id is null
         order by c.id limit $2`,
        [tenantId, opts.opportunities],
      );
      await client.query(
        `insert into opportunities (tenant_id, customer_id, name, amount, stage_id, status,
           probability, owner_user_id, creator_user_id, closed_at, lost_reason, created_at, updated_at)
         select cu.tenant_id, cu.id, cu.name || ' 项目', 100000 + (cu.id * 7919) % 500000000,
           s.id, s.type, s.probability, cu.owner_user_id, cu.owner_user_id,
           case when s.type <> 'open' then least(now(), cu.created_at + (5 + cu.id % 40) * interval '1 day') end,
           case when s.type = 'lost' then '价格' end,
           least(now(), cu.created_at + (cu.id % 10) * interval '1 day'), now()
         from customers cu
         join lateral (select ($2::bigint[])[1 + cu.id % array_length($2::bigint[], 1)] as id) pick on true
         join opportunity_stages s on s.id = pick.id
         where cu.tenant_id = $1`,
        [tenantId, stages.map((s) => s.id)],
      );
      await client.query(
        `update clues set status = 2 where tenant_id = $1
           and id in (select from_clue_id from customers where tenant_id = $1)`,
        [tenantId],
      );
      console.log(`  ${Math.round(performance.now() - t0)} ms`);
    }
    if ((await have('clue_follow_ups')) < opts.followUps) {
      console.log(`seeding ${opts.followUps} follow-ups …`);
      const t0 = performance.now();
      await client.query('delete from clue_follow_ups where tenant_id = $1', [tenantId]);
      await client.query(
        `with c as (
           select id, owner_user_id, created_at, row_number() over (order by id) rn
           from clues where tenant_id = $1 and deleted_at is null),
         f as (select g, 1 + (g * 7) % $3::int as rn from generate_series(1, $2::int) g)
         insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content, created_at)
         select $1, c.id, c.owner_user_id,
           (array['电话','微信','拜访','邮件','其他'])[1 + f.g % 5], '跟进 ' || f.g,
           least(now(), c.created_at + (f.g % 45) * interval '1 day' + (f.g % 600) * interval '1 minute')
         from f join c on c.rn = f.rn`,
        [tenantId, opts.followUps, await liveLeads()],
      );
      console.log(`  ${Math.round(performance.now() - t0)} ms`);
    }
  } finally {
    client.release();
  }
  await opts.unbounded(
    'vacuum analyze clues, clue_follow_ups, customers, customer_follow_ups, opportunities',
  );
  console.log(
    `board data: ${await have('clues')} leads, ${await have('clue_follow_ups')} follow-ups, ` +
      `${await have('customers')} customers, ${await have('opportunities')} opportunities`,
  );

  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  console.log(`load average before: ${load()}`);
  const year = { from: day(-364), to: day(0) };
  const month = { from: day(-29), to: day(0) };
  const [, deptB] = (
    await pool.query<{ id: string }>(
      `select id from departments where tenant_id = $1 order by id`,
      [tenantId],
    )
  ).rows.map((r) => Number(r.id));
  const cases: BenchCase[] = [
    ['看板 全部 近 30 天（按日）', 'admin', 'POST', '/szjk/data-board/get', month],
    ['看板 全部 近一年（按周）', 'admin', 'POST', '/szjk/data-board/get', year],
    [
      '看板 全部 近一年 筛选一个部门',
      'admin',
      'POST',
      '/szjk/data-board/get',
      { ...year, deptIds: [deptB] },
    ],
    ['看板 本部门 近一年', 'dept', 'POST', '/szjk/data-board/get', year],
    ['看板 仅本人 近一年', 'self', 'POST', '/szjk/data-board/get', year],
  ];
  await timeCases(cases, who, call, iterations, (data) => {
    const b = data as { funnel: { count: number }[] };
    return b.funnel[0]?.count;
  });

  // Each chart's query alone (the call above runs them in parallel), as the administrator, a year.
  const { BOARD_QUERIES, boardWhere } =
    await import('@/lib/server/crm/data-board/data-board.service');
  const { getDb } = await import('@/lib/server/platform/db');
  const db = getDb();
  const w = await boardWhere({ userId: opts.ids[0], tenantId }, year, db);
  console.log(`\n| 图表查询（全部，近一年） | p50 ms | p95 ms |\n|---|---|---|`);
  const labels: Record<keyof typeof BOARD_QUERIES, string> = {
    funnel: '转化漏斗（含中位天数）',
    leadGroups: '新增线索：趋势 / 来源 / 成员 / 地区 / 行业',
    followUpGroups: '跟进：趋势 / 成员',
    customersByOwner: '新增客户：成员',
    opportunityGroups: '商机阶段金额 / 成员赢单',
  };
  for (const key of Object.keys(BOARD_QUERIES) as (keyof typeof BOARD_QUERIES)[]) {
    const run = () => BOARD_QUERIES[key](db, w);
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${labels[key]} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }
  const exportTimes: number[] = [];
  for (let i = 0; i < Math.min(iterations, 10); i++) {
    const t = performance.now();
    const res = await opts.dispatchApi(
      new Request('http://localhost/admin-api/szjk/data-board/export', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${who.admin}`,
          'tenant-id': String(tenantId),
          'content-type': 'application/json',
          'x-leadradar-client-ip': '127.0.0.1',
        },
        body: JSON.stringify(year),
      }),
    );
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes < 1000) throw new Error(`export: ${res.status} ${bytes} bytes`);
    exportTimes.push(performance.now() - t);
  }
  exportTimes.sort((a, b) => a - b);
  console.log(
    `| 导出 .xlsx（全部，近一年） | ${percentile(exportTimes, 50).toFixed(1)} | ${percentile(exportTimes, 95).toFixed(1)} |`,
  );
  console.log(`load average after: ${load()}`);
}
