/**
 * Load to saturation (issue 37 item 7): `npm run bench:load -- [--instances N] [options]` starts the
 * production server (or N of them on one port, scripts/cluster.ts), then sends the soak's realistic
 * mix (scripts/soak.ts: visitors on the home and company pages, members searching, unlocking and
 * working leads) at a fixed rate, step after step, each faster than the one before, until a kind's
 * p95 leaves its budget or more than 1 % of requests fail. The knee is the last rate within every
 * budget.
 *
 *   --instances N      app processes on the port (default 1)
 *   --replica          a streaming read replica for search and public pages (ADR 0211)
 *   --start R          first rate, requests/s (default 5)
 *   --step R           added each step (default 5)
 *   --max R            last rate tried (default 200)
 *   --seconds S        length of a step (default 20)
 *   --data-dir DIR     the server's data directory (default data/soak, seeded once)
 *   --enterprises N    demo companies for an empty data directory (default 20000)
 *   --out FILE         also write the markdown report there
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMix, type Kind } from '../soak';
import { gitCommit, markdownTable, utcStamp } from './pages/report';
import { startBenchServer } from './pages/server';
import { arg, percentileOf } from './timing';

/**
 * p95 budgets per kind (ms): public pages 100 ms (ARCHITECTURE budgets, server response);
 * API calls of a signed-in member 200 ms (first interaction under 200 ms).
 */
const BUDGET_MS: Record<Exclude<Kind, 'export_job'>, number> = {
  visitor_home: 100,
  visitor_company: 100,
  member_search: 200,
  member_unlock: 200,
  lead_create: 200,
  lead_list: 200,
  lead_follow_up: 200,
};
const MAX_ERROR_SHARE = 0.01;

type Step = {
  rate: number;
  sent: number;
  achieved: number;
  errors: number;
  p95: Partial<Record<Kind, number>>;
  over: string[];
};

async function main() {
  const instances = Number(arg('--instances', '1'));
  const start = Number(arg('--start', '5'));
  const step = Number(arg('--step', '5'));
  const max = Number(arg('--max', '200'));
  const seconds = Number(arg('--seconds', '20'));
  const out = arg('--out', '');
  const withReplica = process.argv.includes('--replica');
  for (const [name, v] of Object.entries({ instances, start, step, max, seconds }))
    if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} 需要一个正数`);
  const loadBefore = os.loadavg();
  const startedAt = new Date();
  const server = await startBenchServer({
    dataDir: arg('--data-dir', 'data/soak'),
    enterprises: Number(arg('--enterprises', '20000')),
    build: true,
    startTimeoutMs: 20 * 60_000,
    instances,
    readReplica: withReplica,
  });
  const steps: Step[] = [];
  try {
    await allInstancesUp(server.origin, instances);
    if (withReplica) await replicaInUse(server.origin);
    const mix = await createMix(server);
    // Warm-up, not measured: every kind a few times, then half a minute at a gentle rate (each
    // instance loads its routes and fills its caches).
    for (let i = 0; i < 3; i++)
      for (const kind of new Set(mix.weighted)) await mix.run(kind, 60_000);
    await runStep(mix, Math.min(start, 10), 30);
    for (let rate = start; rate <= max; rate += step) {
      const result = await runStep(mix, rate, seconds);
      steps.push(result);
      console.error(
        `bench:load ${instances} instance(s)${withReplica ? ' + replica' : ''}: ${rate}/s → ${result.achieved.toFixed(1)}/s, ${result.errors} errors${result.over.length ? `, over budget: ${result.over.join(', ')}` : ''}`,
      );
      if (result.over.length || result.errors > result.sent * MAX_ERROR_SHARE) break;
    }
  } finally {
    await server.stop();
  }
  const setup = `${instances} instance(s)${withReplica ? ' and a read replica' : ''}`;
  const markdown = report(steps, setup, seconds, loadBefore, startedAt);
  console.log(markdown);
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.appendFileSync(out, `\n${markdown}\n`);
  }
}

/** Until every worker of the cluster has answered (the port opens with the first one). */
async function allInstancesUp(origin: string, instances: number): Promise<void> {
  if (instances <= 1) return;
  const seen = new Set<string>();
  const deadline = Date.now() + 5 * 60_000;
  while (seen.size < instances) {
    if (Date.now() > deadline)
      throw new Error(`only ${seen.size} of ${instances} instances answered`);
    const res = await fetch(`${origin}/api/health`, { headers: { connection: 'close' } }).catch(
      () => null,
    );
    const name = res?.ok
      ? ((await res.json()) as { data: { instance?: string } }).data.instance
      : undefined;
    if (name) seen.add(name);
    else await new Promise((r) => setTimeout(r, 500));
  }
}

/** Until the server reads from the replica (it probes it every second once it exists). */
async function replicaInUse(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${origin}/api/health`).catch(() => null);
    const body = res?.ok
      ? ((await res.json()) as { data: { replica?: { inUse: boolean } } })
      : null;
    if (body?.data.replica?.inUse) return;
    if (Date.now() > deadline) throw new Error('the read replica was not in use within 60 s');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Sends the mix at `rate` for `seconds` (open loop: a slow answer does not slow the sender). */
