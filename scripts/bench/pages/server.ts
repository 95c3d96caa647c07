/**
 * Starts the production server for a page benchmark the way `npm start` does (server.ts under tsx,
 * NODE_ENV=production), on free loopback ports with its own data directory and TRUST_PROXY=1, and
 * stops it again. Shared by scripts/bench/pages.ts and scripts/bench/lighthouse.ts.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { EmbeddedPostgresServer } from '../../../lib/server/platform/db/embedded-server';
import {
  createStreamingReplica,
  replicaSlotName,
} from '../../../lib/server/platform/db/replica-setup';

export type BenchServerOptions = {
  /** Data directory of the embedded PostgreSQL (kept between runs so the seed is done once). */
  dataDir: string;
  /** Demo companies seeded into an empty data directory. */
  enterprises: number;
  /** Run `node scripts/build-if-needed.mjs` first (the production build of this checkout). */
  build: boolean;
  /** How long to wait for /api/health (the first start seeds the demo data). */
  startTimeoutMs: number;
  /** The dev server instead of the production build (the soak's CI run, which has no build). */
  dev?: boolean;
  /** The dev server's build folder (one per test file: Jest runs them side by side). */
  devDistDir?: string;
  /** Several servers on the port through scripts/cluster.ts (ADR 0210); default one server.ts. */
  instances?: number;
  /**
   * A streaming replica of the bench database made after the server is up, and the server reading
   * search and public pages from it (DATABASE_READ_URL, ADR 0211). Made again on every start.
   */
  readReplica?: boolean;
};

export type BenchServer = {
  /** http://127.0.0.1:PORT, no trailing slash. */
  origin: string;
  /** Wall time from spawn until /api/health answered 200. */
  startMs: number;
  /** The embedded database of the bench's data directory. */
  databaseUrl: string;
  logFile: string;
  /** The server's process group (tsx and server.ts); PostgreSQL runs in a group of its own. */
  pid: number;
  dataDir: string;
  stop: () => Promise<void>;
};

/** A TCP port nobody listens on at the moment (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * The embedded PostgreSQL of this benchmark's own data directory when it runs without its server
 * (parent PID 1: left behind by a server that exited before stopping it), or null. Never one
 * whose parent is alive: that is a running instance of the app.
 */
function orphanedPostgres(dataDir: string): number | null {
  const pgDir = path.join(dataDir, 'pg');
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  if (!Number.isInteger(pid) || pid <= 1) return null;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const ppid = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1];
    return ppid === '1' && cmdline.includes(pgDir) ? pid : null;
  } catch {
    return null; // not running
  }
}

/** Stops an orphaned PostgreSQL of this data directory (fast shutdown, then kill). */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pid = orphanedPostgres(dataDir);
  if (!pid) return;
  console.error(`[bench] stopping PostgreSQL ${pid} left running in ${dataDir}`);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
  for (let i = 0; i < 100 && alive(); i++) await sleep(100);
  if (alive()) process.kill(pid, 'SIGKILL');
}

/** A fresh streaming replica of the bench server's database, after any left by an earlier run. */
async function makeReplica(
  pgPort: number,
  dataDir: string,
  replicaDir: string,
  replicaPort: number,
): Promise<EmbeddedPostgresServer> {
  const primaryUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    // Slots of earlier runs would keep WAL for replicas that no longer exist.
    await client.query(
      `select pg_drop_replication_slot(slot_name) from pg_replication_slots
        where slot_name like 'leadradar_replica_%' and not active`,
    );
  } finally {
    await client.end();
  }
  fs.rmSync(replicaDir, { recursive: true, force: true });
  fs.mkdirSync(replicaDir, { recursive: true, mode: 0o755 });
  const replica = await createStreamingReplica({
    primaryUrl,
    primaryPgDir: path.join(dataDir, 'pg'),
    replicaDataDir: replicaDir,
    replicaPort,
    log: (line) => console.error(`[bench] ${line}`),
  });
  await replica.start();
  console.error(`[bench] read replica ${replicaSlotName(replicaPort)} on port ${replicaPort}`);
  return replica;
}

/** Starts server.ts in production mode; rejects (after stopping it) when it does not come up. */
export async function startBenchServer(opts: BenchServerOptions): Promise<BenchServer> {
  if (opts.build && !opts.dev) execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  if (!opts.dev && !fs.existsSync(path.join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID')))
    throw new Error('没有生产构建（.next/BUILD_ID）：去掉 --no-build 或先运行 next build');

  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  await stopOrphanedPostgres(dataDir);
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  let replicaPort = await freePort();
  while (replicaPort === port || replicaPort === pgPort) replicaPort = await freePort();
  const replicaDir = `${dataDir}-replica`;
  const replicaUrl = `postgres://postgres:postgres@127.0.0.1:${replicaPort}/leadradar`;
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  fs.writeSync(log, `\n=== bench server ${new Date().toISOString()} port ${port} pg ${pgPort}\n`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: opts.dev ? 'development' : 'production',
    ...(opts.dev ? { NEXT_DIST_DIR: opts.devDistDir ?? '.next-bench-dev' } : {}),
    NEXT_TELEMETRY_DISABLED: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEMO_MODE: '1',
    SEED_ENTERPRISES: String(opts.enterprises),
    TRUST_PROXY: '1',
    // Unreachable until the replica is made below: reads stay on the primary until then.
    ...(opts.readReplica ? { DATABASE_READ_URL: replicaUrl } : {}),
  };
  // Always the embedded database of this data directory, never a configured one.
  delete env.DATABASE_URL;
  delete env.API_BASE_URL;

  const started = Date.now();
  // detached: its own process group, so a forced stop also ends PostgreSQL and tsx's child.
  const entry =
    (opts.instances ?? 1) > 1
      ? ['scripts/cluster.ts', '--instances', String(opts.instances)]
      : ['server.ts'];
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), ...entry], {
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);

  let replica: EmbeddedPostgresServer | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (replica) await replica.stop().catch(() => undefined);
    if (child.exitCode === null && child.signalCode === null) {
      // To tsx and to the server process it runs (tsx would pass it on, but does not always wait
      // for it): server.ts shuts down once and stops PostgreSQL.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      if (!(await waitForExit(child, 30_000))) {
        console.error('[bench] server did not stop within 30 s: killing its process group');
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        await waitForExit(child, 5_000);
      }
    }
    // PostgreSQL runs in a process group of its own: make sure it did not outlive the server.
    await sleep(500);
    await stopOrphanedPostgres(dataDir);
  };

  try {
    const deadline = started + opts.startTimeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it answered`);
      if (Date.now() > deadline)
        throw new Error(`server did not answer /api/health within ${opts.startTimeoutMs} ms`);
      const ok = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      await sleep(500);
    }
  } catch (err) {
    await stop();
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(err as Error).message}\n--- ${logFile} (last lines) ---\n${tail}`);
  }
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/leadradar`;
  if (opts.readReplica) {
    try {
      replica = await makeReplica(pgPort, dataDir, replicaDir, replicaPort);
    } catch (err) {
      await stop();
      throw err;
    }
  }
  return {
    origin,
    startMs: Date.now() - started,
    databaseUrl,
    logFile,
    pid: child.pid!,
    dataDir,
    stop,
  };
}

/**
 * Runs `body` against a started server and stops the server afterwards, also on failure and on
 * Ctrl-C / SIGTERM to the benchmark itself.
 */
export async function withBenchServer<T>(
  opts: BenchServerOptions,
  body: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await startBenchServer(opts);
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`[bench] ${signal}: stopping the server…`);
    void server.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await body(server);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await server.stop();
  }
}
