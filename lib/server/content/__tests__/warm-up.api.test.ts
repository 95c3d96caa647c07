import { getPool } from '@/lib/server/platform/db';
import { INDUSTRY_CHAINS } from '@/lib/shared/industry/chains';
import { INDUSTRY_MAP_DEFAULT } from '@/lib/shared/industry/industry-map';
import { warmContentIndexes } from '../warm-up';

/*
 * The start-up warm-up (server.ts) leaves every derived index of the open pages stored, so the
 * first visitor reads rows instead of computing them; a second warm-up over fresh indexes
 * recomputes nothing.
 */
async function storedState() {
  const db = getPool();
  const one = async (text: string, values: unknown[] = []) =>
    (await db.query<{ v: string | null }>(text, values)).rows[0]?.v ?? null;
  return {
    finance: await one('select refreshed_at::text as v from finance_index_state where id = 1'),
    listsUncomputed: Number(
      await one('select count(*)::text as v from industry_lists where refreshed_at is null'),
    ),
    chains: Number(await one('select count(*)::text as v from industry_chain_stats')),
    defaultMap: await one(
      `select refreshed_at::text as v from industry_map_stats where subject = $1 and region = ''`,
      [INDUSTRY_MAP_DEFAULT],
    ),
  };
}

test('a warm-up after a reseed stores every index; a second one recomputes nothing', async () => {
  const db = getPool();
  // As a reseed leaves them: nothing computed.
  await db.query('delete from finance_index_state');
  await db.query('update industry_lists set refreshed_at = null');
  await db.query('delete from industry_chain_stats');
  await db.query(`delete from industry_map_stats where subject = $1 and region = ''`, [
    INDUSTRY_MAP_DEFAULT,
  ]);

  const report = await warmContentIndexes();
  expect(report.map((p) => p.part)).toEqual(['finance', 'lists', 'chains', 'industry-map']);
  const warm = await storedState();
  expect(warm.finance).not.toBeNull();
  expect(warm.listsUncomputed).toBe(0);
  expect(warm.chains).toBe(INDUSTRY_CHAINS.length);
  expect(warm.defaultMap).not.toBeNull();

  await warmContentIndexes();
  expect(await storedState()).toEqual(warm);
});
