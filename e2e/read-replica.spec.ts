import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, request, test, type APIRequestContext } from './support/test';
import { withE2eDb } from './support/db';
import { e2eEnv } from './support/env';
import { startSecondInstance, stopInstance, type Instance } from './support/second-instance';
import { EmbeddedPostgresServer } from '../lib/server/platform/db/embedded-server';
import { createStreamingReplica } from '../lib/server/platform/db/replica-setup';

/**
 * Issue 37 item 6 end to end (ADR 0211): a streaming replica of the e2e server's database, and an
 * app instance started with DATABASE_READ_URL pointing at it. Visitors' company searches run on the
 * replica while it keeps up; with its replay paused it falls behind and the instance searches on the
 * primary; after the replay resumes the replica is used again. (Which pool answers when is proven
 * in test/server/replica.server.test.ts.)
 */
test.describe.configure({ mode: 'serial' });

const env = e2eEnv();
const primaryPort = Number(new URL(env.databaseUrl).port);
const replicaPort = primaryPort + 40;
const replicaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-e2e-replica-'));
fs.chmodSync(replicaDir, 0o755);
const replicaUrl = `postgres://postgres:postgres@127.0.0.1:${replicaPort}/leadradar`;

let replica: EmbeddedPostgresServer;
let app: Instance;
let visitor: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  replica = await createStreamingReplica({
    primaryUrl: `postgres://postgres:postgres@127.0.0.1:${primaryPort}/postgres`,
    primaryPgDir: path.join(env.serverEnv.DATA_DIR, 'pg'),
    replicaDataDir: replicaDir,
    replicaPort,
  });
  await replica.start();
  app = await startSecondInstance(env.port + 20, {
    DATABASE_READ_URL: replicaUrl,
    REPLICA_MAX_LAG_MS: '1000',
    // Each search below comes from its own address: the visitors' search allowance is per address.
    TRUST_PROXY: '1',
  });
  visitor = await request.newContext();
});

test.afterAll(async () => {
  await visitor?.dispose();
  if (app) await stopInstance(app);
  await replica?.stop();
  await withE2eDb((db) =>
    db.query(`select pg_drop_replication_slot($1)`, [`leadradar_replica_${replicaPort}`]),
  ).catch(() => undefined);
  fs.rmSync(replicaDir, { recursive: true, force: true });
});

async function replicaHealth(): Promise<{ inUse: boolean; lagMs: number | null }> {
  const res = await visitor.get(`${app.origin}/api/health`);
  return ((await res.json()) as { data: { replica: { inUse: boolean; lagMs: number | null } } })
    .data.replica;
}

/**
 * Whether the visitor's search page on the instance lists the company for `keyword` (by its credit
 * code: the name itself comes back with the keyword highlighted). An extra parameter keeps the
 * page out of the page cache, so every call searches.
 */
let searches = 1;
async function searchFinds(keyword: string, uncid: string): Promise<boolean> {
  const res = await visitor.get(
    `${app.origin}/companySearch?keyword=${encodeURIComponent(keyword)}&nocache=${Date.now()}`,
    {
      headers: {
        'x-forwarded-for': `10.${searches >> 16}.${(searches >> 8) & 255}.${searches++ & 255}`,
      },
    },
  );
  return (await res.text()).includes(uncid);
}

async function onReplica<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Connections of the app's read pool on the replica whose last query is like `pattern`. */
const readPoolQueriesLike = (pattern: string) =>
  onReplica(async (c) => {
    const r = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where application_name = 'leadradar-read' and query ilike $1`,
      [pattern],
    );
    return r.rows[0].n;
  });

test('searches run on the replica while it keeps up, on the primary while it is behind', async () => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);
  expect((await replicaHealth()).lagMs).toBeLessThan(1000);

  const company = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; uncid: string }>(
      `select id::int as id, name, uncid from enterprises order by weight desc, id offset 3 limit 1`,
    );
    return rows[0];
  });
  // Searched on the replica: its read pool's connections ran the search.
  expect(await searchFinds(company.name, company.uncid)).toBe(true);
  expect(await readPoolQueriesLike('%enterprise%')).toBeGreaterThan(0);

  try {
    // Replay paused while the primary writes: the replica falls behind, reads go to the primary
    // and searches still answer.
    await onReplica((c) => c.query('select pg_wal_replay_pause()'));
    await withE2eDb((db) =>
      db.query('update enterprises set updated_at = now() where id = $1', [company.id]),
    );
    await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(false);
    expect(await searchFinds(company.name, company.uncid)).toBe(true);

    // Replay resumed: caught up and used again.
    await onReplica((c) => c.query('select pg_wal_replay_resume()'));
    await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);
    expect(await searchFinds(company.name, company.uncid)).toBe(true);
  } finally {
    await onReplica((c) => c.query('select pg_wal_replay_resume()')).catch(() => undefined);
  }
});

test('company pages are read on the replica, and a page rendered from a replica behind is not kept', async () => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);
  const company = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; uncid: string }>(
      `select id::int as id, name, uncid from enterprises order by weight asc, id offset 11 limit 1`,
    );
    return rows[0];
  });
  let views = 1;
  const page = async () => {
    const res = await visitor.get(`${app.origin}/companySearchDetail?uncid=${company.uncid}`, {
      headers: { 'x-forwarded-for': `10.200.${views >> 8}.${views++ & 255}` },
    });
    expect(res.status()).toBe(200);
    return { state: res.headers()['x-page-cache'], html: await res.text() };
  };
  const rename = (name: string) =>
    withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [name, company.id]),
    );

  expect((await page()).html).toContain(company.name);
  // The page's tabs were read by the replica's pool.
  expect(await readPoolQueriesLike('%enterprise\\_%')).toBeGreaterThan(0);

  const first = `${company.name}（副本一）`;
  const second = `${company.name}（副本二）`;
  try {
    // Renamed on the primary: the next render waits for the replica to replay it.
    await rename(first);
    // Heard by NOTIFY just after the commit (ADR 0214), then rendered anew.
    await expect
      .poll(async () => {
        const fresh = await page();
        return fresh.html.includes(first) && fresh.state;
      })
      .toBe('miss');
    expect((await page()).state).toBe('hit');

    // Renamed while the replica's replay is paused: whatever that render read, it is not kept
    // under the new version — after the replay the page shows the new name.
    await onReplica((c) => c.query('select pg_wal_replay_pause()'));
    await rename(second);
    await expect.poll(async () => (await page()).state).toBe('miss');
    await onReplica((c) => c.query('select pg_wal_replay_resume()'));
    await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await page()).html.includes(second)).toBe(true);
    expect((await page()).state).toBe('hit');
  } finally {
    await onReplica((c) => c.query('select pg_wal_replay_resume()')).catch(() => undefined);
    await rename(company.name);
  }
});