async function runStep(
  mix: Awaited<ReturnType<typeof createMix>>,
  rate: number,
  seconds: number,
): Promise<Step> {
  const times = new Map<Kind, number[]>();
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let next = t0;
  while (performance.now() < end) {
    const kind = mix.weighted[Math.floor(Math.random() * mix.weighted.length)];
    const began = performance.now();
    const p = mix.run(kind, 30_000).then((r) => {
      if (!r) return;
      if (r.outcome === 'error') errors += 1;
      const list = times.get(kind) ?? [];
      list.push(performance.now() - began);
      times.set(kind, list);
    });
    sent += 1;
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    next += 1000 / rate;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all([...inFlight]);
  const elapsed = (performance.now() - t0) / 1000;
  const p95: Partial<Record<Kind, number>> = {};
  const over: string[] = [];
  for (const [kind, list] of times) {
    p95[kind] = percentileOf(list, 95);
    const budget = BUDGET_MS[kind as keyof typeof BUDGET_MS];
    if (budget && p95[kind]! > budget) over.push(`${kind} ${p95[kind]!.toFixed(0)} ms`);
  }
  return { rate, sent, achieved: sent / elapsed, errors, p95, over };
}

function report(
  steps: Step[],
  setup: string,
  seconds: number,
  loadBefore: number[],
  startedAt: Date,
): string {
  const kinds = Object.keys(BUDGET_MS) as Kind[];
  const within = steps.filter((s) => !s.over.length && s.errors <= s.sent * MAX_ERROR_SHARE);
  const knee = within.at(-1);
  const f = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  return [
    `## Load to saturation ${utcStamp(startedAt)} (${gitCommit()}), ${setup}`,
    '',
    `The soak's mix, ${seconds} s per step; budgets p95 ${kinds.map((k) => `${k} ${BUDGET_MS[k as keyof typeof BUDGET_MS]} ms`).join(', ')}; ` +
      `${os.cpus().length} CPU cores; load average before ${f(loadBefore)}, after ${f(os.loadavg())}.`,
    '',
    `**Knee: ${knee ? `${knee.rate} requests/s` : 'below the first step'}**${steps.length && !steps.at(-1)!.over.length && within.length === steps.length ? ' (the last step tried; the machine may hold more)' : ''}.`,
    '',
    markdownTable(
      [
        { title: 'rate/s', right: true },
        { title: 'achieved/s', right: true },
        { title: 'errors', right: true },
        ...kinds.map((k) => ({ title: `${k} p95`, right: true })),
      ],
      steps.map((s) => [
        String(s.rate),
        s.achieved.toFixed(1),
        String(s.errors),
        ...kinds.map((k) => (s.p95[k] === undefined ? '—' : s.p95[k]!.toFixed(0))),
      ]),
    ),
  ].join('\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
