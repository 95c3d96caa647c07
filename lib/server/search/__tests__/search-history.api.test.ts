import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import { getPool } from '@/lib/server/platform/db';
import { recordSearchHistory, SEARCH_HISTORY_KEEP } from '../search-history.service';

/** Search history through the intelligent-search endpoints, against the real database. */
const BASE = '/shuzhituoke/intelligent-search';

type Entry = { id: number; kind: string; keyword: string; condition: unknown };

let alice: TestUser;
let bob: TestUser;

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const list = async (u: TestUser, kind?: string) =>
  (
    await callApi<Entry[]>(
      'GET',
      `${BASE}/get-search-condition-history${kind ? `?kind=${kind}` : ''}`,
      as(u),
    )
  ).data;

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser({ tenantId: alice.tenantId! });
});

describe('search history', () => {
  it('records keyword and advanced searches, newest first, the same search once', async () => {
    const rec = (keyword: string, condition?: Record<string, unknown>) =>
      callApi('POST', `${BASE}/record-search-history`, {
        ...as(alice),
        body: { keyword, condition },
      });
    expect((await rec('  科技  ')).code).toBe(200);
    await rec('贸易');
    await rec('', { advanced: { groups: [] } });
    await rec('科技');
    const all = await list(alice);
    expect(all.map((e) => [e.kind, e.keyword])).toEqual([
      ['keyword', '科技'],
      ['advanced', ''],
      ['keyword', '贸易'],
    ]);
    expect((await list(alice, 'keyword')).map((e) => e.keyword)).toEqual(['科技', '贸易']);
    expect((await list(alice, 'advanced')).map((e) => e.kind)).toEqual(['advanced']);
    // Someone else in the same tenant sees none of it.
    expect(await list(bob)).toEqual([]);
  });

  it('keeps the most recent searches only', async () => {
    for (let i = 0; i < SEARCH_HISTORY_KEEP + 5; i++)
      await recordSearchHistory({ tenantId: bob.tenantId, userId: bob.userId }, `词${i}`, null);
    const { rows } = await getPool().query<{ n: number }>(
      'select count(*)::int as n from search_history where user_id = $1',
      [bob.userId],
    );
    expect(rows[0].n).toBe(SEARCH_HISTORY_KEEP);
    expect((await list(bob))[0].keyword).toBe(`词${SEARCH_HISTORY_KEEP + 4}`);
  });

  it('clears only the caller’s history', async () => {
    const r = await callApi('DELETE', `${BASE}/clear-search-history`, as(alice));
    expect(r.code).toBe(200);
    expect(await list(alice)).toEqual([]);
    expect((await list(bob)).length).toBeGreaterThan(0);
  });

  it('refuses callers without a session and bad input', async () => {
    expect((await callApi('GET', `${BASE}/get-search-condition-history`)).code).toBe(401);
    const long = await callApi('POST', `${BASE}/record-search-history`, {
      ...as(alice),
      body: { keyword: 'x'.repeat(201) },
    });
    expect(long.code).toBe(400);
    const kind = await callApi('GET', `${BASE}/get-search-condition-history?kind=other`, as(alice));
    expect(kind.code).toBe(400);
  });
});
