/**
 * Lighthouse on the knowledge pages (issue 17: /policySearch and a report detail, mobile: SEO 100,
 * accessibility ≥ 95, performance ≥ 90), against the production build of this checkout started
 * like bench:lighthouse does (scripts/bench/pages/server.ts), in Debian's Chromium.
 *
 *   npx tsx scripts/bench/content-lighthouse.ts [--runs N] [--data-dir PATH] [--no-build]
 *
 * Prints one row per page: the run with the median performance score. Run under
 * `flock "$BENCH_LOCK"` on a quiet machine.
 */
import '@/lib/server/platform/outside-next';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withBenchServer } from './pages/server';
import { CHROME_FLAGS } from './pages/chrome';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

type Scores = {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
};

function lighthouse(url: string, clientIp: string): Promise<Scores> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-lh-content-'));
  const out = path.join(dir, 'report.json');
  const argv = [
    path.resolve('node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    `--extra-headers=${JSON.stringify({ 'X-Forwarded-For': clientIp })}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!fs.existsSync(out))
        return reject(new Error(`lighthouse ${url} ended ${code}: ${stderr}`));
      const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, { numericValue?: number }>;
      };
      fs.rmSync(dir, { recursive: true, force: true });
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? Number.NaN) * 100);
      const num = (k: string) => lhr.audits[k]?.numericValue ?? Number.NaN;
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        lcpMs: num('largest-contentful-paint'),
        cls: num('cumulative-layout-shift'),
        tbtMs: num('total-blocking-time'),
      });
    });
  });
}

async function main() {
  const runs = Number(arg('--runs', '1'));
  const dataDir = path.resolve(arg('--data-dir', 'data/bench-content-lighthouse'));
  await withBenchServer(
    {
      dataDir,
      enterprises: 2000,
      build: !process.argv.includes('--no-build'),
      startTimeoutMs: 600_000,
    },
    async (server) => {
      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      const { rows } = await db.query<{ id: number; kind: string }>(
        "select id::int, kind from content_reports where kind = 'yjbg' order by id limit 1",
      );
      await db.end();
      const pages = [
        ['/policySearch', '/policySearch'],
        ['研究报告详情', `/zxyb/${rows[0].kind}/reportDetail?id=${rows[0].id}`],
      ] as const;
      console.log(
        '| 页面 | 性能 | 无障碍 | SEO | LCP ms | CLS | TBT ms |\n|---|---|---|---|---|---|---|',
      );
      let ip = 10;
      for (const [label, p] of pages) {
        const url = server.origin + p;
        // Twice before measuring: the first requests compile nothing but warm the caches.
        for (let i = 0; i < 2; i++)
          await fetch(url, { headers: { 'x-forwarded-for': `10.9.0.${ip}` } });
        const results: Scores[] = [];
        for (let i = 0; i < runs; i++) results.push(await lighthouse(url, `10.9.1.${ip++}`));
        results.sort((a, b) => a.performance - b.performance);
        const m = results[Math.floor(results.length / 2)];
        console.log(
          `| ${label} | ${m.performance} | ${m.accessibility} | ${m.seo} | ${Math.round(m.lcpMs)} | ${m.cls.toFixed(3)} | ${Math.round(m.tbtMs)} |`,
        );
      }
    },
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
