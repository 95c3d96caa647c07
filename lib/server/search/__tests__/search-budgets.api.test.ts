import { getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { enterpriseSearchQuerySchema } from '@/lib/shared/search/query';
import type { EnterpriseSearchQuery } from '@/lib/shared/search/types';
import { searchEnterprises } from '../search.service';
import { tally } from '../search-count';
import { FACET_LOOKUP_ROWS } from '../search-plan-keyword';
import { fetchSource, walkRows } from '../search-rank';
import { keywordSources } from '../search-sources';
import { getTermStats, resetTermStats } from '../term-stats';

/*
 * The plan branches of the search budgets (issue 10 item 5) against the real database: the small
 * plan's index-only prefix branches and their facets, and the tally's exact count skipped when a
 * total is known before it.
 */

const query = (q: Partial<EnterpriseSearchQuery>) => enterpriseSearchQuerySchema.parse(q);
const PROVINCES = ['350000', '310000', '440000'];
/** Name prefixes that occur nowhere in the generated corpus. */
const FEW = '翛翜';
const MANY = '翛翝';
const MANY_COUNT = FACET_LOOKUP_ROWS + 40;

/** Region counts of the companies whose name starts with `prefix`, counted in SQL. */
async function regionsOf(prefix: string): Promise<Map<string, number>> {
  const { rows } = await getPool().query<{ province_code: string; n: number }>(
    `select province_code, count(*)::int as n from enterprises where name like $1 group by 1`,
    [`${prefix}%`],
  );
  return new Map(rows.map((r) => [r.province_code, r.n]));
}

beforeAll(async () => {
  for (let i = 0; i < 30; i++)
    await plantEnterprise({
      name: `${FEW}${i}号科技有限公司`,
      weight: i,
      provinceCode: PROVINCES[i % 3],
    });
  for (let i = 0; i < MANY_COUNT; i++)
    await plantEnterprise({
      name: `${MANY}${i}号商贸有限公司`,
      weight: i,
      provinceCode: PROVINCES[i % 2],
    });
  await getPool().query('analyze enterprises');
  resetTermStats(getPool());
}, 60_000);

describe('small plan: name and code prefixes read index-only', () => {
  it('ranks them as before and counts their facets exactly when few', async () => {
    const r = await searchEnterprises(query({ keyword: FEW, pageSize: 10 }), {
      maxResults: 1000,
      plan: 'small',
    });
    expect(r.total).toBe(30);
    expect(r.totalCapped).toBe(false);
    // Heaviest first (weights 29, 28, …).
    expect(r.list.map((h) => h.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${FEW}${29 - i}号科技有限公司`),
    );
    const regions = await regionsOf(FEW);
    expect(new Map(r.facets.region.map((b) => [b.key, b.count]))).toEqual(regions);
    // The same answer as the tiered plan's.
    const big = await searchEnterprises(query({ keyword: FEW, pageSize: 10 }), {
      maxResults: 1000,
      plan: 'big',
    });
    expect(big.list.map((h) => h.id)).toEqual(r.list.map((h) => h.id));
    expect(big.facets).toEqual(r.facets);
  });

  it(`beyond ${FACET_LOOKUP_ROWS} matches counts facets on an even share, scaled; the total stays exact`, async () => {
    const r = await searchEnterprises(query({ keyword: MANY, pageSize: 20 }), {
      maxResults: 1000,
      plan: 'small',
    });
    expect(r.total).toBe(MANY_COUNT);
    expect(r.totalCapped).toBe(false);
    expect(r.list[0].name).toBe(`${MANY}${MANY_COUNT - 1}号商贸有限公司`);
    const regions = await regionsOf(MANY);
    const counted = new Map(r.facets.region.map((b) => [b.key, b.count]));
    expect([...counted.keys()].sort()).toEqual([...regions.keys()].sort());
    // Scaled from every k-th row: within a few companies of the true count per region.
    for (const [key, n] of regions) expect(Math.abs(counted.get(key)! - n)).toBeLessThanOrEqual(4);
  });

  it('reads the full rows when another sort or a filter needs their columns', async () => {
    const r = await searchEnterprises(
      query({ keyword: MANY, sort: 'capitalDesc', filters: { regions: ['310000'] } }),
      { maxResults: 1000, plan: 'small' },
    );
    const regions = await regionsOf(MANY);
    expect(r.total).toBe(regions.get('310000'));
    expect(r.facets.region).toEqual([expect.objectContaining({ key: '310000', count: r.total })]);
  });
});

describe('tally: the exact count skipped when a total is known before it', () => {
  /** As if the table held a million companies: the page sample is a thin 0.25 %. */
  const MILLION = 1_000_000;
  const where = { sql: `where e.name_doc like $1`, values: [`${MANY}%`] };

  it('counts exactly when nothing is known', async () => {
    const t = await tally(getPool(), MILLION, where);
    expect(t).toMatchObject({ total: MANY_COUNT, approx: false });
  });

  it('counts exactly below the thresholds, whatever the kind', async () => {
    for (const kind of ['exact', 'floor', 'estimate'] as const) {
      const t = await tally(getPool(), MILLION, where, where, where, { total: 150, kind });
      expect(t).toMatchObject({ total: MANY_COUNT, approx: false });
    }
  });

  it('keeps an exact total known before, without counting', async () => {
    // A total the count would contradict: proof that it did not run.
    const t = await tally(getPool(), MILLION, where, where, where, { total: 4321, kind: 'exact' });
    expect(t).toMatchObject({ total: 4321, approx: false });
  });

  it('answers 约N from a floor or an estimate in the thousands, without counting', async () => {
    const floor = await tally(getPool(), MILLION, where, where, where, {
      total: 1200,
      kind: 'floor',
    });
    expect(floor.approx).toBe(true);
    expect(floor.total).toBeGreaterThanOrEqual(1200);
    const estimate = await tally(getPool(), MILLION, where, where, where, {
      total: 2600,
      kind: 'estimate',
    });
    expect(estimate.approx).toBe(true);
    expect(estimate.total).toBeGreaterThanOrEqual(2600);
  });
});

describe('a walk bounded by the weight floor', () => {
  it('reads one level under the floor and finds what an unbounded scan finds', async () => {
    resetTermStats(getPool());
    const stats = await getTermStats(getPool());
    // The seed analysed the corpus: the weight histogram is there.
    expect(stats.weight?.bounds.length).toBeGreaterThan(1);
    const { rows: share } = await getPool().query<{ share: number }>(
      `select avg((strpos(name_doc, '科技') > 0)::int)::float8 as share from enterprises`,
    );
    expect(share[0].share).toBeGreaterThan(0.01);
    const source = keywordSources('科技', '科技', stats).find((s) => s.field === 'name')!;
    Object.assign(source, { freq: share[0].share, measured: true });
    expect(walkRows(source, 20, stats)).not.toBeNull();

    const client = await getPool().connect();
    const asked: string[] = [];
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
      if (typeof a[0] === 'string') asked.push(a[0]);
      return query(...a);
    };
    try {
      const rows = await fetchSource(client, source, 20, {}, stats);
      const truth = await getPool().query<{ id: number }>(
        `select id::int as id from enterprises where strpos(name_doc, '科技') > 0
          order by weight desc, id limit 20`,
      );
      expect(rows.map((r) => r.id)).toEqual(truth.rows.map((r) => r.id));
      expect(asked.some((sql) => /e\.weight >= \$1 and strpos\(e\.name_doc/.test(sql))).toBe(true);
    } finally {
      client.release();
    }
  });
});
