/**
 * Soak (issue 36 item 4, ADR 0209): a realistic mix at a fixed rate against a server started the
 * way `npm start` does, for N minutes; reports errors, p95 per kind per minute, and the memory of
 * the app and of PostgreSQL over time.
 *
 *   npm run soak -- --minutes N [--rate R] [--out FILE] [--data-dir DIR] [--dev] [--help]
 *
 * The mix: visitors on public pages (home, company pages), members searching, unlocking companies,
 * working leads (new lead, list, follow-up) and a lead export job every minute. Requests are sent
 * on a fixed schedule (open loop: a slow answer does not slow the sender), every one with its own
 * X-Forwarded-For (TRUST_PROXY=1), so per-IP limits are not what is measured. Memory is PSS (shared
 * pages split between the processes sharing them, so PostgreSQL's shared buffers count once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile, pickCompanies, randomClientIp, get } from './bench/pages/http';
import { gitCommit, markdownTable, utcStamp } from './bench/pages/report';
import { passedCaptcha } from './bench/pages/sign-in';
import { startBenchServer, type BenchServer } from './bench/pages/server';

const HELP = `npm run soak -- [options]
  --minutes N       how long the mix runs (default 30)
  --rate R          requests per second, spread over the mix (default 4)
  --out FILE        write the markdown report there (default: print it)
  --data-dir DIR    data directory of the soak server (default data/soak; seeded once)
  --enterprises N   demo companies seeded into an empty data directory (default 20000)
  --dev             the dev server (no production build needed; p95 then means little)
  --commit TEXT     names the code measured (default: git HEAD)`;

export type SoakOptions = {
  minutes: number;
  rate: number;
  dataDir: string;
  enterprises: number;
  dev: boolean;
  /** With `dev`: the dev server's build folder. */
  devDistDir?: string;
  /** Names the code measured (default: git HEAD of the working directory). */
  commit?: string;
  /** Lines of progress (default: stderr). */
  log?: (line: string) => void;
};

type Sample = {
  kind: string;
  minute: number;
  ms: number;
  outcome: 'ok' | 'refused' | 'error';
  /** A refusal's message (quota, limit). */
  note?: string;
};
type Memory = { minute: number; appMb: number; pgMb: number };

export type SoakResult = {
  samples: Sample[];
  memory: Memory[];
  errors: string[];
  /** (last minute − the minute after the warm-up) / that minute, in %, of the app and of PostgreSQL. */
  growth: { app: number; pg: number };
  loadBefore: number[];
  loadAfter: number[];
  startedAt: Date;
  options: SoakOptions;
  markdown: string;
};

const KINDS = {
  visitor_home: 1,
  visitor_company: 3,
  member_search: 2,
  member_unlock: 1,
  lead_create: 1,
  lead_list: 1,
  lead_follow_up: 1,
} as const;
export type Kind = keyof typeof KINDS | 'export_job';

const KEYWORDS = ['科技', '贸易', '制造', '信息', '建设', '医疗', '电子', '物流', '食品', '新能源'];

