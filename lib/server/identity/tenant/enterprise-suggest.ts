import { desc, ilike, sql } from 'drizzle-orm';
import { getDb, type ClientInfo } from '@/lib/server/platform';
import { limitCaller, type RateIdentity } from './rate-caller';
import { enterprises } from '@/db/schema';

/** Spec 3 enterprise suggestion shape. */
export type EnterpriseSuggestion = { ent_id: number; entname: string; uncid: string };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Login-screen suggestions (at most 6), throttled per caller (RATE_POLICIES.enterpriseSuggest): it
 * is open to anyone and would otherwise list the company names for free. TODO: switch to the search
 * domain's suggestEnterprises (lib/server/search); this plain ILIKE is only good for small corpora.
 */
export async function suggestEnterprisesForLogin(
  caller: { auth: RateIdentity | null; client: ClientInfo },
  keyword: string,
  limit = 6,
): Promise<EnterpriseSuggestion[]> {
  await limitCaller('enterpriseSuggest', caller.auth, caller.client);
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
