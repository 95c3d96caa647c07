import { getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { enterpriseSearchQuerySchema } from '@/lib/shared/search/query';
import { bigPlan } from '../search-plan-keyword';
import { TIER, type Source } from '../search-sources';
import { getTermStats } from '../term-stats';

/*
 * A later page whose ranked rows are cut short by a time budget (page 50 of a frequent word under
 * load) is asked for again without the budgets, instead of coming back empty. The source below
 * makes that happen on purpose: its index path sleeps past the 50 ms budget, and its walk finds
 * nothing, as a walk over the heaviest rows finds nothing of a word whose matches are all lighter.
 */

const PREFIX = '翛翞';
const PLANTED = 45;

const slowSource: Source = {
  tier: TIER.name,
  field: 'name',
  freq: null,
  walk: () => 'false',
  indexed: (p) => `e.name like ${p.add(`${PREFIX}%`)} and (select count(*) from pg_sleep(0.2)) = 1`,
};

beforeAll(async () => {
  for (let i = 0; i < PLANTED; i++)
    await plantEnterprise({ name: `${PREFIX}${i}号贸易有限公司`, weight: i });
}, 60_000);

/** The planted companies' ids, heaviest first (the relevance order within one tier). */
async function plantedByWeight(): Promise<number[]> {
  const { rows } = await getPool().query<{ id: number }>(
    `select id::int as id from enterprises where name like $1 order by weight desc, id`,
    [`${PREFIX}%`],
  );
  return rows.map((r) => r.id);
}

describe('big plan: a page cut short by its time budget', () => {
  const query = enterpriseSearchQuerySchema.parse({ keyword: PREFIX, pageSize: 20 });

  it('answers a later page in full, asked again without the budgets', async () => {
    const stats = await getTermStats(getPool());
    const page = await bigPlan(getPool(), [slowSource], query, 20, 40, stats);
    expect(page.ids).toEqual((await plantedByWeight()).slice(20, 40));
  });

  it('keeps the first page within its budget (the rows found in time answer)', async () => {
    const stats = await getTermStats(getPool());
    const page = await bigPlan(getPool(), [slowSource], query, 0, 20, stats);
    expect(page.ids).toEqual([]);
    expect(page.approx).toBe(true);
  });
});
