import type pg from 'pg';

export type CorpusPick = {
  name: string;
  uncid: string;
  legal_person: string;
  province_code: string;
  address: string;
};

/** Real names, codes, people and addresses from the corpus, picked the same way every run. */
export async function corpusPicks(pool: pg.Pool): Promise<CorpusPick[]> {
  const picks = await pool.query<CorpusPick>(
    `select name, uncid, legal_person, province_code, coalesce(address, '') as address
       from enterprises where id % 9973 = 17 order by id limit 20`,
  );
  return picks.rows;
}
