import { expect, request, test, type APIRequestContext } from './support/test';
import { withE2eDb } from './support/db';
import { e2eEnv } from './support/env';
import { signUp } from './support/session';
import { startSecondInstance, stopInstance, type Instance } from './support/second-instance';

/**
 * Issue 37 item 5: two app processes, one database. The e2e server is one instance; a second one
 * runs beside it from the same build against the same PostgreSQL, with nothing shared in memory.
 * A change shows on both, a rate limit counts requests to both, a push made on one reaches a
 * socket held by the other, and a job whose instance is killed finishes once on the other.
 */
test.describe.configure({ mode: 'serial' });

let second: Instance;
let visitor: APIRequestContext;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  second = await startSecondInstance();
  visitor = await request.newContext();
});
test.afterAll(async () => {
  await visitor?.dispose();
  if (second) await stopInstance(second);
});

const first = () => e2eEnv().baseURL;

test('a company page cached on both instances shows a change on the next request of each', async () => {
  const company = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; uncid: string }>(
      `select id::int as id, name, uncid from enterprises order by weight asc, id offset 7 limit 1`,
    );
    return rows[0];
  });
  const pageOf = (origin: string) => `${origin}/companySearchDetail?uncid=${company.uncid}`;
  for (const origin of [first(), second.origin]) {
    expect((await visitor.get(pageOf(origin))).status()).toBe(200);
    expect((await visitor.get(pageOf(origin))).headers()['x-page-cache']).toBe('hit');
  }
  const renamed = `${company.name}（两实例更名）`;
  await withE2eDb((db) =>
    db.query('update enterprises set name = $1 where id = $2', [renamed, company.id]),
  );
  try {
    for (const origin of [first(), second.origin]) {
      // Each instance hears the change by NOTIFY just after the commit (ADR 0214).
      await expect
        .poll(async () => {
          const changed = await visitor.get(pageOf(origin));
          return (await changed.text()).includes(renamed) && changed.headers()['x-page-cache'];
        })
        .toBe('miss');
    }
  } finally {
    await withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [company.name, company.id]),
    );
  }
});

test('an exact rate limit counts the requests made to either instance', async () => {
  // 10 a minute per address (tenantIdByUsername): six here, then the other instance has four.
  const ask = async (origin: string) => {
    const res = await visitor.get(
      `${origin}/admin-api/system/tenant/get-id-by-username?name=standard_admin`,
    );
    return ((await res.json()) as { code: number }).code;
  };
  const clear = () =>
    withE2eDb((db) =>
      db.query(`delete from rate_limit_counters where key like 'tenant-id-by-username%'`),
    );
  await clear();
  try {
    for (let i = 0; i < 6; i++) expect(await ask(first())).toBe(200);
    const onSecond: number[] = [];
    for (let i = 0; i < 6; i++) onSecond.push(await ask(second.origin));
    expect(onSecond.filter((s) => s === 200)).toHaveLength(4);
    expect(onSecond.slice(4)).toEqual([429, 429]);
    // And back on the first: the second's hits count there too.
    expect(await ask(first())).toBe(429);
  } finally {
    await clear();
  }
});

test("a job started on one instance pushes to the other's socket, survives kill -9 of its instance and finishes once", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E两实例${run}科技有限公司` });
  const entIds = await withE2eDb(async (db) => {
    const r = await db.query<{ id: string }>(
      'select id from enterprises order by weight desc, id limit 30 offset $1',
      [(run % 40) * 30],
    );
    return r.rows.map((x) => Number(x.id));
  });
  for (const enterpriseId of entIds) {
    const res = await page.request.post('/api/szjk/clue/create', { data: { enterpriseId } });
    expect(((await res.json()) as { code: number }).code).toBe(200);
  }
  const clueIds = await withE2eDb(async (db) => {
    const r = await db.query<{ id: string }>(
      `select c.id from clues c join tenants t on t.id = c.tenant_id where t.name = $1 order by c.id`,
      [`E2E两实例${run}科技有限公司`],
    );
    return r.rows.map((x) => Number(x.id));
  });
  expect(clueIds).toHaveLength(30);

  // The member's page is served by the first instance and holds its socket there.
  type Progress = { id: number; status: string; processed: number };
  const pushed: Progress[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/websocket/message')) return;
    ws.on('framereceived', (f) => {
      const m = JSON.parse(String(f.payload)) as { type: string; content: Progress };
      if (m.type === 'job-progress') pushed.push(m.content);
    });
  });
  await page.goto('/downloadList');
  await expect(page.getByRole('heading', { name: '下载中心' })).toBeVisible({ timeout: 30_000 });

  // The batch starts on the second instance, whose worker is woken at once and takes it.
  const started = await page.request.post(
    `${second.origin}/api/szjk/enterprise/batch-wyw-contact-by-clue`,
    { data: { clueIds } },
  );
  const body = (await started.json()) as { code: number; msg: string; data: { jobId: number } };
  expect(body.code, body.msg).toBe(200);
  const jobId = body.data.jobId;
  await expect
    .poll(() => pushed.filter((p) => p.id === jobId && p.processed >= 3).length, {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);

  const atKill = await withE2eDb(async (db) => {
    const r = await db.query<{ status: string; attempt: number }>(
      'select status, attempt from background_jobs where id = $1',
      [jobId],
    );
    return r.rows[0];
  });
  expect(atKill).toEqual({ status: 'running', attempt: 1 });
  await stopInstance(second, 'SIGKILL');

  // The first instance's sweeper sees no heartbeat (JOB_STALE_AFTER_SECONDS) and resumes it.
  await expect
    .poll(() => pushed.some((p) => p.id === jobId && p.status === 'succeeded'), {
      timeout: 180_000,
    })
    .toBe(true);
  const after = await withE2eDb(async (db) => {
    const job = await db.query<{ status: string; attempt: number }>(
      'select status, attempt from background_jobs where id = $1',
      [jobId],
    );
    const items = await db.query<{ clue_id: string }>(
      'select clue_id from wyw_batch_items where job_id = $1',
      [jobId],
    );
    const dupes = await db.query(
      `select enterprise_id, type, value from enterprise_contacts
        where enterprise_id = any($1::bigint[]) group by 1, 2, 3 having count(*) > 1`,
      [entIds],
    );
    return {
      job: job.rows[0],
      items: items.rows.length,
      distinct: new Set(items.rows.map((r) => r.clue_id)).size,
      dupes: dupes.rows.length,
    };
  });
  expect(after).toEqual({
    job: { status: 'succeeded', attempt: 2 },
    items: 30,
    distinct: 30,
    dupes: 0,
  });
  await page.reload();
  await expect(page.locator('tr.ant-table-row').first()).toContainText('已完成', {
    timeout: 30_000,
  });
});
