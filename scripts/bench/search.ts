/**
 * Search benchmark at the API root: a fixed query mix at 1 and 16 concurrent clients, p50/p95/p99
 * and throughput per kind, beside a baseline of plain ILIKE scans over the same data in the same run.
 *
 *   npm run bench:search -- [--dir PATH] [--enterprises N] [--iterations K] [--out FILE]
 *                           [--kinds a,b] [--no-baseline] [--slowest N]
 *
 * --kinds keeps the kinds whose label contains one of the given words (e.g. `--kinds 单字,代码`);
 * --no-baseline skips the ILIKE scans (about 1 s per query at 1M), for quick before/after runs.
 * --slowest N prints the N slowest searches of each kind at one client (what decides its p95),
 * to trace them with search-trace.ts.
 * The table is written to --out only when it is given (docs/benchmarks/search.md is kept by hand,
 * newest section first).
 *
 * Uses the corpus in --dir (default BENCH_DATA_DIR, DATA_DIR or lr-bench-seed in the system temp directory, where
 * `npm run bench:seed` leaves one; seeds N enterprises, default 1,000,000, when it is empty) on
 * EMBEDDED_PG_PORT. Results go to stdout.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { corpusPicks } from './search-picks';

type Args = {
  dir: string;
  enterprises: number;
  iterations: number;
  out: string | null;
  kinds: string[];
  baseline: boolean;
  slowest: number;
};

function parseArgs(argv: string[]): Args {
  const args: Args = {
    dir:
      process.env.BENCH_DATA_DIR || process.env.DATA_DIR || path.join(os.tmpdir(), 'lr-bench-seed'),
    enterprises: 1_000_000,
    iterations: 40,
    out: null,
    kinds: [],
    baseline: true,
    slowest: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    if (argv[i] === '--dir') args.dir = next();
    else if (argv[i] === '--enterprises' || argv[i] === '-n') args.enterprises = Number(next());
    else if (argv[i] === '--iterations') args.iterations = Number(next());
    else if (argv[i] === '--out') args.out = next();
    else if (argv[i] === '--kinds') args.kinds = next().split(',').filter(Boolean);
    else if (argv[i] === '--no-baseline') args.baseline = false;
    else if (argv[i] === '--slowest') args.slowest = Number(next());
    else throw new Error(`未知参数: ${argv[i]}`);
  }
  return args;
}

type Sample = { kind: string; body: Record<string, unknown>; urlPath: string };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const db = await openBenchDatabase({
    dir: args.dir,
    port: 55031,
    enterprises: args.enterprises,
    platform: true,
  });
  const pool = db.pool;
  const { countEnterprises } = await import('../../db/seed');
  const { dispatchApi } = await import('@/lib/server/edge/api/dispatch');
  const { issueTokens } = await import('@/lib/server/identity/auth/token.service');
  const n = await countEnterprises(pool);
  // Plans are chosen from bigram statistics: make sure indexes added by later migrations have them.
  // Only the corpus's own: the CRM and content tables are empty here and never get statistics,
  // and analysing enterprises on every run re-drew its sample, and with it some plans, per run.
  const missing = await pool.query(
    `select 1 from pg_indexes i where i.indexname like '%grams_idx'
       and i.tablename in ('enterprises', 'enterprise_shareholders', 'enterprise_search_texts')
       and not exists (select 1 from pg_stats s where s.tablename = i.indexname)`,
  );
  if (missing.rowCount)
    await db.unbounded('analyze enterprises', 'analyze enterprise_shareholders');

  // An enterprise-edition member: the deepest paging, no anonymous rate limit.
  const user = await pool.query<{ id: string; tenant_id: string }>(
    `select id, tenant_id from users where username = 'enterprise_admin'`,
  );
  const tokens = await issueTokens(Number(user.rows[0].id), Number(user.rows[0].tenant_id), {
    remember: false,
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  const tenantId = user.rows[0].tenant_id;

  const picks = await corpusPicks(pool);
  const pick = (i: number) => picks[i % picks.length];
  const chars = (i: number) => Array.from(pick(i).name);
  // Joins of a name's parts with the separators people type between them.
  const separated = (i: number) => {
    const c = chars(i);
    const a = c.slice(0, 2).join('');
    const b = c.slice(2, 4).join('');
    const rest = c.slice(4, 6).join('');
    return [`${a} ${b}`, `${b}-${rest}`, `（${a}）${b}`, `${b}·${rest}`, `${a}，${b}`][i % 5];
  };
  // Letters and digits only: what a Chinese corpus holds none of (house numbers aside).
  const latin = ['q', 'x7', 'ai', 'Mbp', '2048', 'r2d2', 'ab', 'zk9', '36', 'ltd', 'K', '5g'];
  const mix: ((i: number) => Sample)[] = [
    (i) => ({
      kind: '2 字（科技/贸易…）',
      urlPath: '/enterprise/search',
      body: { keyword: ['科技', '贸易', '建筑', '医疗', '餐饮'][i % 5] },
    }),
    (i) => ({
      kind: '2 字罕见（字号）',
      urlPath: '/enterprise/search',
      body: { keyword: Array.from(pick(i).name).slice(2, 4).join('') },
    }),
    (i) => ({
      kind: '4 字（信息技术…）',
      urlPath: '/enterprise/search',
      body: { keyword: ['信息技术', '物流运输', '新能源车', '电子商务'][i % 4] },
    }),
    (i) => ({ kind: '全称', urlPath: '/enterprise/search', body: { keyword: pick(i).name } }),
    (i) => ({ kind: '信用代码', urlPath: '/enterprise/search', body: { keyword: pick(i).uncid } }),
    (i) => ({
      kind: '法定代表人',
      urlPath: '/enterprise/search',
      body: { keyword: pick(i).legal_person },
    }),
    (i) => ({
      kind: '单字',
      urlPath: '/enterprise/search',
      body: { keyword: chars(i)[[0, 2, chars(i).length - 3][i % 3]] },
    }),
    (i) => ({
      kind: '字母数字',
      urlPath: '/enterprise/search',
      body: { keyword: latin[i % latin.length] },
    }),
    (i) => {
      const a = Array.from(pick(i).address);
      const at = 2 + (i % 5) * 2;
      return {
        kind: '地址片段',
        urlPath: '/enterprise/search',
        body: { keyword: a.slice(at, at + 3 + (i % 3)).join('') },
      };
    },
    (i) => ({
      kind: '空格/标点',
      urlPath: '/enterprise/search',
      body: { keyword: separated(i) },
    }),
    (i) => ({
      kind: '3 字',
      urlPath: '/enterprise/search',
      body: {
        keyword: chars(i)
          .slice(1 + (i % 2), 4 + (i % 2))
          .join(''),
      },
    }),
    (i) => ({
      kind: '信用代码前缀（4-17 位）',
      urlPath: '/enterprise/search',
      body: { keyword: pick(i).uncid.slice(0, 4 + (i % 14)) },
    }),
    (i) => ({
      kind: '仅筛选（省份+状态）',
      urlPath: '/enterprise/search',
      body: { filters: { regions: [pick(i).province_code], statuses: ['存续'] } },
    }),
    (i) => ({
      kind: '关键词+筛选（分面）',
      urlPath: '/enterprise/search',
      body: {
        keyword: '科技',
        filters: { regions: [pick(i).province_code], capitalBands: ['100-500', '500-1000'] },
      },
    }),
    () => ({
      kind: '深分页（第 50 页）',
      urlPath: '/enterprise/search',
      body: { keyword: '贸易', pageNo: 50, pageSize: 20 },
    }),
    (i) => ({
      kind: '排序（资本降序）',
      urlPath: '/enterprise/search',
      body: { keyword: ['医疗', '餐饮', '物流'][i % 3], sort: 'capitalDesc' },
    }),
    (i) => ({
      kind: '联想（≤10）',
      urlPath: '/enterprise/suggest',
      body: { keyword: ['科技', '北京', '深圳市', '华'][i % 4] },
    }),
  ];

  /** Per kind: queries asked, queries with at least one result, queries without an answer. */
  const found = new Map<string, { asked: number; answered: number; failed: number }>();

  async function call(s: Sample): Promise<number> {
    const started = performance.now();
    const res = await dispatchApi(
      new Request(
        `http://localhost/admin-api/sztk/data/openapi?urlPath=${encodeURIComponent(s.urlPath)}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens.accessToken}`,
            'tenant-id': tenantId,
            'content-type': 'application/json',
          },
          body: JSON.stringify(s.body),
        },
      ),
    );
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    const ms = performance.now() - started;
    const f = found.get(s.kind) ?? { asked: 0, answered: 0, failed: 0 };
    found.set(s.kind, f);
    f.asked++;
    // Anything but an answer (a search timeout) is counted and shown, not fatal.
    if (json.code !== 200) {
      f.failed++;
      if (f.failed === 1) console.error(`${s.kind}: ${json.code} ${json.msg}`);
      return ms;
    }
    const list = Array.isArray(json.data)
      ? json.data
      : ((json.data as { list?: unknown[] }).list ?? []);
    if (list.length > 0) f.answered++;
    return ms;
  }

  async function baseline(s: Sample): Promise<number> {
    const keyword = String(s.body.keyword ?? '');
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Scans outlast the request statement timeout: this connection has none.
    const c = await pool.connect();
    try {
      await c.query('set statement_timeout = 0');
      const t = performance.now();
      await c.query(
        `select id from enterprises where name ilike $1 or legal_person ilike $1 or uncid ilike $1 order by weight desc limit 10`,
        [like],
      );
      await c.query(
        `select count(*) from enterprises where name ilike $1 or legal_person ilike $1 or uncid ilike $1`,
        [like],
      );
      return performance.now() - t;
    } finally {
      await c.query('reset statement_timeout');
      c.release();
    }
  }

  async function run(
    kindIndex: number,
    concurrency: number,
    fn: (s: Sample) => Promise<number>,
    iterations: number,
  ) {
    // The bench measures search, not the per-user allowance (1,500 a minute): start each run
    // with a fresh count.
    await pool.query(`delete from rate_limit_counters where key like 'search:%'`);
    const times: number[] = [];
    const samples: { ms: number; body: Record<string, unknown> }[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < iterations) {
          const i = next++;
          const sample = mix[kindIndex](i);
          const ms = await fn(sample);
          times.push(ms);
          samples.push({ ms, body: sample.body });
        }
      }),
    );
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    if (args.slowest && concurrency === 1 && fn === call)
      for (const s of samples.sort((a, b) => b.ms - a.ms).slice(0, args.slowest))
        console.log(
          `  slowest ${mix[kindIndex](0).kind}: ${s.ms.toFixed(1)} ms ${JSON.stringify(s.body)}`,
        );
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      qps: (iterations / wall) * 1000,
    };
  }

  const selected = mix
    .map((_, k) => k)
    .filter((k) => !args.kinds.length || args.kinds.some((w) => mix[k](0).kind.includes(w)));

  // Warm the caches once, as a running server would be.
  for (const k of selected) {
    await pool.query(`delete from rate_limit_counters where key like 'search:%'`);
    for (let i = 0; i < 5; i++) await call(mix[k](i));
  }
  found.clear();

  const lines: string[] = [];
  const searchP95: number[] = [];
  const suggestP95: number[] = [];
  const f = (v: number) => v.toFixed(1);
  const worst = (list: number[]) => (list.length ? f(Math.max(...list)) : '—');
  lines.push(
    `| query | c=1 p50 | c=1 p95 | c=1 p99 | c=1 q/s | c=16 p50 | c=16 p95 | c=16 p99 | c=16 q/s | found | ILIKE p50 | ILIKE p95 | ratio (p50) |`,
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const k of selected) {
    const kind = mix[k](0).kind;
    const one = await run(k, 1, call, args.iterations);
    const many = await run(k, 16, call, args.iterations * 4);
    const hasKeyword =
      mix[k](0).body.keyword !== undefined && mix[k](0).urlPath === '/enterprise/search';
    const base =
      hasKeyword && args.baseline
        ? await run(k, 1, baseline, Math.max(3, Math.floor(args.iterations / 8)))
        : null;
    // Share of the queries that found something (single characters and code prefixes too).
    const hit = found.get(kind);
    const share = hit
      ? `${Math.round((hit.answered / hit.asked) * 100)} %${hit.failed ? ` (${hit.failed} failed)` : ''}`
      : '—';
    const row = `| ${kind} | ${f(one.p50)} | ${f(one.p95)} | ${f(one.p99)} | ${f(one.qps)} | ${f(many.p50)} | ${f(many.p95)} | ${f(many.p99)} | ${f(many.qps)} | ${share} | ${base ? f(base.p50) : '—'} | ${base ? f(base.p95) : '—'} | ${base ? `${(base.p50 / one.p50).toFixed(0)}×` : '—'} |`;
    lines.push(row);
    console.log(row);
    (mix[k](0).urlPath === '/enterprise/suggest' ? suggestP95 : searchP95).push(one.p95);
  }
  const budget = [
    `Budgets (c=1): search p95 ≤ 30 ms — worst kind ${worst(searchP95)} ms; suggestions p95 ≤ 15 ms — ${worst(suggestP95)} ms.`,
  ];
  console.log(budget[0]);

  const sizes = await pool.query<{ name: string; size: string }>(
    `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
      where c.relkind = 'i' and (c.relname like '%grams%' or c.relname like '%pattern%' or c.relname like 'enterprises_%idx')
      order by pg_relation_size(c.oid) desc`,
  );
  const tables = await pool.query<{ name: string; size: string }>(
    `select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
      where c.relkind = 'r' and c.relname like 'enterprise%' order by pg_total_relation_size(c.oid) desc limit 12`,
  );
  const dbSize = await pool.query<{ size: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const report = [
    `# Search benchmark`,
    '',
    `${new Date().toISOString().slice(0, 10)}, ${n.toLocaleString('en')} enterprises, embedded PostgreSQL, ${await cpuCount()} CPU cores, times in ms at the API root (dispatch, token check, search), ILIKE baseline = plain \`ILIKE '%kw%'\` over name, legal person and credit code (top 10 by weight + count).`,
    '',
    ...lines,
    '',
    ...budget,
    '',
    `Database size: ${dbSize.rows[0].size}.`,
    '',
    '| table (with indexes and TOAST) | size |',
    '|---|---|',
    ...tables.rows.map((r) => `| ${r.name} | ${r.size} |`),
    '',
    '| index | size |',
    '|---|---|',
    ...sizes.rows.map((r) => `| ${r.name} | ${r.size} |`),
    '',
  ].join('\n');
  console.log(`\n${sizes.rows.map((r) => `${r.name}: ${r.size}`).join('\n')}`);
  if (args.out) {
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.writeFileSync(args.out, report);
    console.log(`\nwritten to ${args.out}`);
  }
  await db.close();
}

async function cpuCount(): Promise<number> {
  const os = await import('node:os');
  return os.cpus().length;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
