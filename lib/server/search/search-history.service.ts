import 'server-only';
import { getPool, withTransaction } from '@/lib/server/platform';
import { normalizeKeyword } from '@/lib/shared/search/query';
import type { SearchHistoryEntry, SearchHistoryKind } from '@/lib/shared/search/search.contract';

export type { SearchHistoryEntry, SearchHistoryKind };

/** A member of a tenant: search history belongs to the user, within the tenant. */
export type HistoryOwner = { tenantId: number | null; userId: number };

const kindOf = (condition: Record<string, unknown> | null): SearchHistoryKind =>
  condition && 'advanced' in condition ? 'advanced' : 'keyword';

/** How many searches a user's history keeps (older ones are dropped as new ones come in). */
export const SEARCH_HISTORY_KEEP = 50;

/**
 * Records one search at the time it was made (`searchedAt`): pages write history without waiting,
 * so writes may land out of order, but the list stays in the order the user searched. The same keyword and condition again moves to the top instead of
 * repeating; beyond SEARCH_HISTORY_KEEP the oldest go.
 */
export async function recordSearchHistory(
  owner: HistoryOwner,
  rawKeyword: string,
  condition: Record<string, unknown> | null,
  searchedAt: Date = new Date(),
): Promise<void> {
  const keyword = normalizeKeyword(rawKeyword);
  const json = condition ? JSON.stringify(condition) : null;
  await withTransaction(getPool(), async (client) => {
    await client.query(
      `delete from search_history where user_id = $1 and keyword = $2 and condition is not distinct from $3::jsonb`,
      [owner.userId, keyword, json],
    );
    await client.query(
      `insert into search_history (tenant_id, user_id, kind, keyword, condition, created_at)
        values ($1, $2, $3, $4, $5, $6)`,
      [owner.tenantId, owner.userId, kindOf(condition), keyword, json, searchedAt],
    );
    await client.query(
      `delete from search_history where user_id = $1 and id not in (
         select id from search_history where user_id = $1 order by created_at desc, id desc limit $2)`,
      [owner.userId, SEARCH_HISTORY_KEEP],
    );
  });
}

/** The user's most recent searches (of one kind, or all), newest first. */
export async function listSearchHistory(
  userId: number,
  options: { kind?: SearchHistoryKind; limit?: number } = {},
): Promise<SearchHistoryEntry[]> {
  const { rows } = await getPool().query<SearchHistoryEntry>(
    `select id::int as id, kind, keyword, condition,
        (extract(epoch from created_at) * 1000)::float8 as "createTime" from search_history
      where user_id = $1 and ($2::text is null or kind = $2)
      order by created_at desc, id desc limit $3`,
    [userId, options.kind ?? null, options.limit ?? 20],
  );
  return rows;
}

/** Forgets every search of the user. */
export async function clearSearchHistory(userId: number): Promise<number> {
  const r = await getPool().query('delete from search_history where user_id = $1', [userId]);
  return r.rowCount ?? 0;
}