/** PSS in MB of the processes whose pid or parent or group is in `roots` (from /proc). */
function pssMb(match: (pid: number, ppid: number, pgid: number) => boolean): number {
  let kb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (!match(Number(entry), Number(stat[1]), Number(stat[2]))) continue;
      const rollup = fs.readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

function postmasterPid(dataDir: string): number {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
}

/** Signs a demo account in on the API root (password login with a passed captcha): its headers. */
export async function signIn(origin: string, databaseUrl: string, username: string) {
  const res = await fetch(`${origin}/admin-api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientIp() },
    body: JSON.stringify({
      username,
      password: 'Demo@2026',
      rememberMe: true,
      captchaVerification: await passedCaptcha(databaseUrl),
    }),
  });
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data: { accessToken: string; tenantId: number };
  };
  if (body.code !== 200) throw new Error(`login ${username}: ${body.code} ${body.msg}`);
  return {
    authorization: `Bearer ${body.data.accessToken}`,
    'tenant-id': String(body.data.tenantId),
  };
}

export type ApiAnswer = { status: number; code: number; msg: string; data: unknown };

/** One call of the API root as `headers` (a member's), from a random client address. */
export async function callApiRoot(
  origin: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  apiPath: string,
  body: unknown,
  timeoutMs: number,
): Promise<ApiAnswer> {
  const res = await fetch(`${origin}/admin-api${apiPath}`, {
    method,
    headers: {
      ...headers,
      'x-forwarded-for': randomClientIp(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await res.json().catch(() => ({ code: -1, msg: 'not JSON', data: null }))) as {
    code: number;
    msg: string;
    data: unknown;
  };
  return { status: res.status, ...json };
}

/** Runs the soak against a server it starts (and stops) itself. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const loadBefore = os.loadavg();
  const server = await startBenchServer({
    dataDir: options.dataDir,
    enterprises: options.enterprises,
    build: false,
    startTimeoutMs: 20 * 60_000,
    dev: options.dev,
    devDistDir: options.devDistDir,
  });
  try {
    log(`soak: server up in ${(server.startMs / 1000).toFixed(1)} s at ${server.origin}`);
    return await soak(server, options, loadBefore, log);
  } finally {
    await server.stop();
  }
}

/** What one request of the mix came to: a business refusal (quota, limit) is not an error. */
export type MixOutcome = { outcome: Sample['outcome']; note?: string; error?: string };

/** The soak's requests, ready to send against a started server (also used by bench:load). */
export type Mix = {
  /** One request of `kind`; null when it cannot be made yet (a follow-up before any lead). */
  run: (kind: Kind, timeoutMs: number) => Promise<MixOutcome | null>;
  /** The kinds by weight, to draw from. */
  weighted: readonly Kind[];
};

export async function createMix(server: BenchServer): Promise<Mix> {
  const { origin } = server;
  const companies = (await pickCompanies(origin, 50, true)).paths;
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const entIds = (
    await db.query<{ id: number }>('select id from enterprises order by random() limit 300')
  ).rows.map((r) => Number(r.id));
  await db.end();
  const admin = await signIn(origin, server.databaseUrl, 'enterprise_admin');
  const staff = await signIn(origin, server.databaseUrl, 'enterprise_staff');
  const members = [admin, staff];
  const leads: number[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  const tag = `耐久${Date.now() % 100_000}`;

  async function run(kind: Kind, timeoutMs: number): Promise<MixOutcome | null> {
    const api = (
      headers: Record<string, string>,
      method: 'GET' | 'POST',
      apiPath: string,
      body?: unknown,
    ) => callApiRoot(origin, headers, method, apiPath, body, timeoutMs);
    try {
      const member = pick(members);
      let answer: { status: number; code?: number; msg?: string } = { status: 200, code: 200 };
      if (kind === 'visitor_home') answer = await get(origin, '/', { gzip: true, timeoutMs });
      else if (kind === 'visitor_company')
        answer = await get(origin, pick(companies), { gzip: true, timeoutMs });
      else if (kind === 'member_search')
        answer = await api(member, 'POST', '/sztk/data/openapi?urlPath=/enterprise/search', {
          keyword: pick(KEYWORDS),
          pageNo: 1 + Math.floor(Math.random() * 3),
          pageSize: 20,
        });
      else if (kind === 'member_unlock')
        answer = await api(member, 'POST', '/szjk/enterprise/unlock-enterprise', {
          entId: pick(entIds),
        });
      else if (kind === 'lead_create') {
        const r = await api(member, 'POST', '/szjk/clue/create', {
          name: `${tag}线索${Math.floor(Math.random() * 1e9)}`,
          contactMobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        });
        if (r.code === 200 && typeof r.data === 'number') leads.push(r.data);
        answer = r;
      } else if (kind === 'lead_list')
        answer = await api(member, 'POST', '/szjk/clue/page', {
          pageNo: 1,
          pageSize: 20,
          keyword: Math.random() < 0.5 ? tag : undefined,
        });
      else if (kind === 'lead_follow_up') {
        if (!leads.length) return null;
        answer = await api(admin, 'POST', '/szjk/clue/follow-up/create', {
          clueId: pick(leads),
          channel: '电话',
          content: '电话沟通，客户有意向，约下周拜访',
        });
      } else if (kind === 'export_job') {
        const r = await api(admin, 'POST', '/szjk/clue/export', { keyword: tag });
        if (r.code === 200) {
          const id = (r.data as { id: number }).id;
          for (;;) {
            const job = await api(admin, 'GET', `/szjk/job/get?id=${id}`);
            const status = (job.data as { status?: string } | null)?.status;
            if (status === 'succeeded') break;
            if (job.code !== 200 || status === 'failed' || status === 'cancelled') {
              answer = { status: job.status, code: 500, msg: `export job ${status}: ${job.msg}` };
              break;
            }
            await new Promise((r) => setTimeout(r, 500));
          }
        } else answer = r;
      }
      const code = answer.code ?? 200;
      if (answer.status >= 500 || code === 500 || code === 503 || code === -1)
        return {
          outcome: 'error',
          error: `${kind}: HTTP ${answer.status} ${code} ${answer.msg ?? ''}`.trim(),
        };
      if (answer.status >= 400 || code !== 200)
        return { outcome: 'refused', note: `${code} ${answer.msg ?? ''}`.trim() };
      return { outcome: 'ok' };
    } catch (err) {
      return { outcome: 'error', error: `${kind}: ${(err as Error).message}` };
    }
  }

  const weighted = Object.entries(KINDS).flatMap(([k, w]) => Array<Kind>(w).fill(k as Kind));
  return { run, weighted };
}

async function soak(
  server: BenchServer,
  options: SoakOptions,
  loadBefore: number[],
  log: (line: string) => void,
): Promise<SoakResult> {
  const mix = await createMix(server);
  const samples: Sample[] = [];
  const memory: Memory[] = [];
  const errors: string[] = [];
  let startedAt = new Date();
  let t0 = performance.now();
  /** Per request; the warm-up (first compile of a dev server's routes) may take longer. */
  let timeoutMs = 120_000;
  const minuteNow = () => Math.floor((performance.now() - t0) / 60_000);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

  async function one(kind: Kind): Promise<void> {
    const minute = minuteNow();
    const started = performance.now();
    const result = await mix.run(kind, timeoutMs);
    if (!result) return;
    if (result.error) errors.push(result.error);
    samples.push({
      kind,
      minute,
      ms: performance.now() - started,
      outcome: result.outcome,
      note: result.note,
    });
  }

  // Warm-up, not measured: each kind once (a dev server compiles its routes on first use).
  for (const kind of [...Object.keys(KINDS), 'export_job'] as Kind[]) await one(kind);
  log(`soak: warmed up (${errors.length} errors)`);
  samples.length = 0;
  errors.length = 0;
  startedAt = new Date();
  t0 = performance.now();
  timeoutMs = 30_000;

  const pgPid = postmasterPid(server.dataDir);
  const sampleMemory = () =>
    memory.push({
      minute: (performance.now() - t0) / 60_000,
      appMb: pssMb((_pid, _ppid, pgid) => pgid === server.pid),
      pgMb: pssMb((pid, ppid) => pid === pgPid || ppid === pgPid),
    });
  sampleMemory();

  const weighted = mix.weighted;
  const inFlight = new Set<Promise<void>>();
  const endAt = t0 + options.minutes * 60_000;
  const interval = 1000 / options.rate;
  let next = t0;
  let lastMemory = t0;
  let lastExport = t0 - 60_000;
  let lastLog = t0;
  while (performance.now() < endAt) {
    const now = performance.now();
    if (now - lastExport >= 60_000) {
      lastExport = now;
      const p = one('export_job');
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    if (now - lastMemory >= 15_000) {
      lastMemory = now;
      sampleMemory();
    }
    if (now - lastLog >= 60_000) {
      lastLog = now;
      const done = samples.length;
      log(
        `soak: minute ${minuteNow()}, ${done} requests, ${errors.length} errors, ${inFlight.size} in flight`,
      );
    }
    const p = one(pick(weighted));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all([...inFlight]);
  sampleMemory();
  const loadAfter = os.loadavg();

  const growthOf = (key: 'appMb' | 'pgMb') => {
    const total = options.minutes;
    // From the end of the warm-up (the first sixth of the run, at least a minute: caches, pools
    // and the job runner's connections fill up) to the last minute.
    const w = Math.max(1, Math.floor(total / 6));
    const from = memory.filter((m) => m.minute >= w && m.minute < w + 1);
    const to = memory.filter((m) => m.minute >= total - 1);
    const mean = (ms: Memory[]) => ms.reduce((s, m) => s + m[key], 0) / ms.length;
    if (!from.length || !to.length) return Number.NaN;
    return ((mean(to) - mean(from)) / mean(from)) * 100;
  };
  const result: Omit<SoakResult, 'markdown'> = {
    samples,
    memory,
    errors,
    growth: { app: growthOf('appMb'), pg: growthOf('pgMb') },
    loadBefore,
    loadAfter,
    startedAt,
    options,
  };
  return { ...result, markdown: soakMarkdown(result) };
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const ms = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : '—');

export function soakMarkdown(r: Omit<SoakResult, 'markdown'>): string {
  const kinds = [...new Set(r.samples.map((s) => s.kind))].sort();
  const minutes = Math.max(0, ...r.samples.map((s) => s.minute)) + 1;
  const sorted = (list: Sample[]) => list.map((s) => s.ms).sort((a, b) => a - b);
  const totals = kinds.map((k) => {
    const of = r.samples.filter((s) => s.kind === k);
    const t = sorted(of);
    return [
      k,
      String(of.length),
      String(of.filter((s) => s.outcome === 'error').length),
      String(of.filter((s) => s.outcome === 'refused').length),
      ms(percentile(t, 50)),
      ms(percentile(t, 95)),
      ms(t.at(-1) ?? Number.NaN),
    ];
  });
  const perMinute = Array.from({ length: minutes }, (_, m) => [
    String(m + 1),
    ...kinds.map((k) =>
      ms(percentile(sorted(r.samples.filter((s) => s.kind === k && s.minute === m)), 95)),
    ),
    String(r.samples.filter((s) => s.minute === m && s.outcome === 'error').length),
  ]);
  const memoryRows = r.memory
    .filter((_, i) => i % 4 === 0 || i === r.memory.length - 1)
    .map((m) => [f1(m.minute), f1(m.appMb), f1(m.pgMb)]);
  const f = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  const distinctErrors = [...new Set(r.errors)].slice(0, 20);
  const refusals = [
    ...new Set(r.samples.filter((x) => x.note).map((x) => `${x.kind}: ${x.note}`)),
  ].slice(0, 10);
  return [
    `## Soak ${utcStamp(r.startedAt)} (${r.options.commit || gitCommit()})`,
    '',
    `${r.options.minutes} minutes at ${r.options.rate} requests/s plus one lead export job a minute, ` +
      `${r.options.dev ? 'dev server' : 'production build'}, ${r.options.enterprises} demo companies; ` +
      `${os.cpus().length} CPU cores, Node ${process.version}; load average (1/5/15 min) ` +
      `${f(r.loadBefore)} before, ${f(r.loadAfter)} after.`,
    '',
    `**${r.samples.length} requests, ${r.errors.length} errors.** Memory growth from minute ` +
      `${Math.max(1, Math.floor(r.options.minutes / 6)) + 1} (after the warm-up) to the last minute: ` +
      `app ${f1(r.growth.app)} %, PostgreSQL ${f1(r.growth.pg)} %.`,
    '',
    '### Per kind (ms)',
    '',
    markdownTable(
      [
        { title: 'kind' },
        { title: 'requests', right: true },
        { title: 'errors', right: true },
        { title: 'refused', right: true },
        { title: 'p50', right: true },
        { title: 'p95', right: true },
        { title: 'max', right: true },
      ],
      totals,
    ),
    '',
    '### p95 per minute (ms)',
    '',
    markdownTable(
      [
        { title: 'minute', right: true },
        ...kinds.map((k) => ({ title: k, right: true })),
        { title: 'errors', right: true },
      ],
      perMinute,
    ),
    '',
    '### Memory (PSS, MB)',
    '',
    markdownTable(
      [
        { title: 'minute', right: true },
        { title: 'app', right: true },
        { title: 'PostgreSQL', right: true },
      ],
      memoryRows,
    ),
    ...(distinctErrors.length
      ? ['', '### Errors', '', ...distinctErrors.map((e) => `- ${e}`)]
      : []),
    ...(refusals.length
      ? ['', '### Refusals (business answers, not errors)', '', ...refusals.map((e) => `- ${e}`)]
      : []),
    '',
  ].join('\n');
}

function parseArgs(argv: string[]): (SoakOptions & { out: string | null }) | null {
  const o = {
    minutes: 30,
    rate: 4,
    dataDir: 'data/soak',
    enterprises: 20_000,
    dev: false,
    commit: '',
    out: null as string | null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} 需要一个值`);
      return v;
    };
    const positive = (v: string) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} 需要一个正数，而不是 ${v}`);
      return n;
    };
    if (flag === '--help') return null;
    else if (flag === '--minutes') o.minutes = positive(value());
    else if (flag === '--rate') o.rate = positive(value());
    else if (flag === '--out') o.out = value();
    else if (flag === '--data-dir') o.dataDir = value();
    else if (flag === '--enterprises') o.enterprises = positive(value());
    else if (flag === '--dev') o.dev = true;
    else if (flag === '--commit') o.commit = value();
    else throw new Error(`未知参数: ${flag}`);
  }
  return o;
}

if (require.main === module) {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.log(HELP);
  } else {
    runSoak(args)
      .then((r) => {
        if (args.out) {
          fs.mkdirSync(path.dirname(args.out), { recursive: true });
          fs.writeFileSync(args.out, r.markdown);
          console.log(`soak report written to ${args.out}`);
        } else console.log(r.markdown);
        process.exitCode = r.errors.length ? 1 : 0;
      })
      .catch((err: Error) => {
        console.error(err.message);
        process.exitCode = 1;
      });
  }
}
