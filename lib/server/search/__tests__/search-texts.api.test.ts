import { getPool } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { enterpriseSearchQuerySchema } from '@/lib/shared/search/query';
import { searchEnterprises } from '../search.service';
import { SEARCH_TEXTS_TABLE } from '../search-sources';

/*
 * enterprise_search_texts (migration 0030) is the narrow copy address and legal-person searches
 * read. It is written only by triggers on enterprises: these tests change enterprises every way the
 * product and the seed do and compare the copy, then show that searches without filters read it.
 */

const COPIED = `weight, legal_person, address, reg_capital, establish_date, province_code,
  industry_section, status`;

/** Rows where the copy differs from enterprises (missing on either side, or other values). */
async function mismatches(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>(
    `select count(*)::int as n from (
       (select id, ${COPIED} from enterprises except select id, ${COPIED} from ${SEARCH_TEXTS_TABLE})
       union all
       (select id, ${COPIED} from ${SEARCH_TEXTS_TABLE} except select id, ${COPIED} from enterprises)
     ) x`,
  );
  return rows[0].n;
}

async function copyOf(id: number) {
  const { rows } = await getPool().query<{ address: string; weight: number; xmin: string }>(
    `select address, weight, xmin::text as xmin from ${SEARCH_TEXTS_TABLE} where id = $1`,
    [id],
  );
  return rows[0];
}

const search = (keyword: string, filters: Record<string, unknown> = {}) =>
  searchEnterprises(enterpriseSearchQuerySchema.parse({ keyword, filters, pageSize: 20 }), {
    maxResults: 100,
  });

describe('enterprise_search_texts follows enterprises', () => {
  it('holds every company of the seeded corpus (loaded with COPY)', async () => {
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int as n from ${SEARCH_TEXTS_TABLE}`,
    );
    expect(rows[0].n).toBeGreaterThan(100);
    expect(await mismatches()).toBe(0);
  });

  it('copies an inserted company, an edited address and weight, and forgets a deleted one', async () => {
    const { id } = await plantEnterprise({
      name: '翀翃测试贸易有限公司',
      address: '黑龙江省鹤岗市兴山区翀翃路 8 号',
      weight: 3,
    });
    expect(await copyOf(id)).toMatchObject({
      address: '黑龙江省鹤岗市兴山区翀翃路 8 号',
      weight: 3,
    });

    await getPool().query(
      `update enterprises set address = '黑龙江省鹤岗市工农区翀翃大街 9 号', weight = 7 where id = $1`,
      [id],
    );
    expect(await copyOf(id)).toMatchObject({
      address: '黑龙江省鹤岗市工农区翀翃大街 9 号',
      weight: 7,
    });
    expect(await mismatches()).toBe(0);

    await getPool().query(`delete from enterprises where id = $1`, [id]);
    expect(await copyOf(id)).toBeUndefined();
    expect(await mismatches()).toBe(0);
  });

  it('is not rewritten when only other columns change (contact counts change often)', async () => {
    const { id } = await plantEnterprise({ name: '翀翃计数科技有限公司' });
    const before = await copyOf(id);
    await getPool().query(`update enterprises set phone_count = phone_count + 1 where id = $1`, [
      id,
    ]);
    expect((await copyOf(id)).xmin).toBe(before.xmin);
  });

  it('is emptied with enterprises (the seed truncates the corpus)', async () => {
    const client = await getPool().connect();
    try {
      await client.query('begin');
      await client.query('truncate enterprises');
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${SEARCH_TEXTS_TABLE}`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('address and legal-person searches read the narrow copy', () => {
  it('finds a company by a fragment of its new address, with and without filters', async () => {
    const { id } = await plantEnterprise({
      name: '翀翃物流有限公司',
      address: '福建省厦门市思明区旧址路 1 号',
    });
    await getPool().query(`update enterprises set address = $2 where id = $1`, [
      id,
      '福建省厦门市湖里区翀翃港路 66 号',
    ]);
    const plain = await search('湖里区翀翃港');
    expect(plain.list.map((r) => r.id)).toContain(id);
    expect(plain.total).toBe(1);
    const filtered = await search('湖里区翀翃港', { regions: ['350000'] });
    expect(filtered.list.map((r) => r.id)).toContain(id);
    expect((await search('思明区旧址路')).list.map((r) => r.id)).not.toContain(id);
  });

  it('answers a search without filters from the copy, and a filtered one from enterprises', async () => {
    const { id } = await plantEnterprise({
      name: '翀翃建材有限公司',
      address: '福建省厦门市集美区翀翃建材路 2 号',
    });
    // Only the copy says 翀翃试读路: a search reading the copy finds the company there, a search
    // reading enterprises (filters) does not.
    await getPool().query(`update ${SEARCH_TEXTS_TABLE} set address = $2 where id = $1`, [
      id,
      '福建省厦门市集美区翀翃试读路 2 号',
    ]);
    expect((await search('翀翃试读路')).list.map((r) => r.id)).toEqual([id]);
    expect((await search('翀翃试读路', { regions: ['350000'] })).list).toEqual([]);
  });
});
