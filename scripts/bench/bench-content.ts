/**
 * Knowledge content benchmark (issue 17: policy search p95 ≤ 30 ms incl. 2-character queries at
 * the demo volumes ×10, i.e. 50,000 policies; detail reads p95 ≤ 100 ms server time), through the
 * server functions the pages call (lib/server/content) in process.
 *
 *   npm run bench:content -- [--dir PATH] [--scale N] [--iterations K] [--reseed] [--seed-only]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-content in the system temp directory) on EMBEDDED_PG_PORT
 * (default 55630); the first run seeds scale × (5,000 policies, 1,000 reports, 10,000 news) with
 * the demo generator (and reports the seed time; --seed-only stops there, so the long seed need not
 * hold the bench lock). Timed runs go under `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-db';
import { arg, percentile } from './timing';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-content')));
  const scale = Number(arg('--scale', '10'));
  const iterations = Number(arg('--iterations', '40'));
  const db = await openBenchDatabase({ dir, port: 55630 });
  const pool = db.pool;
  const { seedDemoContent } = await import('../../db/seed/content-demo');
  const content = await import('../../lib/server/content/index');
  const { policySearchQuerySchema, reportSearchQuerySchema, newsSearchQuerySchema } =
    await import('../../lib/shared/content/content.contract');

  if (process.argv.includes('--reseed')) {
    await db.unbounded(
      'truncate content_subsidies, content_policies, content_reports, content_news restart identity cascade',
    );
  }
  const { rows } = await pool.query<{ n: number }>('select count(*)::int n from content_policies');
  if (rows[0].n === 0) {
    console.log(`seeding content ×${scale} into ${dir} …`);
    await pool.query('set statement_timeout = 0');
    const r = await seedDemoContent(pool, { scale, onProgress: (m) => console.log(`  ${m}`) });
    console.log(
      `  ${r.policies} policies, ${r.subsidies} subsidies, ${r.reports} reports, ${r.news} news in ${(r.ms / 1000).toFixed(1)} s`,
    );
  }
  if (process.argv.includes('--seed-only')) {
    await db.close();
    return;
  }
  await db.unbounded(
    'vacuum analyze content_policies',
    'vacuum analyze content_subsidies',
    'vacuum analyze content_reports',
    'vacuum analyze content_news',
  );
  const counts = await pool.query<{ p: number; s: number; r: number; n: number }>(
    `select (select count(*)::int from content_policies) p, (select count(*)::int from content_subsidies) s,
       (select count(*)::int from content_reports) r, (select count(*)::int from content_news) n`,
  );
  const c = counts.rows[0];
  console.log(
    `\n${c.p} policies, ${c.s} subsidies, ${c.r} reports, ${c.n} news; ${iterations} runs per case (after 3 warm-ups)\n`,
  );

  // A search case answers its total: 约N when it was beyond the count cap (estimated), marked
  // （分面约） when its facets were estimated over a sample.
  type Case = [string, () => Promise<number | string | undefined>];
  const shown = (r: { total: number; totalCapped: boolean; facetsEstimated: boolean }) =>
    `${r.totalCapped ? '约' : ''}${r.total}${r.facetsEstimated ? '（分面约）' : ''}`;
  const policy =
    (q: Record<string, unknown>): Case[1] =>
    async () =>
      shown(await content.searchPolicies(policySearchQuerySchema.parse(q)));
  const cases: Case[] = [
    ['政策：无关键词，最新', policy({ sort: 'date' })],
    ['政策：“科技”（2 字）', policy({ q: '科技' })],
    ['政策：“人才”（2 字）', policy({ q: '人才' })],
    ['政策：“企业”（2 字，几乎全部）', policy({ q: '企业' })],
    ['政策：“补贴”（2 字）按日期', policy({ q: '补贴', sort: 'date' })],
    ['政策：“专精特新”', policy({ q: '专精特新' })],
    ['政策：“研发费用加计扣除”', policy({ q: '研发费用加计扣除' })],
    ['政策：“数字经济” + 广东省', policy({ q: '数字经济', region: '440000' })],
    [
      '政策：广东省 + 市级 + 资金扶持',
      policy({ region: '440000', level: 'city', kind: 'funding' }),
    ],
    ['政策：申报中', policy({ status: 'open' })],
    ['政策：行业 C + 2026 年', policy({ industry: 'C', dateFrom: '2026-01-01' })],
    ['政策：“申报” 第 200 页', policy({ q: '申报', pageNo: 200 })],
    ['政策：页码 999999（钳制）', policy({ pageNo: 999999 })],
    [
      '报告：yjbg “产业”',
      async () =>
        shown(
          await content.searchReports(reportSearchQuerySchema.parse({ q: '产业', kind: 'yjbg' })),
        ),
    ],
    [
      '报告：cyzx 产业链 CY004',
      async () =>
        shown(
          await content.searchReports(
            reportSearchQuerySchema.parse({ kind: 'cyzx', chain: 'CY004' }),
          ),
        ),
    ],
    [
      '资讯：“签约”',
      async () => shown(await content.searchNews(newsSearchQuerySchema.parse({ q: '签约' }))),
    ],
    [
      '资讯：专题 biomedicine',
      async () =>
        shown(await content.searchNews(newsSearchQuerySchema.parse({ topic: 'biomedicine' }))),
    ],
  ];
  const ids = await pool.query<{ p: number; r: number; n: number; s: number }>(
    `select (select max(id)::int from content_policies) p, (select max(id)::int from content_reports) r,
       (select max(id)::int from content_news) n, (select max(id)::int from content_subsidies) s`,
  );
  const max = ids.rows[0];
  let k = 0;
  const nextId = (m: number) => 1 + ((k++ * 7919) % m);
  cases.push(
    ['详情：政策', async () => ((await content.getPolicy(nextId(max.p))) ? 1 : 0)],
    ['详情：补贴', async () => ((await content.getSubsidy(nextId(max.s))) ? 1 : 0)],
    ['详情：报告', async () => ((await content.getReport(nextId(max.r))) ? 1 : 0)],
    ['详情：资讯', async () => ((await content.getNewsItem(nextId(max.n))) ? 1 : 0)],
    ['详情：健康专题', async () => ((await content.getHealthTopic('biomedicine')) ? 1 : 0)],
    [
      '对比：10 条政策',
      async () =>
        (await content.comparePolicies(Array.from({ length: 10 }, () => nextId(max.p)))).length,
    ],
  );

  const time = async (run: Case[1]) => {
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    let total: number | string | undefined;
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      total = await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { total, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
  };
  // Uncached: every call counts its facets; cached: facets and totals come from the per-process
  // facet cache (lib/server/content/facet-cache.ts), as for a repeated query within a minute.
  console.log(
    '| 场景 | 结果数 | 无缓存 p50 ms | 无缓存 p95 ms | 无缓存 max ms | 分面缓存命中 p95 ms |\n|---|---|---|---|---|---|',
  );
  for (const [label, run] of cases) {
    process.env.CONTENT_FACET_CACHE = '0';
    const cold = await time(run);
    process.env.CONTENT_FACET_CACHE = '1';
    const warm = await time(run);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `| ${label} | ${cold.total ?? '-'} | ${f(cold.p50)} | ${f(cold.p95)} | ${f(cold.max)} | ${f(warm.p95)} |`,
    );
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
