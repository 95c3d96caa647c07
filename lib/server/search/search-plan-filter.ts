import type pg from 'pg';
import type { EnterpriseSearchQuery } from '@/lib/shared/search/types';
import type { TermStats } from './term-stats';
import { filterConditions, SORT_ORDER, SqlParams } from './search-sql';
import { boundedByPage, tally, type Page } from './search-count';

/** Filter-only listing: the sort's index walks the table in order; counts estimated when big. */
export async function filterPlan(
  db: pg.Pool,
  query: EnterpriseSearchQuery,
  offset: number,
  end: number,
  stats: TermStats,
): Promise<Page> {
  const p = new SqlParams();
  const conditions = filterConditions(p, query.filters);
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const [page, t] = await Promise.all([
    end <= offset
      ? Promise.resolve({ rows: [] as { id: number }[] })
      : db.query<{ id: number }>(
          `select e.id::int as id from enterprises e ${where}
            order by ${SORT_ORDER[query.sort]} limit ${end - offset} offset ${offset}`,
          p.values,
        ),
    tally(db, stats.enterprises, { sql: where, values: p.values }),
  ]);
  return boundedByPage({ ids: page.rows.map((r) => r.id), ...t }, offset, end);
}
