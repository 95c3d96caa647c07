/**
 * 加微任务 benchmark (issue 33: a task over 10,000 contacts created in ≤ 2 s; the balance ledger
 * p95 ≤ 10 ms; a running task does not slow company search beyond its budget).
 *
 *   npm run bench:outreach -- [--dir PATH] [--companies N] [--rounds N]
 *
 * 1. `--rounds` tasks (default 3) over N unlocked companies (default 10,000) created through
 *    create-add-weixin-task: request to answer (reservation, contact rows, job all included).
 * 2. The ledger: 300 balance reads, 300 grants and 300 reservations (each its own transaction).
 * 3. Keyword searches alone, then while a task sends (demo provider, 50 ms per send).
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-outreach in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55199), seeded once with 12,000 companies.
 */
import '@/lib/server/platform/outside-next';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { benchApi, benchMember, startBenchJobRunner, timedSearch } from './bench-api';
import { arg, percentileOf } from './timing';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-outreach')));
  const n = Number(arg('--companies', '10000'));
  const rounds = Number(arg('--rounds', '3'));
  process.env.OUTREACH_DEMO_LATENCY_MS ??= '50';
  const db = await openBenchDatabase({ dir, port: 55199, enterprises: 12_000, platform: true });
  const pool = db.pool;

  const stamp = Date.now() % 1_000_000;
  const tenant = await pool.query<{ id: string }>(
    `insert into tenants (name, edition, edition_expires_at) values ($1, 4, now() + interval '1 year') returning id`,
    [`加微压测${stamp}有限公司`],
  );
  const tenantId = Number(tenant.rows[0].id);
  const mobile = `177${String(stamp).padStart(8, '0')}`;
  const { token } = await benchMember(pool, tenantId, {
    username: `outbench${stamp}`,
    mobile,
    role: 'tenant_admin',
  });
  // N companies, each with a mobile number (the seed gives about two in three one; the rest get
  // a deterministic one here), unlocked by the tenant (a task uses unlocked numbers only).
  const ents = await pool.query<{ id: string }>(`select id from enterprises order by id limit $1`, [
    n,
  ]);
  const ids = ents.rows.map((r) => Number(r.id));
  await pool.query(
    `insert into enterprise_contacts (enterprise_id, type, value, person_name, source)
     select e.id, 'mobile', '150' || lpad((e.id % 100000000)::text, 8, '0'), '压测联系人', '压测'
     from unnest($1::bigint[]) as e(id)
     where not exists (select 1 from enterprise_contacts c where c.enterprise_id = e.id and c.type = 'mobile')`,
    [ids],
  );
  await pool.query(
    `insert into enterprise_unlocks (tenant_id, enterprise_id, user_id)
     select $1, unnest($2::bigint[]), (select id from users where mobile = $3) on conflict do nothing`,
    [tenantId, ids, mobile],
  );
  const { addCredits, creditBalance, reserveCredits } =
    await import('@/lib/server/commerce/outreach-credit/outreach-credit.service');
  const { getDb } = await import('@/lib/server/platform/db');
  await getDb().transaction((tx) =>
    addCredits(tx, tenantId, 10_000_000, 'grant', `bench:${stamp}`),
  );
  // The day's first task asks for the SMS code (scene 4): plant one.
  const code = '135790';
  await pool.query(
    `insert into sms_codes (mobile, scene, code, create_ip, expires_at) values ($1, 4, $2, '127.0.0.1', now() + interval '10 minutes')`,
    [mobile, createHash('sha256').update(`${mobile}:4:${code}`).digest('hex')],
  );

  const call = await benchApi(tenantId);
  const api = <T>(method: string, p: string, body?: unknown) => call<T>(token, method, p, body);
  const searchOnce = timedSearch(api);
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await searchOnce(i));

  // 1. Creation of tasks over N companies (no runner yet: creation alone is timed).
  type Created = { addWeixinTask: { id: number; total: number; reserved: number } };
  const createTimes: number[] = [];
  let contacts = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const res = await api<Created>(
      'POST',
      '/shuzhituoke/intelligent-search/v2/create-add-weixin-task',
      {
        entIds: ids,
        title: `压测任务${r + 1}`,
        greeting: '您好，我是拓客雷达的顾问。',
        dailyCap: 500,
        windowStartHour: 0,
        windowEndHour: 24,
        endTime: Date.now() + 86_400_000,
        requestId: `bench${stamp}r${r}`,
        smsCode: r === 0 ? code : undefined,
      },
    );
    createTimes.push(performance.now() - t0);
    contacts = res.addWeixinTask.total;
  }

  // 2. The ledger, each call its own transaction.
  const reads: number[] = [];
  const grants: number[] = [];
  const reserves: number[] = [];
  for (let i = 0; i < 300; i++) {
    let t0 = performance.now();
    await creditBalance(tenantId);
    reads.push(performance.now() - t0);
    t0 = performance.now();
    await getDb().transaction((tx) => addCredits(tx, tenantId, 1, 'grant', `bench:${stamp}:g${i}`));
    grants.push(performance.now() - t0);
    t0 = performance.now();
    await getDb().transaction((tx) => reserveCredits(tx, tenantId, 1, `bench:${stamp}:r${i}`));
    reserves.push(performance.now() - t0);
  }

  // 3. Search while the tasks send.
  const runner = await startBenchJobRunner();
  await new Promise((r) => setTimeout(r, 2000));
  const busy: number[] = [];
  for (let i = 0; i < 60; i++) busy.push(await searchOnce(i));
  const sent = await pool.query<{ n: string }>(
    `select count(*) as n from outreach_contacts c join outreach_tasks t on t.id = c.task_id
      where t.tenant_id = $1 and c.state between 1 and 5`,
    [tenantId],
  );
  // Stop the tasks (they would run for days at 500 a day).
  await pool.query(
    `update outreach_tasks set status = 2, end_reason = 'stopped' where tenant_id = $1`,
    [tenantId],
  );
  await runner.stop();

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const createOk = percentileOf(createTimes, 95) <= 2000;
  const ledgerOk =
    Math.max(percentileOf(reads, 95), percentileOf(grants, 95), percentileOf(reserves, 95)) <= 10;
  console.log('');
  console.log(`| 加微任务 | 次数 | 企业 | 联系人 | p50 | 最慢 | 目标 |`);
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| 创建任务 | ${createTimes.length} | ${ids.length} | ${contacts} | ${ms(percentileOf(createTimes, 50))} | ${ms(Math.max(...createTimes))} | ≤ 2 s ${createOk ? '✓' : '✗'} |`,
  );
  console.log('');
  console.log(`| 余额账本 | 次数 | p50 | p95 | 目标 |`);
  console.log('|---|---|---|---|---|');
  for (const [name, v] of [
    ['读余额', reads],
    ['充值（一笔一事务）', grants],
    ['预扣（一笔一事务）', reserves],
  ] as const)
    console.log(
      `| ${name} | ${v.length} | ${ms(percentileOf(v, 50))} | ${ms(percentileOf(v, 95))} | ≤ 10 ms p95 ${percentileOf(v, 95) <= 10 ? '✓' : '✗'} |`,
    );
  console.log('');
  console.log(`| 企业搜索 | 次数 | p50 | p95 |`);
  console.log('|---|---|---|---|');
  console.log(
    `| 单独 | ${idle.length} | ${ms(percentileOf(idle, 50))} | ${ms(percentileOf(idle, 95))} |`,
  );
  console.log(
    `| 同时 ${rounds} 个加微任务发送中（期间发出 ${sent.rows[0].n} 个） | ${busy.length} | ${ms(percentileOf(busy, 50))} | ${ms(percentileOf(busy, 95))} |`,
  );
  const { stopRateCounters } = await import('@/lib/server/platform/rate-limit/buffered-counters');
  await stopRateCounters();
  await db.close();
  process.exit(createOk && ledgerOk ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
