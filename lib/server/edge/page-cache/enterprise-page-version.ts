import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform';
import type { EnterpriseLookup } from './page-cache-rules';

/** What a company page was rendered from: which company, at which version of its data. */
export type EnterprisePageStamp = { enterpriseId: number; version: number; generation: number };

function lookupCondition(lookup: EnterpriseLookup): SQL {
  if (lookup.by === 'id') return sql`e.id = ${lookup.id}`;
  if (lookup.by === 'uncid') return sql`e.uncid = ${lookup.uncid}`;
  return sql`e.id = (select id from enterprises where name = ${lookup.name}
    order by weight desc, id asc limit 1)`;
}

/**
 * The company a page address names and its page version, in one indexed read; null when no
 * company matches (the page is a 404, which is not cached). The name rule is the page's own:
 * the most prominent company of that exact name.
 */
export async function enterprisePageStamp(
  lookup: EnterpriseLookup,
): Promise<EnterprisePageStamp | null> {
  const result = await getDb().execute<{ id: string; version: string; generation: string }>(sql`
    select e.id, coalesce(v.version, 0) as version, g.generation
    from page_cache_generation g
    join enterprises e on ${lookupCondition(lookup)}
    left join enterprise_page_versions v on v.enterprise_id = e.id
    where g.id = 1
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    enterpriseId: Number(row.id),
    version: Number(row.version),
    generation: Number(row.generation),
  };
}

export function sameStamp(a: EnterprisePageStamp, b: EnterprisePageStamp | null): boolean {
  return (
    b !== null &&
    a.enterpriseId === b.enterpriseId &&
    a.version === b.version &&
    a.generation === b.generation
  );
}
