import { getPool } from '@/lib/server/platform';
import { formatTotal } from '@/lib/shared/search/total-text';

/**
 * Headline figures for public pages. Uses the planner's row estimate: exact counts over a million
 * rows cost hundreds of milliseconds and the page only says "约 N 万家".
 */
export async function estimatedEnterpriseCount(): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>(
    `select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'public.enterprises'::regclass`,
  );
  let n = Number(rows[0]?.n ?? 0);
  if (n <= 0) {
    // Never analysed yet (fresh seed): count directly, it is small then.
    const exact = await getPool().query<{ n: number }>(
      'select count(*)::bigint as n from enterprises',
    );
    n = Number(exact.rows[0]?.n ?? 0);
  }
  return n;
}

/** The headline count, an estimate: worded like every total (约2万, formatTotal). */
export function formatCount(n: number): string {
  if (n >= 1e8) return `约${(n / 1e8).toFixed(1).replace(/\.0$/, '')}亿`;
  return formatTotal(n, true);
}
