/**
 * Lighthouse on the public pages (issue 10): the home page, a search page and a company page,
 * mobile (Lighthouse's default) and --preset=desktop, against the production build started as in
 * the page benchmark (scripts/bench/pages/server.ts), in Debian's Chromium.
 *
 *   npm run bench:lighthouse -- [--runs N] [--presets mobile,desktop] [--write --label Before] [--help]
 *
 * Prints the scores (performance, accessibility, best practices, SEO), LCP, TBT, CLS and the
 * JavaScript transferred per page; --write puts them into docs/benchmarks/pages.md.
 */
import { signInCookie } from './pages/sign-in';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { get, median, pickCompanies, randomClientIp } from './pages/http';
import {
  COMMON_HELP,
  machineLine,
  markdownTable,
  parseCommonArgs,
  positiveInt,
  utcStamp,
  writePart,
} from './pages/report';
import { withBenchServer } from './pages/server';
import { CHROME_FLAGS } from './pages/chrome';

const HELP = `npm run bench:lighthouse -- [options]
  --runs N            Lighthouse runs per page and preset; the one with the median performance
                      score is reported (default 1)
  --presets LIST      mobile,desktop (default both)
  --search WORD       the search page's word (default 科技)
  --signed-in ACCOUNT also the public pages and a signed-in workspace page (/unLockListPage) as
                      this demo account, e.g. standard_admin (its session cookie goes with every
                      Lighthouse request)
  --paths LIST        these open pages instead of the four defaults, comma-separated
                      (e.g. /mapGetCustomer,/industryInsights/industryMap,/digitalEmployee)
  --workspace LIST    with --signed-in: these workspace pages instead of /unLockListPage, and
                      no open pages (e.g. /unLockListPage,/clue/list,/customerManagement/opportunity)
  --chrome PATH       Chromium (default CHROME_PATH or /usr/bin/chromium)
${COMMON_HELP}`;

type Preset = 'mobile' | 'desktop';

type Measured = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  /** Weighted audits of accessibility, best practices and SEO that did not pass. */
  failed: string[];
  error?: string;
};

type LighthouseJson = {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    {
      score?: number | null;
      numericValue?: number;
      details?: {
        items?: { resourceType?: string; transferSize?: number; node?: { selector?: string } }[];
      };
    }
  >;
};

let lighthouseVersion = '';

/** What to fix when a score other than performance is below 100: the audits that failed. */
function failedAudits(lhr: LighthouseJson): string[] {
  const out: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo'])
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight > 0 && typeof score === 'number' && score < 1) {
        // The first elements it names, so the table says where to look.
        const where = (lhr.audits[ref.id]?.details?.items ?? [])
          .map((i) => i.node?.selector)
          .filter(Boolean)
          .slice(0, 2);
        out.push(where.length ? `${ref.id} (${where.join('; ')})` : ref.id);
      }
    }
  return out;
}

/** A page to measure; signed-in pages carry the session cookie. */
type Target = { title: string; path: string; cookie?: string };

