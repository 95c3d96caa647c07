import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { e2eEnv } from './support/env';

/**
 * `npm run start:cluster` (scripts/cluster.ts, ADR 0210) as an operator meets it: on a fresh data
 * folder it starts the embedded database once and two servers on one port; both answer; a server
 * killed with SIGKILL is replaced while the other keeps answering; SIGTERM stops everything,
 * the database too.
 */
const port = e2eEnv().port + 30;
const pgPort = Number(new URL(e2eEnv().databaseUrl).port) + 30;
const origin = `http://127.0.0.1:${port}`;

/** The instance that answered, over a new connection each time (the primary deals them out). */
async function whoAnswers(): Promise<string | null> {
  const res = await fetch(`${origin}/api/health`, {
    headers: { connection: 'close' },
    signal: AbortSignal.timeout(5_000),
  }).catch(() => null);
  if (!res?.ok) return null;
  return ((await res.json()) as { data: { instance?: string } }).data.instance ?? null;
}

async function namesSeen(tries: number): Promise<Set<string>> {
  const names = new Set<string>();
  for (let i = 0; i < tries; i++) {
    const name = await whoAnswers();
    if (name) names.add(name);
  }
  return names;
}

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(p, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** The workers: the primary's child processes. */
function workerPids(primary: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return (
          fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] ===
          String(primary)
        );
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.ts'));
}

test('two servers on one port: both answer, a killed one is replaced, SIGTERM stops all', async () => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-cluster-'));
  let out = '';
  const primary = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/cluster.ts', '--instances', '2'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        EMBEDDED_PG_PORT: String(pgPort),
        DEMO_MODE: '1',
        SEED_ENTERPRISES: '200',
        METRICS_PORT: '0',
        DEMO_PARTNER_PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  primary.stdout?.on('data', (d) => (out += d));
  primary.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => primary.on('exit', resolve));
  try {
    await expect
      .poll(async () => (await namesSeen(4)).size, { timeout: 240_000, intervals: [2_000] })
      .toBe(2);
    expect([...(await namesSeen(10))].sort()).toEqual(['instance-1', 'instance-2']);
    // One seed: the second instance waited for the first's and found the companies there.
    expect(out).not.toContain('演示数据写入失败');

    const [victim] = workerPids(primary.pid!);
    process.kill(victim, 'SIGKILL');
    // The other keeps answering while the first comes back (once the primary has seen it go).
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < 5; i++) expect(await whoAnswers()).not.toBeNull();
    await expect
      .poll(async () => workerPids(primary.pid!).filter((p) => p !== victim).length, {
        timeout: 120_000,
      })
      .toBe(2);
    await expect.poll(async () => (await namesSeen(6)).size, { timeout: 120_000 }).toBe(2);

    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(await portOpen(pgPort)).toBe(false);
  } catch (err) {
    console.log(`--- cluster output ---\n${out.slice(-4000)}`);
    throw err;
  } finally {
    if (primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
