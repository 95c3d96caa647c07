/**
 * Command-line options shared by the page benchmarks and the writing of their results into
 * docs/benchmarks/pages.md: one dated section per run (newest first), into which the page-load
 * and the Lighthouse benchmark each put their part when they run on the same day and commit.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchServerOptions } from './server';

export type CommonArgs = BenchServerOptions & {
  /** Write the results into `out` (otherwise they are only printed). */
  write: boolean;
  out: string;
  /** Heading of the section written: "Before", "After", … */
  label: string;
  /** Names the code measured; default: git's short HEAD (+ "with uncommitted changes"). */
  commit: string;
};

export const COMMON_HELP = `  --data-dir PATH     data directory of the bench server (default data/bench-pages, seeded once)
  --enterprises N     demo companies seeded into an empty data directory (default 20000)
  --no-build          do not run scripts/build-if-needed.mjs first
  --write             write the results into --out (default docs/benchmarks/pages.md)
  --out FILE          the markdown file written with --write
  --label TEXT        heading of the section written (default "Run"; e.g. Before, After)
  --commit TEXT       names the code measured (default: git HEAD, marked when the tree is dirty)`;

/**
 * Parses the shared options; `own` gets each option it knows (returns how many values it used,
 * or -1 for an unknown option).
 */
export function parseCommonArgs(
  argv: string[],
  own: (flag: string, value: string | undefined) => number,
): CommonArgs {
  const args: CommonArgs = {
    dataDir: process.env.BENCH_PAGES_DATA_DIR || 'data/bench-pages',
    enterprises: 20_000,
    build: true,
    startTimeoutMs: 15 * 60_000,
    write: false,
    out: 'docs/benchmarks/pages.md',
    label: 'Run',
    commit: '',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined || value.startsWith('--')) throw new Error(`${flag} 需要一个值`);
      i++;
      return value;
    };
    if (flag === '--data-dir') args.dataDir = need();
    else if (flag === '--enterprises') args.enterprises = positiveInt(flag, need());
    else if (flag === '--no-build') args.build = false;
    else if (flag === '--write') args.write = true;
    else if (flag === '--out') args.out = need();
    else if (flag === '--label') args.label = need();
    else if (flag === '--commit') args.commit = need();
    else {
      const used = own(flag, value);
      if (used < 0) throw new Error(`未知参数: ${flag}`);
      i += used;
    }
  }
  args.commit ||= gitCommit();
  return args;
}

export function positiveInt(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} 需要一个正整数，而不是 ${raw}`);
  return n;
}

export function positiveNumber(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} 需要一个正数，而不是 ${raw}`);
  return n;
}

/** Short HEAD, marked when tracked files differ from it; "unknown" outside a git checkout. */
export function gitCommit(): string {
  try {
    const head = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/** "2026-11-25 13:50 UTC" */
export function utcStamp(d = new Date()): string {
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** Conditions printed under every part: load before/after and the machine. */
export function machineLine(loadBefore: number[], elapsedMs: number): string {
  const f = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  return `${os.cpus().length} CPU cores, Node ${process.version}; load average (1/5/15 min) ${f(loadBefore)} before, ${f(os.loadavg())} after; the bench took ${(elapsedMs / 1000).toFixed(0)} s.`;
}

export type Column = { title: string; right?: boolean };

/** A markdown table (prettier formats it when the file is written). */
export function markdownTable(columns: Column[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    `| ${columns.map((c) => esc(c.title)).join(' | ')} |`,
    `| ${columns.map((c) => (c.right ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

const DOC_INTRO = `# Page benchmark

Public pages of the production build, served by \`server.ts\` as \`npm start\` does, on loopback
with its own data directory (20,000 demo companies unless stated), \`TRUST_PROXY=1\` and a
random \`X-Forwarded-For\` on every request, so the per-IP rate limits are not what is measured.

- \`npm run bench:pages\` — autocannon against the agreement page (the static floor), the home
  page, company pages (20 different companies: the first request of each after the server
  started, one at a time = cold; then rotated under load = warm) and a search-result page, at 1,
  10 and 50 connections, a few seconds per row; latencies in ms over every answer of the row.
- \`npm run bench:lighthouse\` — Lighthouse, mobile (its default) and \`--preset=desktop\`, on the
  home page, a search page and a company page in Debian's Chromium.

Add \`-- --write --label After\` to put a run here; \`-- --help\` lists the options. Figures on a
2-core machine vary 20-50 % between runs: compare rows of the same run (the floor is there for
that), and run on an idle machine under \`flock "$BENCH_LOCK"\`.
`;

/**
 * Puts `part` (a "### …" block) into the section "## label (date, commit)" of `file`: the
 * section of the same label, day and commit if one exists (after its other parts), else a new
 * section above the older ones.
 */
export async function writePart(file: string, label: string, commit: string, part: string) {
  const day = new Date().toISOString().slice(0, 10);
  const heading = `## ${label} (${day}, ${commit})`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : DOC_INTRO;
  const lines = text.replace(/\s+$/, '').split('\n');
  const at = lines.findIndex((l) => l.trim() === heading);
  const block = ['', ...part.trim().split('\n')];
  if (at >= 0) {
    let end = lines.findIndex((l, i) => i > at && /^## /.test(l));
    if (end < 0) end = lines.length;
    while (end > at + 1 && lines[end - 1].trim() === '') end--;
    lines.splice(end, 0, ...block);
  } else {
    let first = lines.findIndex((l) => /^## /.test(l));
    if (first < 0) first = lines.length;
    lines.splice(first, 0, heading, ...block, '');
    if (first > 0 && lines[first - 1].trim() !== '') lines.splice(first, 0, '');
  }
  let out = `${lines.join('\n')}\n`;
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    out = await prettier.format(out, { ...options, filepath: file });
  } catch (err) {
    console.error('[bench] prettier could not format the report:', (err as Error).message);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out);
  console.log(`\nwritten to ${file} under "${heading}"`);
}
