import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { diskFault, faultPoint } from '../faults/fault-points';
import { postgresUserIds } from './embedded-server';

/**
 * A physical base backup of a RUNNING PostgreSQL on this machine with the server's documented
 * low-level API (pg_backup_start / copy / pg_backup_stop, "Making a Base Backup Using the Low
 * Level API"): the embedded server ships no pg_basebackup, and Debian's may be older than the
 * server. Used for a streaming replica (replica-setup.ts, ADR 0211) and for a hot backup
 * (scripts/db-backup, ADR 0208).
 *
 * A physical replication slot that reserves WAL at once is made before the backup starts, so no
 * WAL segment the copy needs is recycled while it runs. Start and stop run on one session (the
 * non-exclusive mode requires it; the backup is aborted when that session ends).
 */
export type BaseBackupStage = 'started' | 'copied' | 'stopped';

export type BaseBackup = {
  /** Superuser URL of the running server. */
  url: string;
  /** Its data directory (the folder holding PG_VERSION). */
  sourcePgDir: string;
  /** Where the copy goes; made empty first. */
  targetPgDir: string;
  label: string;
  slot: {
    name: string;
    /**
     * Kept after the backup for a standby that streams from it; otherwise the slot is temporary
     * (gone with the session, even if this process dies) and dropped at the end.
     */
    keep: boolean;
  };
  /**
   * Copies the WAL from the backup's start through its end into the copy's pg_wal, so the copy
   * starts on its own (recovery replays it to the consistent point). A standby streams it instead.
   */
  withWal: boolean;
  /**
   * Progress: 'started' (in backup mode), 'copied' (the data directory copied; every commit
   * acknowledged by now is before the backup's end), 'stopped' (out of backup mode).
   */
  onStage?: (stage: BaseBackupStage) => void | Promise<void>;
};

export type BaseBackupResult = {
  startLsn: string;
  stopLsn: string;
  /** WAL segment files put into the copy (withWal), oldest first. */
  walFiles: string[];
};

/** Folders whose contents are runtime state: made again empty in the copy (PostgreSQL docs). */
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
/** Top-level entries never copied: runtime folders, the WAL (collected apart), lock files. */
const SKIPPED_TOP = new Set([
  ...RUNTIME_DIRS,
  'pg_wal',
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'standby.signal',
  'recovery.signal',
]);
/** Skipped at any depth: temporary files and relation-cache files the server rebuilds. */
const skippedAnywhere = (name: string) =>
  name.startsWith('pgsql_tmp') || name === 'pg_internal.init';
const PG_CONTROL = path.join('global', 'pg_control');

