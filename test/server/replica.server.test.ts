import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresServer } from '@/lib/server/platform/db/embedded-server';
import { createStreamingReplica } from '@/lib/server/platform/db/replica-setup';
import { closeDb } from '@/lib/server/platform/db';
import { sql } from 'drizzle-orm';
import {
  closeReplica,
  currentReads,
  getReadDb,
  getReadPool,
  probeReplica,
} from '@/lib/server/platform/db/read-replica';

/**
 * Issue 37 item 6 (ADR 0211): a primary and a streaming replica on loopback, made by
 * createStreamingReplica from the embedded server's binaries. Reads routed by getReadPool go to
 * the replica while it keeps up and back to the primary when it falls behind or goes away.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-replica-'));
// The clusters run as the postgres user when the tests run as root: it must reach them.
fs.chmodSync(root, 0o755);
const primaryPort = 58000 + Math.floor(Math.random() * 500);
const replicaPort = primaryPort + 500;
const primary = new EmbeddedPostgresServer({
  dataDir: path.join(root, 'primary'),
  port: primaryPort,
});
let replica: EmbeddedPostgresServer | null = null;

const standbyOf = async (pool: pg.Pool) =>
  (await pool.query<{ s: boolean }>('select pg_is_in_recovery() as s')).rows[0].s;

async function until<T>(what: string, fn: () => Promise<T | null | false>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  await primary.start();
  replica = await createStreamingReplica({
    primaryUrl: primary.url,
    primaryPgDir: primary.pgDir,
    replicaDataDir: path.join(root, 'replica'),
    replicaPort,
  });
  await replica.start();
  process.env.DATABASE_URL = primary.url;
  process.env.DATABASE_READ_URL = replica.url;
  process.env.REPLICA_MAX_LAG_MS = '1000';
}, 120_000);

afterAll(async () => {
  await closeReplica();
  await closeDb();
  await replica?.stop();
  await primary.stop();
  fs.rmSync(root, { recursive: true, force: true });
}, 60_000);

test('the replica streams the primary and its lag stays small under writes', async () => {
  const writer = new pg.Client({ connectionString: primary.url });
  const reader = new pg.Client({ connectionString: replica!.url });
  await writer.connect();
  await reader.connect();
  try {
    expect((await reader.query('select pg_is_in_recovery() as s')).rows[0].s).toBe(true);
    await writer.query(
      'create table replica_probe (id int primary key, at timestamptz default now())',
    );
    // Until its first replayed commit a fresh standby cannot say how far behind it is.
    await until(
      'the table on the replica',
      async () => (await reader.query(`select to_regclass('replica_probe') as t`)).rows[0].t,
    );
    const lags: number[] = [];
    for (let i = 1; i <= 200; i++) {
      await writer.query('insert into replica_probe (id) values ($1)', [i]);
      if (i % 20 === 0) lags.push((await probeReplica()).lagMs ?? Infinity);
    }
    await until('all rows on the replica', async () => {
      const r = await reader.query<{ n: number }>('select count(*)::int as n from replica_probe');
      return r.rows[0].n === 200;
    });
    console.log(
      `replica lag during 200 single-row commits: max ${Math.max(...lags).toFixed(1)} ms`,
    );
    expect(Math.max(...lags)).toBeLessThan(1000);
  } finally {
    await writer.end();
    await reader.end();
  }
}, 60_000);

test('reads go to the replica while it keeps up, and to the primary when it falls behind', async () => {
  expect((await probeReplica()).inUse).toBe(true);
  expect(await standbyOf(getReadPool())).toBe(true);

  const control = new pg.Client({ connectionString: replica!.url });
  await control.connect();
  const writer = new pg.Client({ connectionString: primary.url });
  await writer.connect();
  try {
    await control.query('select pg_wal_replay_pause()');
    await writer.query('insert into replica_probe (id) values (1000)');
    await new Promise((r) => setTimeout(r, 1_300));
    await writer.query('insert into replica_probe (id) values (1001)');
    const behind = await probeReplica();
    expect(behind.inUse).toBe(false);
    expect(behind.lagMs).toBeGreaterThan(1000);
    expect(await standbyOf(getReadPool())).toBe(false);

    await control.query('select pg_wal_replay_resume()');
    await until('the replica caught up', async () => (await probeReplica()).inUse);
    expect(await standbyOf(getReadPool())).toBe(true);
  } finally {
    await control.end();
    await writer.end();
  }
}, 60_000);

test('company pages read through getReadDb; a render from a replica behind the primary is not kept', async () => {
  await until('the replica in use', async () => (await probeReplica()).inUse);
  const standby = await getReadDb().execute<{ s: boolean }>(sql`select pg_is_in_recovery() as s`);
  expect(standby.rows[0].s).toBe(true);
  // Caught up: the page cache may keep what it renders.
  expect((await currentReads())()).toBe(true);

  const control = new pg.Client({ connectionString: replica!.url });
  await control.connect();
  const writer = new pg.Client({ connectionString: primary.url });
  await writer.connect();
  try {
    // A fresh replayed commit first, so the replica stays "in use" while it is paused briefly.
    await writer.query('insert into replica_probe (id) values (2000)');
    await until('row 2000 replayed', async () => {
      const r = await control.query('select 1 from replica_probe where id = 2000');
      return r.rowCount === 1;
    });
    await control.query('select pg_wal_replay_pause()');
    // The company changed on the primary (its page version moved) and the replica has not seen it.
    await writer.query('insert into replica_probe (id) values (2001)');
    const started = Date.now();
    const check = await currentReads(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(check()).toBe(false);

    // Replayed within the wait: kept.
    const waiting = currentReads(5_000);
    await control.query('select pg_wal_replay_resume()');
    expect((await waiting)()).toBe(true);

    // Reads switching between replica and primary during a render: not kept either.
    await until('the replica in use', async () => (await probeReplica()).inUse);
    const duringSwitch = await currentReads();
    await control.query('select pg_wal_replay_pause()');
    await writer.query('insert into replica_probe (id) values (2002)');
    await new Promise((r) => setTimeout(r, 1_300));
    await writer.query('insert into replica_probe (id) values (2003)');
    expect((await probeReplica()).inUse).toBe(false);
    expect(duringSwitch()).toBe(false);
    // On the primary now: a render is current without waiting.
    expect((await currentReads())()).toBe(true);
    await control.query('select pg_wal_replay_resume()');
    await until('the replica caught up', async () => (await probeReplica()).inUse);
  } finally {
    await control.end();
    await writer.end();
  }
}, 60_000);

test('a replica that goes away sends reads to the primary until it is back', async () => {
  await replica!.stop();
  const gone = await probeReplica();
  expect(gone).toMatchObject({ inUse: false, lagMs: null });
  expect(gone.error).toBeTruthy();
  expect(await standbyOf(getReadPool())).toBe(false);

  await replica!.start();
  await until('the replica back in use', async () => (await probeReplica()).inUse);
  expect(await standbyOf(getReadPool())).toBe(true);
}, 90_000);
