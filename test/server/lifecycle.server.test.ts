import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The custom server as a user meets it: starts on an empty data directory, refuses a second start
 * clearly, survives the database dying, shuts down gracefully and keeps its data across restarts.
 * Runs the dev server (no build needed); NEXT_DIST_DIR keeps it away from other builds.
 */
const root = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-lifecycle-'));
const port = 3900 + Math.floor(Math.random() * 90);
const pgPort = 57000 + Math.floor(Math.random() * 900);

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Run {
  let out = '';
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        SEED_ENTERPRISES: '300',
        NEXT_DIST_DIR: '.next-lifecycle-test',
        NEXT_TELEMETRY_DISABLED: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor<T>(
  fn: () => Promise<T | null>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v !== null) return v;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what} ${lastError}`);
}

async function health(p = port): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${p}/api/health`);
  return res.status;
}

async function enterpriseCount(): Promise<number> {
  const client = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/leadradar`,
  });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('select count(*) as n from enterprises');
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

function postmasterPid(): number | null {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : null;
}

// Each step starts or stops a whole server (the first one seeds a database).
jest.setTimeout(180_000);

let first: Run | null = null;

afterAll(async () => {
  if (first && first.child.exitCode === null) {
    first.child.kill('SIGTERM');
    await first.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server lifecycle', () => {
  it('starts on an empty data directory with the database and demo data', async () => {
    first = startServer({});
    const status = await waitFor(
      async () => ((await health()) === 200 ? 200 : null),
      120_000,
      'health 200',
    );
    expect(status).toBe(200);
    expect(await enterpriseCount()).toBe(300);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a second start on the same port with a clear message', async () => {
    const second = startServer({});
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`端口 ${port} 已被占用`);
  });

  it('refuses a second start on the same data directory without touching it', async () => {
    const second = startServer({ PORT: String(port + 100), EMBEDDED_PG_PORT: String(pgPort + 1) });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/数据目录 .* 正被另一个正在运行的实例使用/);
    expect(await health()).toBe(200);
  });

  it('answers 503 while the database is down and recovers by itself', async () => {
    const pid = postmasterPid();
    expect(pid).toBeTruthy();
    process.kill(pid!, 'SIGKILL');
    await waitFor(async () => ((await health()) === 503 ? 503 : null), 20_000, 'health 503');
    await waitFor(
      async () => ((await health()) === 200 ? 200 : null),
      60_000,
      'health back to 200',
    );
  });

  it('shuts down gracefully on SIGTERM (exit 0, database stopped) and keeps data after a restart', async () => {
    first!.child.kill('SIGTERM');
    expect(await first!.exited).toBe(0);
    expect(first!.output()).toContain('已停止');
    expect(postmasterPid()).toBeNull();

    first = startServer({});
    await waitFor(
      async () => ((await health()) === 200 ? 200 : null),
      120_000,
      'health after restart',
    );
    expect(await enterpriseCount()).toBe(300);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
