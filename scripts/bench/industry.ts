/**
 * Industry insights benchmark (issue 31): authoritative list pages (p95 ≤ 50 ms), chain graphs
 * with counts (p95 ≤ 150 ms) and the industry map's region counts (p95 ≤ 100 ms) at 1,000,000
 * companies, through the server functions the pages and
 * the API call (lib/server/content) in process.
 *
 *   npm run bench:industry -- [--dir PATH] [--enterprises N] [--iterations K]
 *
 * Uses its own embedded PostgreSQL under --dir (default lr-bench-industry in the system temp
 * directory) on EMBEDDED_PG_PORT (default 55640), seeded once with N demo companies (default
 * 1,000,000). Reports the cold costs the refresh rules pay (every list's members, every chain's
 * statistics) and the warm reads a visitor gets, then the ranking of 产业招商 (≤ 2 s for a
 * province, ADR 0200). `--only merchants` runs that section alone. Timed runs go under
 * `flock "$BENCH_LOCK"`.
 */
import '@/lib/server/platform/outside-next';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench-db';
import { arg, summary, timed } from './timing';

async function main() {
  const dir = path.resolve(arg('--dir', path.join(os.tmpdir(), 'lr-bench-industry')));
  const enterprises = Number(arg('--enterprises', '1000000'));
  const iterations = Number(arg('--iterations', '300'));
  const db = await openBenchDatabase({ dir, port: 55640, enterprises });
  const pool = db.pool;
  const { rows } = await pool.query<{ n: number }>('select count(*)::int n from enterprises');
  console.log(`corpus: ${rows[0].n} companies (${dir})`);
  if (arg('--only', '') === 'merchants') {
    await benchMerchants(pool);
    await db.close();
    return;
  }
  const content = await import('../../lib/server/content/index');
  const { readLists } = await import('../../lib/server/content/industry/list.repository');
  const { refreshList } = await import('../../lib/server/content/industry/list.service');
  const { computeChainStats } = await import('../../lib/server/content/industry/chain.service');
  const { INDUSTRY_CHAINS, getSections } = await import('../../lib/shared/industry/index');
  const { parseIndustryMapParams } = await import('../../lib/shared/industry/industry-map');
  const { getIndustryMapStats } =
    await import('../../lib/server/content/industry/industry-map.service');
  // The industry map's subjects: every section nationally, three of them in two provinces, chains.
  const mapQueries = [
    ...getSections().map((s) => ({ industry: s.code })),
    ...['C', 'I', 'F'].flatMap((industry) =>
      ['440000', '350000'].map((region) => ({ industry, region })),
    ),
    ...INDUSTRY_CHAINS.slice(0, 4).map((c) => ({ chain: c.code })),
  ].map((params) => parseIndustryMapParams(params)!);

  // Cold: what the refresh rules pay (members of every list, statistics of every chain).
  console.log('\ncold (refresh work, once per list / chain per refresh period):');
  for (const def of await readLists(pool)) {
    const [ms] = await timed(() => refreshList(def, pool));
    console.log(
      `  list ${def.slug.padEnd(20)} ${String(def.memberCount).padStart(6)} members  ${ms.toFixed(0).padStart(6)} ms`,
    );
  }
  for (const chain of INDUSTRY_CHAINS) {
    const [ms, g] = await timed(() => computeChainStats(chain, pool));
    console.log(
      `  chain ${chain.code} ${chain.name.padEnd(10)} ${String(g.total).padStart(7)} companies  ${ms.toFixed(0).padStart(6)} ms`,
    );
  }
  await pool.query('delete from industry_map_stats');
  const mapCold: number[] = [];
  for (const query of mapQueries)
    mapCold.push((await timed(() => getIndustryMapStats(query, pool)))[0]);
  console.log(summary('  industry map, first read (computes)', mapCold));

  // Warm: list pages with and without filters, pages 1-5, as the open page and the API read them.
  const lists = await content.listIndustryLists(pool);
  const pages: number[] = [];
  const filtered: number[] = [];
  const graphs: number[] = [];
  const atlas: number[] = [];
  const maps: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const list = lists[i % lists.length];
    const base = {
      slug: list.slug,
      pageNo: 1 + (i % 5),
      pageSize: 20,
      province: undefined,
      section: undefined,
    };
    const [ms, page] = await timed(() => content.getListPage(base, { maxResults: 5000 }));
    pages.push(ms);
    const province = page?.facets.province[i % Math.max(1, page.facets.province.length)]?.key;
    const section = page?.facets.section[0]?.key;
    const [fms] = await timed(() =>
      content.getListPage(
        { ...base, pageNo: 1, province, section: i % 2 ? section : undefined },
        { maxResults: 5000 },
      ),
    );
    filtered.push(fms);
    const chain = INDUSTRY_CHAINS[i % INDUSTRY_CHAINS.length];
    graphs.push((await timed(() => content.getChainGraph(chain.code, pool)))[0]);
    if (i % 10 === 0) atlas.push((await timed(() => content.listChains('', pool)))[0]);
    maps.push((await timed(() => getIndustryMapStats(mapQueries[i % mapQueries.length], pool)))[0]);
  }
  console.log('\nwarm:');
  console.log(summary('list page (no filter, pages 1-5)', pages));
  console.log(summary('list page (province / section)', filtered));
  console.log(summary('chain graph with counts', graphs));
  console.log(summary('atlas (12 chains)', atlas));
  console.log(summary('industry map (stored statistics)', maps));
  await benchMerchants(pool);
  await db.close();
}

/**
 * 产业招商 (ADR 0200): the day's signals (computed once per day, on the first ranking), then the
 * first page of the ranking for five provinces and a city with a section, a division and a chain:
 * the first read of each region (its chain-neighbour counts are read then) and warm reads.
 */
async function benchMerchants(pool: import('pg').Pool) {
  const { rankMerchants, ensureMerchantSignals } =
    await import('../../lib/server/content/industry/merchants.service');
  const { merchantsTarget } = await import('../../lib/shared/industry/merchants');
  const asOf = new Date().toISOString().slice(0, 10);
  await pool.query('delete from merchant_signals');
  await pool.query('delete from merchant_signal_days');
  const [signalMs] = await timed(() => ensureMerchantSignals(asOf, pool));
  const { rows } = await pool.query<{ n: number }>(
    'select companies as n from merchant_signal_days where as_of = $1',
    [asOf],
  );
  console.log(
    `\n产业招商: the day's signals (${rows[0]?.n ?? 0} companies with a signal), once per day: ${signalMs.toFixed(0)} ms`,
  );
  const regions = ['440000', '320000', '330000', '110000', '510000', '440300'];
  const industries = ['C', 'I', '65', 'CY002'];
  const first: number[] = [];
  const province: number[] = [];
  const city: number[] = [];
  console.log('ranking, first page of 20 (warm):');
  for (let round = 0; round < 3; round++)
    for (const region of regions)
      for (const industry of industries) {
        const target = merchantsTarget({ region, industry });
        if ('error' in target) throw new Error(target.error);
        const [ms, page] = await timed(() =>
          rankMerchants({ ...target, asOf }, { limit: 20, offset: 0 }, pool),
        );
        if (round === 0 && industry === industries[0]) first.push(ms);
        else (target.region.level === 1 ? province : city).push(ms);
        if (round === 2)
          console.log(
            `  ${region} × ${industry.padEnd(5)} ${String(page.total).padStart(7)} ranked  ${ms.toFixed(0).padStart(6)} ms`,
          );
      }
  console.log(summary('first ranking of a region', first));
  console.log(summary('merchants ranking, a province', province));
  console.log(summary('merchants ranking, a city', city));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
