/**
 * Page-load benchmark of the public pages (issue 10): autocannon against the production build,
 * the static agreement page as the floor in the same run.
 *
 *   npm run bench:pages -- [--duration S] [--connections 1,10,50] [--write --label Before] [--help]
 *
 * Starts server.ts itself (scripts/bench/pages/server.ts) on free loopback ports with its own data
 * directory and TRUST_PROXY=1; every request carries its own random X-Forwarded-For, so the
 * per-IP limits are not what is measured. Prints markdown; --write puts it into
 * docs/benchmarks/pages.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { get, median, pageHeaders, percentile, pickCompanies, randomClientIp } from './pages/http';
import {
  COMMON_HELP,
  machineLine,
  markdownTable,
  parseCommonArgs,
  positiveInt,
  positiveNumber,
  utcStamp,
  writePart,
} from './pages/report';
import { withBenchServer } from './pages/server';

const HELP = `npm run bench:pages -- [options]
  --duration S        seconds of load per row at least (default 5); a row whose answers take
                      longer runs up to 2.5 × the latency expected from the row before, at most
                      --max-duration S (default 30), so slow pages still answer within the row
  --connections LIST  concurrent connections, comma-separated (default 1,10,50)
  --companies N       different company pages (default 20)
  --shuffle           random companies instead of the same evenly spread ones
  --search WORD       the search page's word (default 科技)
  --no-gzip           requests without Accept-Encoding: gzip (browsers send it)
  --timeout S         a request slower than this counts as an error (default 10)
${COMMON_HELP}`;

type Page = { key: string; title: string; paths: string[] };

type Row = {
  page: Page;
  connections: number;
  responses: number;
  /** Sent but not answered when the row ended. */
  unfinished: number;
  seconds: number;
  sorted: number[];
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: string;
};

const ms = (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : '—');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

function load(
  origin: string,
  page: Page,
  connections: number,
  opts: { duration: number; timeout: number; gzip: boolean },
): Promise<Row> {
  const latencies: number[] = [];
  let next = 0;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: opts.duration,
        timeout: opts.timeout,
        headers: pageHeaders(opts.gzip),
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({
              ...req,
              path: page.paths[next++ % page.paths.length],
              headers: { ...req.headers, 'x-forwarded-for': randomClientIp() },
            }),
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = (performance.now() - started) / 1000;
        latencies.sort((a, b) => a - b);
        resolve({
          page,
          connections,
          responses: latencies.length,
          seconds,
          sorted: latencies,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          unfinished: Math.max(0, result.requests.sent - latencies.length - result.errors),
          statuses: Object.entries(result.statusCodeStats)
            .map(([code, s]) => `${code}×${s.count}`)
            .join(' '),
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, t: number) => {
      latencies.push(t);
    });
  });
}

