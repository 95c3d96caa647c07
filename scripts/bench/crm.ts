/**
 * Lead list benchmark (issue 14 goals: list with a filter and sort p95 ≤ 50 ms, counts ≤ 20 ms at
 * 100,000 leads in one tenant), through the API root in process, like bench:search.
 *
 *   npm run bench:crm -- [--dir PATH] [--leads N] [--iterations K] [--reseed] [--io] [--board] [--workbench] [--data-center]
 *
 * --io: instead of the list queries, import and export N leads as jobs (scripts/bench/crm-io.ts).
 * --board: instead of the list queries, the data board on these leads plus 300,000 follow-ups and
 * 10,000 customers and opportunities (--follow-ups N, --opportunities N; scripts/bench/crm-board.ts).
 * --workbench: instead of the list queries, 我的工作台 (GET /szjk/workbench/get) as the
 *   administrator (with the team strip), a 本部门 and a 仅本人 member; seeds a follow-up for every
 *   third lead over the last 14 days first (issue 29 item 1).
 * --data-center: instead of the list queries, 数据中心's quality counts, duplicate groups and
 *   overview on these leads plus 3,000 seeded duplicates (issue 29 item 3, scripts/bench/crm-data-center.ts).
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-crm in the system temp directory) on EMBEDDED_PG_PORT
 * (default 55041). First run seeds 20,000 companies and one tenant with 30 members in three
 * departments and N leads (default 100,000): a fifth linked to companies, the rest typed in, with
 * statuses, sources, owners, regions, follow-up times and contacts spread as a team would have them.
 * Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { openBenchDatabase } from './bench-db';
import {
  benchArg as arg,
  benchCaller,
  benchFlag,
  benchTeam,
  timeCases,
  type BenchCall,
  type BenchCase,
  type BenchWho,
} from './crm-team';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-crm')));
  const leads = Number(arg('--leads', '100000'));
  const iterations = Number(arg('--iterations', '40'));
  const db = await openBenchDatabase({ dir, port: 55041, enterprises: 20_000, platform: true });
  const pool = db.pool;
  const { tenantId, ids } = await benchTeam(pool, {
    tenant: '线索压测科技有限公司',
    prefix: 'bench_clue',
    permissions: ['szjk:clue:', 'szjk:data-board:', 'szjk:data-center:'],
  });
  if (benchFlag('--reseed')) await pool.query('delete from clues where tenant_id = $1', [tenantId]);
  const have = await pool.query<{ n: string }>(
    `select count(*)::text n from clues where tenant_id = $1`,
    [tenantId],
  );
  if (Number(have.rows[0].n) < leads) {
    console.log(`seeding ${leads} leads …`);
    const t0 = performance.now();
    const client = await pool.connect();
    await client.query('set statement_timeout = 0');
    await client.query(
      `with e as (select row_number() over (order by id) rn, * from enterprises order by id limit 20000)
       insert into clues (tenant_id, enterprise_id, name, credit_code, owner_user_id, creator_user_id,
         source, status, invalid_reason, contact_name, contact_mobile, province_code, city_code,
         district_code, industry_section, industry_code, address, created_at, updated_at,
         next_follow_at, last_follow_at, follow_count)
       select $1, case when g <= 20000 then e.id end,
         case when g <= 20000 then e.name else e.name || '（' || (g / 20000)::text || '）' end,
         case when g <= 20000 then e.uncid end,
         ($2::bigint[])[1 + (g / 3) % $3], ($2::bigint[])[1 + g % $3],
         (array['企业搜索','企业详情','高级搜索','已解锁企业','手动录入','批量导入','AI 助手','地图拓客','其他'])[1 + g % 9],
         (array[0,0,1,1,1,2,3])[1 + g % 7]::smallint,
         case when g % 7 = 6 then '空号' end,
         (array['张','王','李','赵','陈','刘'])[1 + g % 6] || '经理',
         '13' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
         e.province_code, e.city_code, e.district_code, e.industry_section, e.industry_class, e.address,
         now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute',
         now() - (g % 30) * interval '1 day',
         case when g % 5 < 2 then now() + ((g % 60) - 20) * interval '1 day' end,
         case when g % 3 = 0 then now() - (g % 90) * interval '1 day' end,
         case when g % 3 = 0 then 1 + g % 5 else 0 end
       from generate_series(1, $4::int) g
       join e on e.rn = 1 + (g - 1) % 20000
       on conflict do nothing`,
      [tenantId, ids, ids.length, leads],
    );
    client.release();
    console.log(`  ${Math.round(performance.now() - t0)} ms`);
  }

  // Bulk-loaded rows: set the visibility map (autovacuum would) so index-only scans stay index-only.
  await db.unbounded('vacuum analyze clues');

  const { who, call, dispatchApi } = await benchCaller(tenantId, ids);
  if (benchFlag('--io')) {
    const { ioBench } = await import('./crm-io');
    await ioBench({ tenantId, token: who.admin, rows: leads, db, dispatchApi });
    await db.close();
    return;
  }
  if (benchFlag('--board')) {
    const { boardBench } = await import('./crm-board');
    await boardBench({
      pool,
      tenantId,
      ids,
      who,
      call,
      iterations,
      dispatchApi,
      unbounded: (q) => db.unbounded(q),
      followUps: Number(arg('--follow-ups', '300000')),
      opportunities: Number(arg('--opportunities', '10000')),
    });
    await db.close();
    return;
  }
  if (benchFlag('--data-center')) {
    const { dataCenterBench } = await import('./crm-data-center');
    await dataCenterBench({
      pool,
      tenantId,
      who,
      call,
      iterations,
      unbounded: (q) => db.unbounded(q),
    });
    await db.close();
    return;
  }
  if (benchFlag('--workbench')) {
    await workbenchBench(pool, tenantId, iterations, who, call);
    await db.close();
    return;
  }
  const week = Date.now() + 7 * 86_400_000;
  const cases: BenchCase[] = [
    ['默认列表（创建时间倒序）', 'admin', 'POST', '/szjk/clue/page', { pageSize: 20 }],
    [
      '状态筛选 + 下次跟进升序',
      'admin',
      'POST',
      '/szjk/clue/page',
      { pageSize: 20, status: [0, 1], sortField: 'nextFollowTime', sortOrder: 'asc' },
    ],
    [
      '来源 + 城市 + 最近跟进倒序',
      'admin',
      'POST',
      '/szjk/clue/page',
      {
        pageSize: 20,
        source: ['企业搜索', '高级搜索'],
        cityCode: '350200',
        sortField: 'lastFollowTime',
      },
    ],
    [
      '下次跟进区间 + 名称排序',
      'admin',
      'POST',
      '/szjk/clue/page',
      { pageSize: 20, nextFollowTime: [Date.now(), week], sortField: 'name', sortOrder: 'asc' },
    ],
    [
      '关键词 2 字常见（科技）',
      'admin',
      'POST',
      '/szjk/clue/page',
      { pageSize: 20, keyword: '科技' },
    ],
    ['关键词 手机号', 'admin', 'POST', '/szjk/clue/page', { pageSize: 20, keyword: '13000007919' }],
    ['第 50 页', 'admin', 'POST', '/szjk/clue/page', { pageSize: 100, pageNo: 50 }],
    ['本部门 + 状态筛选', 'dept', 'POST', '/szjk/clue/page', { pageSize: 20, status: [1] }],
    ['仅本人 + 今日待跟进', 'self', 'POST', '/szjk/clue/page', { pageSize: 20, dueToday: true }],
    ['计数（全部）', 'admin', 'GET', '/szjk/clue/get-clue-num'],
    ['计数（本部门）', 'dept', 'GET', '/szjk/clue/get-clue-num'],
    ['计数（仅本人）', 'self', 'GET', '/szjk/clue/get-clue-num'],
  ];
  await timeCases(cases, who, call, iterations, (data) => (data as { total?: number }).total);
  await db.close();
}

/** 我的工作台 at N leads: follow-ups for the team strip, then the three callers timed. */
async function workbenchBench(
  pool: Pool,
  tenantId: number,
  iterations: number,
  who: BenchWho,
  call: BenchCall,
) {
  const have = await pool.query<{ n: string }>(
    'select count(*)::text n from clue_follow_ups where tenant_id = $1',
    [tenantId],
  );
  if (Number(have.rows[0].n) === 0) {
    console.log('seeding follow-ups for every third lead …');
    const t0 = performance.now();
    await pool.query(
      `insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content, created_at)
       select tenant_id, id, owner_user_id, '电话', '压测跟进', now() - (id % 14) * interval '1 day'
       from clues where tenant_id = $1 and id % 3 = 0`,
      [tenantId],
    );
    console.log(`  ${Math.round(performance.now() - t0)} ms`);
  }
  await pool.query('vacuum analyze clue_follow_ups');
  const cases: BenchCase[] = [
    ['工作台（管理员，含团队本周）', 'admin', 'GET', '/szjk/workbench/get'],
    ['工作台（本部门）', 'dept', 'GET', '/szjk/workbench/get'],
    ['工作台（仅本人）', 'self', 'GET', '/szjk/workbench/get'],
  ];
  await timeCases(cases, who, call, iterations, (data) => {
    const d = data as { leads?: { overdue: number; dueToday: number } | null };
    return d.leads ? d.leads.overdue + d.leads.dueToday : undefined;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
