import { spawn, type ChildProcess } from 'node:child_process';
import { e2eEnv } from './env';

/**
 * A second app process beside the e2e server (issue 37 item 5): the same build, the same database
 * (the first server's embedded PostgreSQL, as an external DATABASE_URL) and the same data folder
 * (files and the session secret), on its own port. Nothing is shared in memory.
 */
export type Instance = { origin: string; child: ChildProcess; output: () => string };

export async function startSecondInstance(port = e2eEnv().port + 20): Promise<Instance> {
  const env = e2eEnv();
  let out = '';
  // One process, not tsx's CLI (which runs the server as its child, so a SIGKILL of the CLI would
  // leave the server running).
  const name = `e2e-second-${process.pid}-${Date.now()}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      ...env.serverEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: env.databaseUrl,
      SITE_URL: `http://localhost:${port}`,
      INSTANCE_NAME: name,
      DEMO_PARTNER_PORT: '0',
      METRICS_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`second instance exited:\n${out}`);
    // Ours, not a process some earlier run left on the port.
    const ok = await fetch(`${origin}/api/health`)
      .then(async (r) => ((await r.json()) as { data?: { instance?: string } }).data?.instance)
      .then((instance) => instance === name)
      .catch(() => false);
    if (ok) return { origin, child, output: () => out };
    if (Date.now() > deadline) throw new Error(`second instance did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM') {
  const gone = (c: Instance['child']) => c.exitCode !== null || c.signalCode !== null;
  if (gone(instance.child)) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill(signal);
  await exited;
}
