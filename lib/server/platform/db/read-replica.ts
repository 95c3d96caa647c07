import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/db/schema';
import { config } from '../config';
import { partLogger } from '../observability/logger';
import { getDb, getPool, type Database } from './index';

/**
 * Reads that may be a moment behind — company search, advanced search, the map — go to a
 * streaming replica when `DATABASE_READ_URL` is set (issue 37 item 6, ADR 0211), as long as it
 * keeps up: a probe every second compares the replica's replayed WAL with the primary's, and a
 * replica further behind than `REPLICA_MAX_LAG_MS`, or unreachable, or not a standby, sends those
 * reads back to the primary until it catches up. Writes, and reads that must see the caller's own
 * writes, always use the primary (getDb / getPool).
 */
export type ReplicaStatus = {
  configured: boolean;
  /** True while reads go to the replica. */
  inUse: boolean;
  /** Milliseconds behind the primary at the last probe; null when unknown. */
  lagMs: number | null;
  error: string | null;
  probedAt: number | null;
};

type ReplicaState = {
  url: string;
  pool: pg.Pool;
  db: Database;
  status: ReplicaStatus;
  /** Times reads switched between the replica and the primary (see currentReads). */
  switches: number;
  timer: NodeJS.Timeout;
};

const NOT_CONFIGURED: ReplicaStatus = {
  configured: false,
  inUse: false,
  lagMs: null,
  error: null,
  probedAt: null,
};

const globalKey = Symbol.for('leadradar.db.replica');
type GlobalWithReplica = typeof globalThis & { [globalKey]?: ReplicaState };
const log = partLogger('db');

export const REPLICA_PROBE_MS = 1000;

function replica(): ReplicaState | null {
  const url = config.databaseReadUrl;
  if (!url) return null;
  const g = globalThis as GlobalWithReplica;
  const current = g[globalKey];
  if (current && current.url === url) return current;
  if (current) void closeReplica();
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize,
    idleTimeoutMillis: 30000,
    connectionTimeoutMillis: 2000,
    statement_timeout: config.statementTimeoutMs,
    application_name: 'leadradar-read',
  });
  pool.on('error', (err) => log.error(`replica idle client error: ${err.message}`));
  const state: ReplicaState = {
    url,
    pool,
    db: drizzle(pool, { schema }),
    switches: 0,
    status: { configured: true, inUse: false, lagMs: null, error: null, probedAt: null },
    timer: setInterval(() => void probeReplica(), REPLICA_PROBE_MS),
  };
  state.timer.unref();
  g[globalKey] = state;
  void probeReplica();
  return state;
}

/**
 * Measures the replica against the primary once: caught up when it has replayed all the WAL the
 * primary had written at the probe, else behind by the time since its last replayed commit.
 */
export async function probeReplica(): Promise<ReplicaStatus> {
  const state = replica();
  if (!state) return NOT_CONFIGURED;
  const before = state.status.inUse;
  try {
    const { rows: p } = await getPool().query<{ lsn: string }>(
      'select pg_current_wal_lsn()::text as lsn',
    );
    const { rows: r } = await state.pool.query<{
      standby: boolean;
      behind: string | null;
      since: number | null;
    }>(
      `select pg_is_in_recovery() as standby,
              pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind,
              (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since`,
      [p[0].lsn],
    );
    const { standby, behind, since } = r[0];
    const lagMs = !standby ? null : Number(behind ?? 1) <= 0 ? 0 : (since ?? Infinity);
    state.status = {
      configured: true,
      inUse: standby && lagMs !== null && lagMs <= config.replicaMaxLagMs,
      lagMs: lagMs === Infinity ? null : lagMs,
      error: standby ? null : '只读库不是备库（pg_is_in_recovery 为 false）',
      probedAt: Date.now(),
    };
  } catch (err) {
    state.status = {
      configured: true,
      inUse: false,
      lagMs: null,
      error: (err as Error).message,
      probedAt: Date.now(),
    };
  }
  if (before !== state.status.inUse) {
    state.switches++;
    log.warn(
      state.status.inUse
        ? `只读副本已启用（延迟 ${Math.round(state.status.lagMs ?? 0)} ms）`
        : `只读副本暂停使用，读取回到主库：${state.status.error ?? `延迟 ${Math.round(state.status.lagMs ?? 0)} ms 超过 ${config.replicaMaxLagMs} ms`}`,
    );
  }
  return state.status;
}

/** The pool for reads that may be a moment behind: the replica while it keeps up, else the primary. */
export function getReadPool(): pg.Pool {
  const state = replica();
  return state?.status.inUse ? state.pool : getPool();
}

/** getReadPool's rule for Drizzle queries: company pages, their tabs and graphs. */
export function getReadDb(): Database {
  const state = replica();
  return state?.status.inUse ? state.db : getDb();
}

const CATCH_UP_POLL_MS = 20;

/**
 * For a render that will be kept (the page cache): waits, at most `waitMs`, until reads through
 * getReadPool/getReadDb see everything the primary has written so far. Returns a check to call
 * after the render: true when what it read was current — no replica, reads on the primary, or the
 * replica caught up — and the route did not switch meanwhile (a switch during the render could mix
 * a newer version with older rows, and the cache would keep them until the company changes again).
 */
export async function currentReads(waitMs = 500): Promise<() => boolean> {
  const state = replica();
  if (!state) return () => true;
  const switches = state.switches;
  const unchanged = () => state.switches === switches;
  if (!state.status.inUse) return unchanged;
  const target = await getPool().query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await state.pool
      .query<{ done: boolean }>(
        'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as done',
        [target.rows[0].lsn],
      )
      .catch(() => ({ rows: [{ done: false }] }));
    if (rows[0].done) return unchanged;
    if (Date.now() >= deadline) return () => false;
    await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
  }
}

export function replicaStatus(): ReplicaStatus {
  return replica()?.status ?? NOT_CONFIGURED;
}

export async function closeReplica(): Promise<void> {
  const g = globalThis as GlobalWithReplica;
  const current = g[globalKey];
  g[globalKey] = undefined;
  if (!current) return;
  clearInterval(current.timer);
  await current.pool.end().catch(() => undefined);
}
