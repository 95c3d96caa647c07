import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresServer, postgresUserIds } from './embedded-server';

/**
 * A streaming replica of a PostgreSQL primary on this machine (issue 37 item 6, ADR 0211), made
 * with the server's own low-level base backup (pg_backup_start / copy / pg_backup_stop): the
 * embedded server ships no pg_basebackup, and Debian's may be older than the server. A physical
 * replication slot keeps the WAL the replica still needs.
 */
export type ReplicaSetup = {
  /** Superuser URL of the primary (replication uses its user and password). */
  primaryUrl: string;
  /** The primary's data directory (the folder holding PG_VERSION). */
  primaryPgDir: string;
  /** DATA_DIR-like folder of the replica; its cluster goes to `<dir>/pg`. */
  replicaDataDir: string;
  replicaPort: number;
  log?: (line: string) => void;
};

/** Runtime folders of a cluster: not copied, made again empty in the replica. */
const RUNTIME_DIRS = [
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
];
const EMPTY_DIRS = ['pg_wal/archive_status', ...RUNTIME_DIRS];
const SKIPPED = new Set([
  ...RUNTIME_DIRS,
  'pg_wal',
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'standby.signal',
]);

export const replicaSlotName = (port: number) => `leadradar_replica_${port}`;

/**
 * Copies the primary into `<replicaDataDir>/pg` as a standby that streams from it, and answers
 * the (not yet started) replica server. Refuses a folder that already holds a cluster.
 */
export async function createStreamingReplica(setup: ReplicaSetup): Promise<EmbeddedPostgresServer> {
  const target = path.join(setup.replicaDataDir, 'pg');
  if (fs.existsSync(path.join(target, 'PG_VERSION')))
    throw new Error(`${target} 已有数据库，不能在其上创建副本`);
  const primary = new URL(setup.primaryUrl);
  const user = decodeURIComponent(primary.username);
  const password = decodeURIComponent(primary.password);
  const slot = replicaSlotName(setup.replicaPort);
  const client = new pg.Client({ connectionString: setup.primaryUrl });
  await client.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query(
      `select pg_create_physical_replication_slot($1, true)
        where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [slot],
    );
    await client.query(`select pg_backup_start('leadradar-replica', true)`);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    for (const entry of fs.readdirSync(setup.primaryPgDir)) {
      if (SKIPPED.has(entry)) continue;
      fs.cpSync(path.join(setup.primaryPgDir, entry), path.join(target, entry), {
        recursive: true,
        // A file the primary removes during the copy is replayed from the WAL anyway.
        errorOnExist: false,
        filter: (src) => fs.existsSync(src),
      });
    }
    const stop = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    fs.writeFileSync(path.join(target, 'backup_label'), stop.rows[0].labelfile);
    if (stop.rows[0].spcmapfile)
      fs.writeFileSync(path.join(target, 'tablespace_map'), stop.rows[0].spcmapfile);
  } finally {
    await client.end();
  }
  for (const dir of EMPTY_DIRS) fs.mkdirSync(path.join(target, dir), { recursive: true });
  fs.writeFileSync(path.join(target, 'standby.signal'), '');
  const conninfo = `host=${primary.hostname} port=${primary.port || 5432} user=${user} password=${password} application_name=${slot}`;
  fs.appendFileSync(
    path.join(target, 'postgresql.auto.conf'),
    `\n# streaming replica (createStreamingReplica)\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby_feedback = on\n`,
  );
  const ids = postgresUserIds();
  if (ids.uid !== undefined) chownTree(setup.replicaDataDir, ids.uid, ids.gid!);
  fs.chmodSync(target, 0o700);
  setup.log?.(`副本已从 ${primary.host} 复制到 ${target}`);
  return new EmbeddedPostgresServer({
    dataDir: setup.replicaDataDir,
    port: setup.replicaPort,
    user,
    password,
    log: setup.log,
  });
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.chownSync(full, uid, gid);
  }
}
