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
 * replica while it keeps up; with its replay paused it falls behind, the instance reads from the
 * primary (a rename made meanwhile is found), and after the replay resumes it is used again.
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

/** The visitor's search page on the instance, for a keyword no earlier request used. */
async function searchFinds(name: string): Promise<boolean> {
  const res = await visitor.get(`${app.origin}/companySearch?keyword=${encodeURIComponent(name)}`);
  return (await res.text()).includes(name);
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

test('searches run on the replica while it keeps up, on the primary while it is behind', async () => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);

  const company = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `select id::int as id, name from enterprises order by weight asc, id offset 11 limit 1`,
    );
    return rows[0];
  });
  const run = Date.now() % 1_000_000;
  const first = `副本检索${run}甲科技有限公司`;
  const second = `副本检索${run}乙科技有限公司`;
  try {
    // Streamed to the replica and found there: the read pool's backends on the replica ran it.
    await withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [first, company.id]),
    );
    await expect.poll(() => searchFinds(first), { timeout: 30_000 }).toBe(true);
    const readers = await onReplica(async (c) => {
      const r = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'leadradar-read'`,
      );
      return r.rows[0].n;
    });
    expect(readers).toBeGreaterThan(0);
    expect((await replicaHealth()).lagMs).toBeLessThan(1000);

    // Replay paused: the replica falls behind, the instance reads from the primary.
    await onReplica((c) => c.query('select pg_wal_replay_pause()'));
    await withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [second, company.id]),
    );
    await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(false);
    expect(await searchFinds(second)).toBe(true);
    const stale = await onReplica(async (c) => {
      const r = await c.query<{ name: string }>('select name from enterprises where id = $1', [
        company.id,
      ]);
      return r.rows[0].name;
    });
    expect(stale).toBe(first);

    // Replay resumed: caught up and used again.
    await onReplica((c) => c.query('select pg_wal_replay_resume()'));
    await expect.poll(async () => (await replicaHealth()).inUse, { timeout: 30_000 }).toBe(true);
  } finally {
    await onReplica((c) => c.query('select pg_wal_replay_resume()')).catch(() => undefined);
    await withE2eDb((db) =>
      db.query('update enterprises set name = $1 where id = $2', [company.name, company.id]),
    );
  }
});