export async function takeBaseBackup(b: BaseBackup): Promise<BaseBackupResult> {
  const client = new pg.Client({ connectionString: b.url, application_name: b.label });
  await client.connect();
  let slotMade = false;
  try {
    await client.query('set statement_timeout = 0');
    await client.query(
      `select pg_create_physical_replication_slot($1, true, $2)
        where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [b.slot.name, !b.slot.keep],
    );
    slotMade = true;
    const start = await client.query<{ lsn: string }>(
      'select pg_backup_start($1, true)::text as lsn',
      [b.label],
    );
    await b.onStage?.('started');
    fs.rmSync(b.targetPgDir, { recursive: true, force: true });
    fs.mkdirSync(b.targetPgDir, { recursive: true, mode: 0o700 });
    await copyTree(b.sourcePgDir, b.targetPgDir, '');
    // pg_control last, as pg_basebackup does: the newest one (recovery starts from backup_label).
    await copyFileIfThere(
      path.join(b.sourcePgDir, PG_CONTROL),
      path.join(b.targetPgDir, PG_CONTROL),
    );
    await b.onStage?.('copied');
    // false: no WAL archive here to wait for; the WAL is collected below under the slot.
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { labelfile, spcmapfile } = stop.rows[0];
    await b.onStage?.('stopped');
    fs.writeFileSync(path.join(b.targetPgDir, 'backup_label'), labelfile);
    if (spcmapfile) fs.writeFileSync(path.join(b.targetPgDir, 'tablespace_map'), spcmapfile);
    for (const dir of EMPTY_DIRS) fs.mkdirSync(path.join(b.targetPgDir, dir), { recursive: true });
    const walFiles = b.withWal ? await copyBackupWal(client, b, labelfile, stop.rows[0].lsn) : [];
    const ids = postgresUserIds();
    if (ids.uid !== undefined) chownTree(b.targetPgDir, ids.uid, ids.gid!);
    fs.chmodSync(b.targetPgDir, 0o700);
    return { startLsn: start.rows[0].lsn, stopLsn: stop.rows[0].lsn, walFiles };
  } finally {
    if (slotMade && !b.slot.keep)
      await client
        .query('select pg_drop_replication_slot($1)', [b.slot.name])
        .catch(() => undefined);
    // Ends the session: a backup still in progress (a failed copy) is aborted with it.
    await client.end().catch(() => undefined);
  }
}

/**
 * Copies the data directory, leaving out what the PostgreSQL documentation says a base backup
 * omits. Files change and vanish while the server runs: a torn page is rewritten by the WAL
 * replay (full-page writes), a vanished file is recreated or dropped by it.
 */
async function copyTree(src: string, dst: string, rel: string): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(src, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const child = path.join(rel, entry.name);
    if (rel === '' && SKIPPED_TOP.has(entry.name)) continue;
    if (skippedAnywhere(entry.name) || child === PG_CONTROL) continue;
    if (entry.isDirectory()) {
      await fs.promises.mkdir(path.join(dst, child), { recursive: true, mode: 0o700 });
      await copyTree(src, dst, child);
    } else if (entry.isSymbolicLink()) {
      // pg_tblspc links: the tablespace itself is not copied, so a cluster with one is refused.
      throw new Error(`数据目录中有表空间或链接 (${child})，在线备份不支持`);
    } else if (entry.isFile()) {
      await copyFileIfThere(path.join(src, child), path.join(dst, child));
    }
  }
}

async function copyFileIfThere(from: string, to: string): Promise<void> {
  faultPoint('db.base-backup.copy');
  diskFault('db.base-backup.copy');
  try {
    await fs.promises.copyFile(from, to);
  } catch (err) {
    // Removed by the server meanwhile (a dropped table, a finished temporary file): not needed.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(from)) return;
    throw err;
  }
}

const WAL_FILE = /^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/;

/**
 * Every WAL segment from the one holding the backup's start (named in backup_label) through the
 * one holding pg_backup_stop's LSN, and the timeline history files. On a primary pg_backup_stop
 * switches to a new segment, so the last one is complete; the slot keeps them all until copied.
 */
async function copyBackupWal(
  client: pg.Client,
  b: BaseBackup,
  labelfile: string,
  stopLsn: string,
): Promise<string[]> {
  const startFile = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
  if (!startFile) throw new Error('backup_label 中没有起始 WAL 文件');
  const { rows } = await client.query<{ stop: string; seg: string }>(
    `select pg_walfile_name($1::pg_lsn) as stop,
            pg_size_bytes(current_setting('wal_segment_size'))::text as seg`,
    [stopLsn],
  );
  const perId = 0x100000000 / Number(rows[0].seg);
  const segNo = (name: string) => {
    const m = WAL_FILE.exec(name)!;
    return parseInt(m[2], 16) * perId + parseInt(m[3], 16);
  };
  const timeline = startFile.slice(0, 8);
  const names: string[] = [];
  for (let n = segNo(startFile); n <= segNo(rows[0].stop); n++) {
    const hex = (v: number) => v.toString(16).toUpperCase().padStart(8, '0');
    names.push(`${timeline}${hex(Math.floor(n / perId))}${hex(n % perId)}`);
  }
  const walDir = path.join(b.sourcePgDir, 'pg_wal');
  const history = fs.readdirSync(walDir).filter((f) => f.endsWith('.history'));
  for (const name of [...history, ...names]) {
    diskFault('db.base-backup.copy');
    await fs.promises.copyFile(path.join(walDir, name), path.join(b.targetPgDir, 'pg_wal', name));
  }
  return names;
}

export function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.chownSync(full, uid, gid);
  }
}
