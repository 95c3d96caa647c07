/**
 * Sales pipeline benchmark (issue 15 goal: the pipeline page of a tenant with 10,000 opportunities
 * renders in ≤ 1 s, so its call should stay well under 200 ms), through the API root in process,
 * like bench:crm.
 *
 *   npm run bench:pipeline -- [--dir PATH] [--opportunities N] [--iterations K] [--reseed]
 *
 * Uses its own embedded PostgreSQL under --dir (default /tmp/lr-bench-pipeline) on
 * EMBEDDED_PG_PORT (default 55043). First run seeds one tenant with 30 members in three
 * departments, 2,000 customers and N opportunities (default 10,000) spread over the default
 * pipeline (most open, some won or lost) with amounts from 1,000 to 5,000,000 元.
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
  const dir = path.resolve(arg('--dir', '/tmp/lr-bench-pipeline'));
  const count = Number(arg('--opportunities', '10000'));
  const iterations = Number(arg('--iterations', '40'));
  const db = await openBenchDatabase({ dir, port: 55043, platform: true });
  const pool = db.pool;
  const { dispatchApi } = await import('../../lib/server/api/dispatch');
  const { issueTokens } = await import('../../lib/server/auth/token.service');

  const BENCH_TENANT = '商机压测科技有限公司';
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
      `insert into role_menus (role_id, menu_id) select $1, id from menus
       where permission like 'szjk:customer:%' or permission like 'szjk:opportunity:%'`,
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
    const self = await roleId('bench_opp_self', 5);
    const dept = await roleId('bench_opp_dept', 3);
    for (let i = 0; i < 30; i++) {
      const u = await pool.query<{ id: string }>(
        `insert into users (tenant_id, username, nickname, dept_id) values ($1, $2, $3, $4) returning id`,
        [tenantId, `bench_opp_${i}`, `销售${i}`, depts[i % 3]],
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
    const json = (await res.json()) as {
      code: number;
      msg: string;
      data: { total?: number; totalCount?: number; length?: number };
    };
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.msg}`);
    return json.data;
  };

  // The stages, created lazily by the first call, as a tenant's first visit would.
  const stages = (await call(who.admin, 'GET', '/szjk/opportunity/stage/list')) as unknown as {
    id: number;
    type: string;
  }[];
  if (argv.includes('--reseed')) {
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
         (100000 + (g * 104729) % 499900000)::bigint,
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
  const cases: [string, keyof typeof who, string, string, unknown?][] = [
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
  console.log(`| 查询 | 结果数 | p50 ms | p95 ms |\n|---|---|---|---|`);
  for (const [label, user, method, p, body] of cases) {
    const times: number[] = [];
    let total: number | undefined;
    for (let i = 0; i < 3; i++) await call(who[user], method, p, body); // warm
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const data = await call(who[user], method, p, body);
      times.push(performance.now() - t);
      total = data.totalCount ?? data.total ?? data.length;
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
