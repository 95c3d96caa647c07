/**
 * AI assistant benchmark (issue 16): accuracy of understanding on the accuracy set, understanding
 * latency, and request-to-first-result latency (understand + the advanced search's first page).
 *
 *   npm run bench:ai -- [--dir PATH] [--enterprises N] [--rounds K] [--requests M] [--no-db]
 *                       [--out FILE] [--failures]
 *
 * Accuracy: exact match of the whole condition set (and keyword; recognized=false for bad input)
 * plus per-field precision / recall, for the built-in parser and, when LLM_BASE_URL / LLM_MODEL
 * are set, for the model (understandWithModel; a failed call counts as an empty answer).
 * Understanding: every request of the set K times (default 20), p50/p95/p99/max in ms, after a
 * warm-up (the dictionaries load once per process).
 * First result: M requests of the set (default 60, the recognized ones, spread over the
 * categories), each understood and searched (page 1, 10 rows, enterprise-edition depth) on the
 * corpus in --dir (default BENCH_DATA_DIR, DATA_DIR or lr-bench-seed in the system temp directory; seeded with N
 * enterprises, default 1,000,000, when empty). Two passes: the first is reported as "first ask",
 * the second as "repeat". --no-db skips it. Results go to stdout (and to --out when given).
 * Run timings under `flock "$BENCH_LOCK" npm run bench:ai`.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import type { AccuracyReport, Predicted } from '@/lib/server/search/understand/accuracy';

type Args = {
  dir: string;
  enterprises: number;
  rounds: number;
  requests: number;
  db: boolean;
  out: string | null;
  failures: boolean;
};

function parseArgs(argv: string[]): Args {
  const args: Args = {
    dir:
      process.env.BENCH_DATA_DIR || process.env.DATA_DIR || path.join(os.tmpdir(), 'lr-bench-seed'),
    enterprises: 1_000_000,
    rounds: 20,
    requests: 60,
    db: true,
    out: null,
    failures: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    if (argv[i] === '--dir') args.dir = next();
    else if (argv[i] === '--enterprises' || argv[i] === '-n') args.enterprises = Number(next());
    else if (argv[i] === '--rounds') args.rounds = Number(next());
    else if (argv[i] === '--requests') args.requests = Number(next());
    else if (argv[i] === '--no-db') args.db = false;
    else if (argv[i] === '--out') args.out = next();
    else if (argv[i] === '--failures') args.failures = true;
    else throw new Error(`未知参数: ${argv[i]}`);
  }
  return args;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1],
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const out: string[] = [];
  const say = (line = '') => {
    console.log(line);
    out.push(line);
  };

  const { understandRequest, warmUp } = await import('@/lib/server/search/understand');
  const { ACCURACY_SET, loadAccuracySet, scoreAll } =
    await import('@/lib/server/search/understand/accuracy');
  const cases = loadAccuracySet();
  // The dictionaries and jieba load once per process: measured before anything else parses.
  const coldStart = performance.now();
  warmUp();
  const coldMs = performance.now() - coldStart;

  // 1. Accuracy.
  const parser = scoreAll(cases, understandRequest);
  let model: AccuracyReport | null = null;
  let modelName = '';
  let modelFailures = 0;
  if (process.env.LLM_BASE_URL) {
    try {
      const llm = (await import('../../lib/server/ai/llm')) as {
        understandWithModel?: (text: string) => Promise<Predicted & { model?: string }>;
      };
      if (llm.understandWithModel) {
        const answers = new Map<string, Predicted>();
        for (const c of cases) {
          try {
            const u = await llm.understandWithModel(c.text);
            modelName = u.model ?? modelName;
            answers.set(c.text, u);
          } catch {
            modelFailures++;
            answers.set(c.text, { condition: { logic: 'and', groups: [] }, recognized: false });
          }
        }
        model = scoreAll(cases, (t) => answers.get(t)!);
      }
    } catch (err) {
      console.error('model column skipped:', (err as Error).message);
    }
  }

  say(`## Accuracy (${cases.length} requests, test/fixtures/ai-requests/requests.jsonl)`);
  say();
  say(
    model
      ? `| | parser | model (${modelName || process.env.LLM_MODEL}, ${modelFailures} failed calls) |`
      : '| | parser |',
  );
  say(model ? '|---|---|---|' : '|---|---|');
  say(
    `| exact match | ${parser.exact}/${parser.total} = ${pct(parser.exactRate)} |${model ? ` ${model.exact}/${model.total} = ${pct(model.exactRate)} |` : ''}`,
  );
  say();
  say(
    model
      ? '| field | expected | parser predicted | parser precision | parser recall | model precision | model recall |'
      : '| field | expected | predicted | precision | recall |',
  );
  say(model ? '|---|---|---|---|---|---|---|' : '|---|---|---|---|---|');
  for (const fld of parser.fields) {
    const m = model?.fields.find((x) => x.field === fld.field);
    say(
      `| ${fld.field} | ${fld.expected} | ${fld.predicted} | ${pct(fld.precision)} | ${pct(fld.recall)} |${model ? ` ${m ? pct(m.precision) : '—'} | ${m ? pct(m.recall) : '—'} |` : ''}`,
    );
  }
  // The held-out set: written after the parser's rules were tuned on requests.jsonl, never tuned on.
  const holdoutFile = ACCURACY_SET.replace(/requests\.jsonl$/, 'holdout.jsonl');
  if (fs.existsSync(holdoutFile)) {
    const held = scoreAll(loadAccuracySet(holdoutFile), understandRequest);
    const low = held.fields.filter((x) => x.precision < 1 || x.recall < 1);
    say();
    say(
      `Held-out set (${held.total} requests, holdout.jsonl): exact match ${held.exact}/${held.total} = ${pct(held.exactRate)}; fields below 100 %: ${
        low.map((x) => `${x.field} P ${pct(x.precision)} R ${pct(x.recall)}`).join(', ') || 'none'
      }.`,
    );
  }
  const missed = parser.cases.filter((c) => !c.exact);
  if (args.failures || missed.length <= 10) {
    say();
    say('Parser misses:');
    for (const c of missed)
      say(
        `- #${c.id} ${c.text} — missing: ${c.missing.join('; ') || '—'}; extra: ${c.extra.join('; ') || '—'}`,
      );
  }

  // 2. Understanding latency.
  for (const c of cases) understandRequest(c.text);
  const times: number[] = [];
  for (let r = 0; r < args.rounds; r++)
    for (const c of cases) {
      const t = performance.now();
      understandRequest(c.text);
      times.push(performance.now() - t);
    }
  const long = '帮我找深圳南山区注册资本1000万以上、成立5年以上的专精特新企业，'
    .repeat(70)
    .slice(0, 2000);
  const longTimes: number[] = [];
  for (let r = 0; r < 50; r++) {
    const t = performance.now();
    understandRequest(long);
    longTimes.push(performance.now() - t);
  }
  const u = stats(times);
  const l = stats(longTimes);
  say();
  say('## Understanding latency (parser, in process, ms)');
  say();
  say('| input | calls | p50 | p95 | p99 | max |');
  say('|---|---|---|---|---|---|');
  say(
    `| accuracy set × ${args.rounds} | ${u.n} | ${f2(u.p50)} | ${f2(u.p95)} | ${f2(u.p99)} | ${f2(u.max)} |`,
  );
  say(`| 2,000 characters | ${l.n} | ${f2(l.p50)} | ${f2(l.p95)} | ${f2(l.p99)} | ${f2(l.max)} |`);
  say(`| dictionaries (once per process) | 1 | ${f1(coldMs)} | | | |`);

  // 3. Request to first result.
  if (args.db) {
    const db = await openBenchDatabase({
      dir: args.dir,
      port: 55041,
      enterprises: args.enterprises,
    });
    try {
      const { countEnterprises } = await import('../../db/seed');
      const n = await countEnterprises(db.pool);
      const { understandWithParser } = await import('../../lib/server/ai/ai-understanding');
      const { runSearch } = await import('../../lib/server/ai/ai-search');
      const usable = cases.filter((c) => c.expected.recognized !== false);
      // Spread over the categories: every k-th recognized request.
      const step = Math.max(1, Math.floor(usable.length / args.requests));
      const picked = usable.filter((_, i) => i % step === 0).slice(0, args.requests);
      const firstAsk: number[] = [];
      const repeat: number[] = [];
      const searchOnly: number[] = [];
      let withRows = 0;
      const slow: { ms: number; text: string }[] = [];
      const byCategory = new Map<string, number[]>();
      const failed: string[] = [];
      for (const pass of [firstAsk, repeat]) {
        for (const c of picked) {
          const t = performance.now();
          const r = understandWithParser(c.text);
          const ts = performance.now();
          // A search the app gives up on (its statement timeout) is counted at the time it took.
          let rows = 0;
          try {
            const page = await runSearch(r.condition, r.keyword, {
              pageNo: 1,
              pageSize: 10,
              maxResults: 5000,
            });
            rows = page.list.length;
          } catch (err) {
            if (pass === repeat) failed.push(`${c.text}: ${(err as Error).message}`);
          }
          const end = performance.now();
          pass.push(end - t);
          if (pass === repeat) {
            searchOnly.push(end - ts);
            if (rows) withRows++;
            slow.push({ ms: end - t, text: c.text });
            const list = byCategory.get(c.category) ?? [];
            list.push(end - t);
            byCategory.set(c.category, list);
          }
        }
      }
      const a = stats(firstAsk);
      const b = stats(repeat);
      const s = stats(searchOnly);
      say();
      say(
        `## Request to first result (${n.toLocaleString('en-US')} enterprises, ${picked.length} requests, ms)`,
      );
      say();
      say('| pass | p50 | p95 | p99 | max |');
      say('|---|---|---|---|---|');
      say(`| first ask (cold cache) | ${f1(a.p50)} | ${f1(a.p95)} | ${f1(a.p99)} | ${f1(a.max)} |`);
      say(`| repeat | ${f1(b.p50)} | ${f1(b.p95)} | ${f1(b.p99)} | ${f1(b.max)} |`);
      say(`| repeat, search only | ${f1(s.p50)} | ${f1(s.p95)} | ${f1(s.p99)} | ${f1(s.max)} |`);
      say();
      say('| category (repeat) | requests | p50 | max |');
      say('|---|---|---|---|');
      for (const [category, list] of byCategory) {
        const c = stats(list);
        say(`| ${category} | ${c.n} | ${f1(c.p50)} | ${f1(c.max)} |`);
      }
      say();
      say(`Requests with at least one row: ${withRows}/${picked.length}.`);
      if (failed.length) say(`Failed (repeat): ${failed.length} — ${failed.join('; ')}`);
      say('Slowest (repeat):');
      for (const x of slow.sort((p, q) => q.ms - p.ms).slice(0, 5))
        say(`- ${f1(x.ms)} ms ${x.text}`);
    } finally {
      await db.close();
    }
  }

  if (args.out) fs.writeFileSync(args.out, out.join('\n') + '\n');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
