import { getPool } from '@/lib/server/platform/db';
import { seedDemoCrm } from '../crm-demo';

/** The first start's example leads, customers and opportunities for the standard demo tenant. */
describe('demo CRM data', () => {
  it('fills the standard tenant once, through the services (statuses, customers, pipeline)', async () => {
    expect(await seedDemoCrm()).toBe(30);
    const pool = getPool();
    const { rows: tenant } = await pool.query<{ tenant_id: string }>(
      "select tenant_id from users where username = 'standard_admin'",
    );
    const t = tenant[0].tenant_id;
    const count = async (sql: string) =>
      Number((await pool.query<{ n: string }>(sql, [t])).rows[0].n);
    const byStatus = await pool.query<{ status: number; n: string }>(
      'select status, count(*) n from clues where tenant_id = $1 group by status order by status',
      [t],
    );
    // 0 新线索 12, 1 跟进中 9, 2 已转化 6, 3 无效 3.
    expect(byStatus.rows.map((r) => [r.status, Number(r.n)])).toEqual([
      [0, 12],
      [1, 9],
      [2, 6],
      [3, 3],
    ]);
    expect(
      await count(
        'select count(*) n from clue_follow_ups f join clues c on c.id = f.clue_id where c.tenant_id = $1',
      ),
    ).toBe(15);
    expect(await count('select count(*) n from customers where tenant_id = $1')).toBe(6);
    const opps = await pool.query<{ type: string; n: string }>(
      `select s.type, count(*) n from opportunities o join opportunity_stages s on s.id = o.stage_id
        where o.tenant_id = $1 group by s.type order by s.type`,
      [t],
    );
    expect(opps.rows.map((r) => [r.type, Number(r.n)])).toEqual([
      ['lost', 1],
      ['open', 4],
      ['won', 1],
    ]);
    // A second start adds nothing.
    expect(await seedDemoCrm()).toBe(0);
    expect(await count('select count(*) n from clues where tenant_id = $1')).toBe(30);
  });
});
