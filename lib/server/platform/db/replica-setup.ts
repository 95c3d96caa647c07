import fs from 'node:fs';
import path from 'node:path';
import { chownTree, takeBaseBackup } from './base-backup';
import { EmbeddedPostgresServer, postgresUserIds } from './embedded-server';

/**
 * A streaming replica of a PostgreSQL primary on this machine (issue 37 item 6, ADR 0211), made
 * with the server's own low-level base backup (base-backup.ts): the embedded server ships no
 * pg_basebackup, and Debian's may be older than the server. A physical replication slot keeps
 * the WAL the replica still needs.
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
  // The slot stays: the standby streams from it what was written since the copy.
  await takeBaseBackup({
    url: setup.primaryUrl,
    sourcePgDir: setup.primaryPgDir,
    targetPgDir: target,
    label: 'leadradar-replica',
    slot: { name: slot, keep: true },
    withWal: false,
  });
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
