import { desc, ilike, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { enterprises } from '@/db/schema';

/** Spec 3 enterprise suggestion shape. */
export type EnterpriseSuggestion = { ent_id: number; entname: string; uncid: string };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Login-screen suggestions (at most 6). TODO: switch to the search domain's suggestEnterprises
 * (lib/server/search) once it lands; this plain ILIKE is only good for small corpora.
 */
export async function suggestEnterprisesForLogin(
  keyword: string,
  limit = 6,
): Promise<EnterpriseSuggestion[]> {
  const k = keyword.trim();
  if (k.length === 0) return [];
  const rows = await getDb()
    .select({ id: enterprises.id, name: enterprises.name, uncid: enterprises.uncid })
    .from(enterprises)
    .where(ilike(enterprises.name, `%${escapeLike(k)}%`))
    .orderBy(
      sql`case when ${enterprises.name} like ${`${escapeLike(k)}%`} then 0 else 1 end`,
      desc(enterprises.weight),
    )
    .limit(Math.min(6, limit));
  return rows.map((r) => ({ ent_id: r.id, entname: r.name, uncid: r.uncid }));
}
