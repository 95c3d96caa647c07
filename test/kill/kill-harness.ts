import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { seededRandom } from '@/lib/shared/random/seeded-random';

export { until } from '@/test/helpers/until';

/**
 * One harness for every kill -9 test (ADR 0209): run some work in a child process, kill it after
 * a random delay or let it kill itself at a named fault point (FAULT_KILL_AT, see
 * lib/server/platform/faults/fault-points.ts), then recover and check the invariant.
 *
 * KILL_SEED reproduces a run (every plan is printed with it); KILL_RUNS sets the kills per kind
 * (`npm run test:kill` runs 20, CI a small sample).
 */
const root = path.resolve(__dirname, '../..');

export const killSeed: number = process.env.KILL_SEED
  ? Number(process.env.KILL_SEED)
  : Math.floor(Math.random() * 2 ** 31);

export function killRuns(ciSample: number): number {
  return Number(process.env.KILL_RUNS || ciSample);
}

export type KillPlan = {
  kind: string;
  run: number;
  /** Kill this long after the work started… */
  delayMs: number | null;
  /** …or let the child kill itself here (`point#nth`). */
  point: string | null;
};

/**
 * The kills for one kind: every other one at a named point (`name`, or `name#max` for a point
 * passed many times: the nth pass, n chosen up to max), the rest after a random delay up to
 * `maxDelayMs`. Seeded by KILL_SEED and the kind.
 */
export function planKills(
  kind: string,
  runs: number,
  opts: { points: string[]; maxDelayMs: number },
): KillPlan[] {
  let h = killSeed;
  for (const c of kind) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  const random = seededRandom(h);
  const plans: KillPlan[] = [];
  for (let run = 0; run < runs; run++) {
    const [point, max] = opts.points[Math.floor(random() * opts.points.length)]?.split('#') ?? [];
    const nth = 1 + Math.floor(random() * Number(max || 1));
    const delayMs = Math.floor(random() * opts.maxDelayMs);
    plans.push(
      point && run % 2 === 1
        ? { kind, run, delayMs: null, point: `${point}#${nth}` }
        : { kind, run, delayMs, point: null },
    );
  }
  console.log(
    `kill -9 ${kind}: ${runs} kills, KILL_SEED=${killSeed}\n` +
      plans.map((p) => `  #${p.run} ${p.point ?? `after ${p.delayMs} ms`}`).join('\n'),
  );
  return plans;
}

export type Child = {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the exit signal ('SIGKILL' when killed) or code. */
  exited: Promise<string | number | null>;
  /** Resolves once the child printed `ready`. */
  ready: Promise<void>;
};

/** `node --import tsx test/kill/kill-child.ts <scenario> …args` (so kill -9 reaches the worker). */
export function startChild(args: string[], env: Record<string, string | undefined> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/kill/kill-child.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<string | number | null>((resolve) =>
    proc.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child not ready: ${out}`)), 180_000);
    proc.stdout?.on('data', () => {
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      if (!out.includes('ready')) reject(new Error(`child ended (${how}) before ready: ${out}`));
    });
  });
  return { proc, output: () => out, exited, ready };
}

/**
 * Runs `plan` against a child: with a point, waits for the child to kill itself, or for `settled`
 * (the work ended without passing the point that often: then it is killed anyway); with a delay,
 * kills it that long after `started` resolves. Answers whether the kill came before the end.
 */
export async function killChild(
  child: Child,
  plan: KillPlan,
  opts: { started?: Promise<unknown>; settled?: Promise<unknown> } = {},
): Promise<boolean> {
  const alive = () => child.proc.exitCode === null && child.proc.signalCode === null;
  if (plan.delayMs !== null) {
    await (opts.started ?? child.ready);
    await new Promise((r) => setTimeout(r, plan.delayMs!));
    const before = alive() && !(await isSettled(opts.settled));
    if (alive()) child.proc.kill('SIGKILL');
    await child.exited;
    return before;
  }
  const how = await Promise.race([
    child.exited,
    (opts.settled ?? new Promise(() => {})).then(() => 'settled'),
  ]);
  // The end seen first may be the one the point follows at once (job.finished): a moment for it.
  if (how === 'settled') await Promise.race([child.exited, new Promise((r) => setTimeout(r, 500))]);
  const killedItself = child.proc.signalCode === 'SIGKILL';
  if (alive()) child.proc.kill('SIGKILL');
  await child.exited;
  return how === 'SIGKILL' || killedItself;
}

async function isSettled(settled: Promise<unknown> | undefined): Promise<boolean> {
  if (!settled) return false;
  return Promise.race([
    settled.then(() => true),
    new Promise<boolean>((r) => setImmediate(() => r(false))),
  ]);
}

export const faultEnv = (plan: KillPlan) => ({ FAULT_KILL_AT: plan.point ?? '' });