async function main() {
  let duration = 5;
  let maxDuration = 30;
  let connectionList = [1, 10, 50];
  let companies = 20;
  let shuffle = false;
  let search = '科技';
  let gzip = true;
  let timeout = 10;
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) return void console.log(HELP);
  const args = parseCommonArgs(argv, (flag, value) => {
    if (flag === '--duration') duration = positiveNumber(flag, value);
    else if (flag === '--max-duration') maxDuration = positiveNumber(flag, value);
    else if (flag === '--connections')
      connectionList = (value ?? '').split(',').map((v) => positiveInt(flag, v));
    else if (flag === '--companies') companies = positiveInt(flag, value);
    else if (flag === '--search') {
      if (!value) throw new Error('--search 需要一个词');
      search = value;
    } else if (flag === '--timeout') timeout = positiveNumber(flag, value);
    else if (flag === '--shuffle') shuffle = true;
    else if (flag === '--no-gzip') gzip = false;
    else return -1;
    return flag === '--shuffle' || flag === '--no-gzip' ? 0 : 1;
  });

  const loadBefore = os.loadavg();
  const t0 = Date.now();
  const startedAt = utcStamp();
  if (loadBefore[0] > 1.5)
    console.warn(`[bench] load average ${loadBefore[0].toFixed(2)}: the machine is not idle`);

  const part = await withBenchServer(args, async (server) => {
    const { origin } = server;
    console.log(`server up in ${(server.startMs / 1000).toFixed(1)} s at ${origin}`);
    const picked = await pickCompanies(origin, companies, shuffle);
    const pages: Page[] = [
      {
        key: 'floor',
        title: '/serviceAndAgreement/service (floor)',
        paths: ['/serviceAndAgreement/service'],
      },
      { key: 'home', title: '/', paths: ['/'] },
      { key: 'company', title: `company page (${companies} rotated, warm)`, paths: picked.paths },
      {
        key: 'search',
        title: `/companySearch?searchValue=${search}`,
        paths: [`/companySearch?searchValue=${encodeURIComponent(search)}`],
      },
    ];

    // Warm the routes (code loaded, JIT, pools) without touching the measured companies.
    const floorTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const page of pages.filter((p) => p.key !== 'company'))
        await get(origin, page.paths[0], { gzip });
      await get(origin, picked.spare, { gzip });
      floorTimes.push((await get(origin, pages[0].paths[0], { gzip })).ms);
    }
    const floorMs = median(floorTimes);

    // Cold: the first request of each company since the server started, one at a time.
    const cold: number[] = [];
    const coldStatuses = new Map<number, number>();
    for (const p of picked.paths) {
      const a = await get(origin, p, { gzip, timeoutMs: timeout * 1000 });
      cold.push(a.ms);
      coldStatuses.set(a.status, (coldStatuses.get(a.status) ?? 0) + 1);
    }
    const coldSorted = [...cold].sort((a, b) => a - b);
    const coldRow = [
      `${cold.length}`,
      ms(coldSorted[0]),
      ms(percentile(coldSorted, 50)),
      ms(percentile(coldSorted, 95)),
      ms(coldSorted[coldSorted.length - 1]),
      ms(cold.reduce((s, v) => s + v, 0) / cold.length),
      [...coldStatuses].map(([s, n]) => `${s}×${n}`).join(' '),
    ];
    console.log(`cold company pages: ${coldRow.join(' | ')}`);

    // Sizes: HTML as generated, and as transferred with gzip (the company pages: median and max).
    const sizeRows: string[][] = [];
    const sizeOf = async (path: string) => {
      const plain = await get(origin, path, { gzip: false });
      const zipped = await get(origin, path, { gzip: true });
      const encoded = zipped.headers['content-encoding'] === 'gzip';
      return {
        status: plain.status,
        html: plain.bytes,
        gz: zipped.bytes,
        encoded,
        ideal: gzipSync(plain.body).length,
        cache: String(plain.headers['cache-control'] ?? '—'),
      };
    };
    for (const page of pages) {
      if (page.key === 'company') {
        const all = [];
        for (const p of page.paths) all.push(await sizeOf(p));
        const byHtml = [...all].sort((a, b) => a.html - b.html);
        for (const [label, s] of [
          [`company page (median of ${all.length})`, byHtml[Math.floor((byHtml.length - 1) / 2)]],
          [`company page (largest of ${all.length})`, byHtml[byHtml.length - 1]],
        ] as const)
          sizeRows.push([
            label,
            `${s.status}`,
            kb(s.html),
            s.encoded ? kb(s.gz) : `not compressed (gzip would be ${kb(s.ideal)})`,
            s.cache,
          ]);
      } else {
        const s = await sizeOf(page.paths[0]);
        sizeRows.push([
          page.key === 'floor' ? '/serviceAndAgreement/service' : page.title,
          `${s.status}`,
          kb(s.html),
          s.encoded ? kb(s.gz) : `not compressed (gzip would be ${kb(s.ideal)})`,
          s.cache,
        ]);
      }
    }

    // Settles after a load row: the server may still be rendering what was in flight.
    const settle = async () => {
      const limit = Math.max(50, floorMs * 3);
      const until = Date.now() + 30_000;
      await sleep(500);
      while (Date.now() < until) {
        const a = await get(origin, pages[0].paths[0], { gzip });
        if (a.ms <= limit) return;
        await sleep(500);
      }
    };

    // A row lasts long enough for its answers: 2.5 × the latency expected at c connections from
    // the same page's throughput at fewer connections (a page at 5 req/s answers 50 clients in
    // ~10 s, and a 5-second row would end before any answer).
    const rows: Row[] = [];
    const rowSeconds = (page: Page, c: number) => {
      const before = rows.filter((r) => r.page === page && r.connections < c && r.responses > 0);
      const last = before[before.length - 1];
      if (!last) return duration;
      const expected = c / (last.responses / last.seconds);
      return Math.round(Math.max(duration, Math.min(maxDuration, 2.5 * expected)));
    };
    for (const c of connectionList) {
      for (const page of pages) {
        const row = await load(origin, page, c, {
          duration: rowSeconds(page, c),
          timeout,
          gzip,
        });
        rows.push(row);
        console.log(
          `c=${c} ${page.title}: ${(row.responses / row.seconds).toFixed(1)} req/s, p50 ${ms(percentile(row.sorted, 50))}, p95 ${ms(percentile(row.sorted, 95))}, p99 ${ms(percentile(row.sorted, 99))}, errors ${row.errors}, non-2xx ${row.non2xx}, unanswered ${row.unfinished} (${row.seconds.toFixed(0)} s)`,
        );
        await settle();
      }
    }

    const floorRps = new Map(
      rows
        .filter((r) => r.page.key === 'floor')
        .map((r) => [r.connections, r.responses / r.seconds]),
    );
    const loadTable = markdownTable(
      [
        { title: 'page' },
        { title: 'conns', right: true },
        { title: 'row s', right: true },
        { title: 'req/s', right: true },
        { title: '% of floor req/s', right: true },
        { title: 'p50 ms', right: true },
        { title: 'p95 ms', right: true },
        { title: 'p99 ms', right: true },
        { title: 'max ms', right: true },
        { title: 'errors (timeouts)', right: true },
        { title: 'non-2xx', right: true },
        { title: 'unanswered at end', right: true },
        { title: 'status codes' },
      ],
      rows.map((r) => {
        const rps = r.responses / r.seconds;
        const floor = floorRps.get(r.connections) ?? Number.NaN;
        return [
          r.page.title,
          `${r.connections}`,
          r.seconds.toFixed(0),
          rps.toFixed(1),
          r.page.key === 'floor' ? '—' : `${((rps / floor) * 100).toFixed(0)} %`,
          ms(percentile(r.sorted, 50)),
          ms(percentile(r.sorted, 95)),
          ms(percentile(r.sorted, 99)),
          ms(r.sorted[r.sorted.length - 1]),
          `${r.errors} (${r.timeouts})`,
          `${r.non2xx}`,
          `${r.unfinished}`,
          r.statuses || '—',
        ];
      }),
    );
    const coldTable = markdownTable(
      [
        { title: 'companies', right: true },
        { title: 'min ms', right: true },
        { title: 'p50 ms', right: true },
        { title: 'p95 ms', right: true },
        { title: 'max ms', right: true },
        { title: 'mean ms', right: true },
        { title: 'status codes' },
      ],
      [coldRow],
    );
    const sizeTable = markdownTable(
      [
        { title: 'page' },
        { title: 'status', right: true },
        { title: 'HTML (uncompressed)', right: true },
        { title: 'transferred with gzip', right: true },
        { title: 'Cache-Control' },
      ],
      sizeRows,
    );

    return [
      `### Page load (autocannon, started ${startedAt})`,
      '',
      `${duration} s per row at least (longer for slow pages, up to ${maxDuration} s: 2.5 × the latency expected from the row with fewer connections; "unanswered at end" = requests still open when the row ended)${gzip ? ', `Accept-Encoding: gzip`' : ', no `Accept-Encoding`'}, a mobile Chrome user agent, no cookies (anonymous visitors), a new random \`X-Forwarded-For\` per request; latencies over every answer of the row (nearest rank), req/s = answers / wall time of the row; a request over ${timeout} s counts as an error (timeout). Server start (to \`/api/health\`) ${(server.startMs / 1000).toFixed(1)} s; agreement page alone before the load ${ms(floorMs)} ms (median of 5).`,
      '',
      loadTable,
      '',
      `Company pages cold: the first request of each of the ${companies} companies after the server started (routes warmed up on other pages and one other company), one at a time:`,
      '',
      coldTable,
      '',
      'Response sizes (body bytes; one anonymous request each):',
      '',
      sizeTable,
      '',
      `Companies: ${picked.paths.map((p) => `\`${p.replace(/^\/companySearchDetail\?uncid=/, '')}\``).join(', ')} (\`/companySearchDetail?uncid=…\`, ${shuffle ? 'random' : 'spread evenly over the first company sitemap file'}).`,
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
