/**
 * Lead list benchmark (issue 14 goals: list with a filter and sort p95 ≤ 50 ms, counts ≤ 20 ms at
 * 100,000 leads in one tenant), through the API root in process, like bench:search.
 *
 *   npm run bench:crm -- [--dir PATH] [--leads N] [--iterations K] [--reseed] [--io]
 *
 * --io: instead of the list queries, import and export N leads as jobs (scripts/bench/crm-io.ts).
 *
 * Uses its own embedded PostgreSQL under --dir (default /tmp/lr-bench-crm) on EMBEDDED_PG_PORT
 * (default 55041). First run seeds 20,000 companies and one tenant with 30 members in three
 * departments and N leads (default 100,000): a fifth linked to companies, the rest typed in, with
 * statuses, sources, owners, regions, follow-up times and contacts spread as a team would have them.
 * Timed runs go under `flock /work/.bench.lock`.
 */
import '../../lib/server/outside-next';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const argv = process.argv.slice(2);
  const arg = (name: string, dflt: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const dir = path.resolve(arg('--dir', '/tmp/lr-bench-crm'));
  const leads = Number(arg('--leads', '100000'));
  const iterations = Number(arg('--iterations', '40'));
  const db = await openBenchDatabase({ dir, port: 55041, enterprises: 20_000, platform: true });
  const pool = db.pool;
  const { dispatchApi } = await import('../../lib/server/api/dispatch');
  const { issueTokens } = await import('../../lib/server/auth/token.service');

  const BENCH_TENANT = '线索压测科技有限公司';
  let tenant = await pool.query<{ id: string }>(`select id from tenants where name = $1`, [
    BENCH_TENANT,
  ]);
  if (!tenant.rowCount) {
    tenant = await pool.query(`insert into tenants (name, edition) values ($1, 4) returning id`, [
      BENCH_TENANT,
    ]);
  }
  const tenantId = Number(tenant.rows[0].id);
  const roleId = async (code: string, dataScope?: number) => {
    const found = await pool.query<{ id: string }>(
      `select id from roles where code = $1 and tenant_id is null`,
      [code],
    );
    if (found.rowCount) return Number(found.rows[0].id);
    const made = await pool.query<{ id: string }>(
      `insert into roles (code, name, data_scope) values ($1, $1, $2) returning id`,
      [code, dataScope ?? 1],
    );
    await pool.query(
      `insert into role_menus (role_id, menu_id) select $1, id from menus where permission like 'szjk:clue:%'`,
      [made.rows[0].id],
    );
    return Number(made.rows[0].id);
  };
  let members = await pool.query<{ id: string }>(
    `select id from users where tenant_id = $1 order by id`,
    [tenantId],
  );
  if (members.rowCount === 0) {
    const depts: number[] = [];
    for (const name of ['销售一部', '销售二部', '市场部']) {
      const d = await pool.query<{ id: string }>(
        `insert into departments (tenant_id, name) values ($1, $2) returning id`,
        [tenantId, name],
      );
      depts.push(Number(d.rows[0].id));
    }
    const admin = await roleId('tenant_admin');
    const self = await roleId('bench_clue_self', 5);
    const dept = await roleId('bench_clue_dept', 3);
    for (let i = 0; i < 30; i++) {
      const u = await pool.query<{ id: string }>(
        `insert into users (tenant_id, username, nickname, dept_id) values ($1, $2, $3, $4) returning id`,
        [tenantId, `bench_clue_${i}`, `销售${i}`, depts[i % 3]],
      );
      const role = i === 0 ? admin : i === 1 ? dept : self;
      await pool.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [
        u.rows[0].id,
        role,
      ]);
    }
    members = await pool.query(`select id from users where tenant_id = $1 order by id`, [tenantId]);
  }
  const ids = members.rows.map((r) => Number(r.id));
  if (argv.includes('--reseed'))
    await pool.query('delete from clues where tenant_id = $1', [tenantId]);
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

  const tokenOf = async (userId: number) =>
    (await issueTokens(userId, tenantId, { remember: false, ip: '127.0.0.1', userAgent: 'bench' }))
      .accessToken;
  const who = {
    admin: await tokenOf(ids[0]),
    dept: await tokenOf(ids[1]),
    self: await tokenOf(ids[2]),
  };
  const call = async (token: string, method: string, p: string, body?: unknown) => {
    const res = await dispatchApi(
      new Request(`http://localhost/admin-api${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'tenant-id': String(tenantId),
          'content-type': 'application/json',
          'x-leadradar-client-ip': '127.0.0.1',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json = (await res.json()) as { code: number; msg: string; data: { total?: number } };
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.msg}`);
    return json.data;
  };
  if (argv.includes('--io')) {
    const { ioBench } = await import('./crm-io');
    await ioBench({ tenantId, token: who.admin, rows: leads, db, dispatchApi });
    await db.close();
    return;
  }
  const week = Date.now() + 7 * 86_400_000;
  const cases: [string, keyof typeof who, string, string, unknown?][] = [
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
  console.log(`| 查询 | 结果数 | p50 ms | p95 ms |\n|---|---|---|---|`);
  for (const [label, user, method, p, body] of cases) {
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < 3; i++) await call(who[user], method, p, body); // warm
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const data = await call(who[user], method, p, body);
      times.push(performance.now() - t);
      total = data.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${total ?? '-'} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