function runLighthouse(
  url: string,
  preset: Preset,
  chrome: string,
  cookie?: string,
): Promise<Measured> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-lh-'));
  const outFile = path.join(dir, 'report.json');
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const argv = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    // Its own client address per run: the per-IP page limits are not what is measured.
    `--extra-headers=${JSON.stringify({
      'X-Forwarded-For': randomClientIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    })}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGTERM'), 180_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      try {
        if (!fs.existsSync(outFile))
          return reject(
            new Error(`lighthouse ${url} (${preset}) ended ${code ?? signal}: ${stderr}`),
          );
        const lhr = JSON.parse(fs.readFileSync(outFile, 'utf8')) as LighthouseJson;
        lighthouseVersion = lhr.lighthouseVersion;
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? Number.NaN) * 100);
        const num = (k: string) => lhr.audits[k]?.numericValue ?? Number.NaN;
        const items = lhr.audits['resource-summary']?.details?.items ?? [];
        const size = (type: string) =>
          items.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
        resolve({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: num('largest-contentful-paint'),
          tbtMs: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          jsBytes: size('script'),
          totalBytes: size('total'),
          failed: failedAudits(lhr),
          error: lhr.runtimeError ? `${lhr.runtimeError.code}` : undefined,
        });
      } catch (err) {
        reject(err);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** The public pages of issue 10: home, a search, a company page and the policy search. */
async function defaultPages(origin: string, search: string): Promise<Target[]> {
  const company = (await pickCompanies(origin, 1, false)).paths[0];
  return [
    { title: '/', path: '/' },
    {
      title: `/companySearch?searchValue=${search}`,
      path: `/companySearch?searchValue=${encodeURIComponent(search)}`,
    },
    { title: `company page ${company}`, path: company },
    { title: '/policySearch', path: '/policySearch' },
  ];
}

async function main() {
  let runs = 1;
  let presets: Preset[] = ['mobile', 'desktop'];
  let search = '科技';
  let signedInAs: string | null = null;
  let paths: string[] | null = null;
  let workspacePaths: string[] | null = null;
  let chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(HELP);
  const args = parseCommonArgs(argv, (flag, value) => {
    if (flag === '--runs') runs = positiveInt(flag, value);
    else if (flag === '--presets') {
      const list = (value ?? '').split(',');
      if (!list.every((p): p is Preset => p === 'mobile' || p === 'desktop'))
        throw new Error('--presets: mobile and/or desktop');
      presets = list as Preset[];
    } else if (flag === '--signed-in') {
      if (!value) throw new Error('--signed-in 需要一个演示账号');
      signedInAs = value;
    } else if (flag === '--search') {
      if (!value) throw new Error('--search 需要一个词');
      search = value;
    } else if (flag === '--paths' || flag === '--workspace') {
      const list = (value ?? '').split(',').filter(Boolean);
      if (!list.length || !list.every((p) => p.startsWith('/')))
        throw new Error(`${flag} 需要以 / 开头、逗号分隔的页面地址`);
      if (flag === '--paths') paths = list;
      else workspacePaths = list;
    } else if (flag === '--chrome') {
      if (!value) throw new Error('--chrome 需要一个路径');
      chrome = value;
    } else return -1;
    return 1;
  });
  if (workspacePaths && !signedInAs) throw new Error('--workspace 需要 --signed-in 账号');
  if (!fs.existsSync(chrome)) throw new Error(`Chromium not found at ${chrome} (--chrome PATH)`);

  const loadBefore = os.loadavg();
  const t0 = Date.now();
  const startedAt = utcStamp();
  if (loadBefore[0] > 1.5)
    console.warn(`[bench] load average ${loadBefore[0].toFixed(2)}: the machine is not idle`);

  const part = await withBenchServer(args, async (server) => {
    const { origin } = server;
    console.log(`server up in ${(server.startMs / 1000).toFixed(1)} s at ${origin}`);
    const pages = workspacePaths
      ? []
      : paths
        ? paths.map((p) => ({ title: p, path: p }))
        : await defaultPages(origin, search);
    const cookie = signedInAs
      ? await signInCookie(origin, server.databaseUrl, signedInAs)
      : undefined;
    const signedIn: Target[] = cookie
      ? [
          ...pages.map((p) => ({ ...p, title: `${p.title} (signed in)`, cookie })),
          ...(workspacePaths ?? ['/unLockListPage']).map((path) => ({
            title: `${path} (signed in as ${signedInAs})`,
            path,
            cookie,
          })),
        ]
      : [];
    // A visitor rarely is the first after a start: each page is requested twice beforehand.
    const targets: Target[] = [...pages, ...signedIn];
    for (const page of targets)
      for (let i = 0; i < 2; i++) {
        const a = await get(origin, page.path, {
          gzip: true,
          headers: page.cookie ? { cookie: page.cookie } : undefined,
        });
        if (a.status !== 200) throw new Error(`${page.path} answered ${a.status}`);
      }

    const rows: string[][] = [];
    for (const page of targets)
      for (const preset of presets) {
        const all: Measured[] = [];
        for (let i = 0; i < runs; i++)
          all.push(await runLighthouse(`${origin}${page.path}`, preset, chrome, page.cookie));
        const perf = median(all.map((m) => m.performance));
        const m = all.find((x) => x.performance === perf) ?? all[0];
        const row = [
          page.title,
          preset,
          runs > 1
            ? `${m.performance} (${all.map((x) => x.performance).join('/')})`
            : `${m.performance}`,
          `${m.accessibility}`,
          `${m.bestPractices}`,
          `${m.seo}`,
          `${(m.lcpMs / 1000).toFixed(1)} s`,
          `${m.tbtMs.toFixed(0)} ms`,
          m.cls.toFixed(3),
          `${(m.jsBytes / 1024).toFixed(0)} KB`,
          `${(m.totalBytes / 1024).toFixed(0)} KB`,
          m.failed.join(', ') || '—',
          m.error ?? '—',
        ];
        rows.push(row);
        console.log(row.join(' | '));
      }

    const table = markdownTable(
      [
        { title: 'page' },
        { title: 'preset' },
        { title: 'performance', right: true },
        { title: 'accessibility', right: true },
        { title: 'best practices', right: true },
        { title: 'SEO', right: true },
        { title: 'LCP', right: true },
        { title: 'TBT', right: true },
        { title: 'CLS', right: true },
        { title: 'JS transferred', right: true },
        { title: 'all transferred', right: true },
        { title: 'failed audits' },
        { title: 'error' },
      ],
      rows,
    );
    return [
      `### Lighthouse (started ${startedAt})`,
      '',
      `Lighthouse ${lighthouseVersion} (the CLI of the devDependency), ${chrome} with \`${CHROME_FLAGS}\`; mobile = Lighthouse's default (simulated slow 4G, 4× CPU slowdown), desktop = \`--preset=desktop\`; ${runs > 1 ? `${runs} runs each, the one with the median performance score shown (all scores in brackets)` : 'one run each'}. Each page was requested twice before. Sizes from \`resource-summary\` (transferred, compressed).`,
      '',
      table,
      '',
      machineLine(loadBefore, Date.now() - t0),
    ].join('\n');
  });

  console.log(`\n${part}\n`);
  if (args.write) await writePart(args.out, args.label, args.commit, part);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
