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

/**
 * One plain search as the bench scripts ask it: relevance, first page of 20, the API's result cap;
 * `body` overrides (keyword, filters, sort …).
 */
export async function benchSearch(pool: pg.Pool, body: Record<string, unknown>) {
  const { searchEnterprises } = await import('../../lib/server/search/search.service');
  return searchEnterprises(
    {
      keyword: '',
      filters: {},
      sort: 'relevance',
      pageNo: 1,
      pageSize: 20,
      ...body,
    } as Parameters<typeof searchEnterprises>[0],
    { maxResults: 10_000, db: pool },
  );
}
