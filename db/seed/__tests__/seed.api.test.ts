import { getPool } from '@/lib/server/platform/db';
import {
  CORPUS_TABLES,
  countEnterprises,
  resetEnterpriseCorpus,
  seedEnterprises,
  seedReferenceData,
} from '..';

async function indexNames(): Promise<string[]> {
  const { rows } = await getPool().query<{ indexname: string }>(
    `select indexname from pg_indexes where schemaname = current_schema() and tablename = any($1) order by 1`,
    [CORPUS_TABLES as unknown as string[]],
  );
  return rows.map((r) => r.indexname);
}

/** Column statistics targets set on the corpus indexes (the search's bigram indexes have 300). */
async function statisticsTargets(): Promise<Record<string, number>> {
  const { rows } = await getPool().query<{ name: string; target: number }>(
    `select c.relname as name, a.attstattarget::int as target
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relkind = 'i' and a.attstattarget >= 0 and c.relname like '%grams_idx'`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.target]));
}

async function snapshot() {
  const pool = getPool();
  const enterprises = await pool.query(
    'select id, name, uncid, reg_capital, tags, listing_info from enterprises order by id',
  );
  const holders = await pool.query(
    'select enterprise_id, holder_name, holder_enterprise_id, ratio from enterprise_shareholders order by id',
  );
  const investments = await pool.query(
    'select enterprise_id, investee_enterprise_id, ratio from enterprise_investments order by id',
  );
  return { enterprises: enterprises.rows, holders: holders.rows, investments: investments.rows };
}

describe('seeding the enterprise corpus', () => {
  beforeAll(async () => {
    await resetEnterpriseCorpus(getPool());
  });

  it('upserts reference data idempotently', async () => {
    const first = await seedReferenceData(getPool());
    const second = await seedReferenceData(getPool());
    expect(second).toEqual(first);
    const { rows } = await getPool().query<{ regions: string; industries: string }>(
      'select (select count(*) from regions)::text as regions, (select count(*) from industries)::text as industries',
    );
    expect(Number(rows[0].regions)).toBe(first.regions);
    expect(Number(rows[0].industries)).toBe(first.industries);
  });

  it('bulk-loads enterprises and child rows, keeping indexes and sequences right', async () => {
    const before = await indexNames();
    const targets = await statisticsTargets();
    expect(targets).toMatchObject({
      enterprises_name_doc_grams_idx: 300,
      enterprises_text_grams_idx: 300,
      enterprise_shareholders_name_grams_idx: 300,
    });
    const phases = new Set<string>();
    const result = await seedEnterprises(getPool(), {
      count: 150,
      seed: 99,
      onProgress: (_done, _total, p) => phases.add(p.phase),
    });
    expect(result.inserted).toBe(150);
    expect(result.rows.enterprises).toBe(150);
    expect(result.rows.enterprise_contacts).toBeGreaterThan(150);
    expect(await countEnterprises(getPool())).toBe(150);
    expect(await indexNames()).toEqual(before);
    expect(await statisticsTargets()).toEqual(targets);
    expect([...phases]).toEqual(
      expect.arrayContaining(['prepare', 'load', 'index', 'analyze', 'done']),
    );
    const pool = getPool();
    const backup = await pool.query(`select to_regclass('seed_index_backup') is null as gone`);
    expect(backup.rows[0].gone).toBe(true);
    const next = await pool.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence('enterprise_contacts', 'id'))::text as id`,
    );
    const max = await pool.query<{ id: string }>(
      'select max(id)::text as id from enterprise_contacts',
    );
    expect(Number(next.rows[0].id)).toBe(Number(max.rows[0].id) + 1);
    // Every child row points at an enterprise.
    for (const table of CORPUS_TABLES.filter((t) => t !== 'enterprises')) {
      const orphans = await pool.query(
        `select count(*)::int as n from ${table} c where not exists (select 1 from enterprises e where e.id = c.enterprise_id)`,
      );
      expect(orphans.rows[0].n).toBe(0);
    }
  });

  it('tops up exactly as one longer run would have generated', async () => {
    const oneShot = await snapshot();
    await resetEnterpriseCorpus(getPool());
    await seedEnterprises(getPool(), { count: 90, seed: 99 });
    await seedEnterprises(getPool(), { count: 60, seed: 99 });
    expect(await snapshot()).toEqual(oneShot);
  });
});
