import { getPool } from '@/lib/server/platform/db';
import { markSearchEnterprise, markSearchKeyword } from '@/lib/shared/search/search.contract';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { markEnterprise, mostMarkedEnterprises, popularKeywords } from '../search-mark.service';

/** Mark keyword / mark enterprise (spec 7.3) through the API, against the real database. */

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let radar: { id: number; uncid: string };
let beacon: { id: number; uncid: string };
let sonar: { id: number; uncid: string };

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const markKeyword = (u: TestUser | null, keyword: unknown) =>
  callContract(markSearchKeyword, { body: { keyword } }, u ? as(u) : {});
const markEnt = (u: TestUser | null, body: Record<string, unknown>) =>
  callContract(markSearchEnterprise, { body }, u ? as(u) : {});

async function marksOf(u: TestUser) {
  const { rows } = await getPool().query<{
    kind: string;
    keyword: string;
    enterprise_id: number | null;
    count: number;
    tenant_id: number | null;
  }>(
    `select kind, keyword, enterprise_id::int as enterprise_id, count, tenant_id::int as tenant_id
       from search_marks where user_id = $1 order by kind, keyword, enterprise_id`,
    [u.userId],
  );
  return rows;
}

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser({ tenantId: alice.tenantId! });
  // Marks need a signed-in user, not an enterprise.
  carol = await createTestUser({ noTenant: true });
  radar = await plantEnterprise({ name: '标记测试雷达科技有限公司' });
  beacon = await plantEnterprise({ name: '标记测试灯塔科技有限公司' });
  sonar = await plantEnterprise({ name: '标记测试声呐科技有限公司' });
});

describe('POST /szjk/search/mark-keyword', () => {
  it('counts each user’s searches of a keyword, normalised', async () => {
    expect(await markKeyword(alice, '  标记科技  ')).toMatchObject({ code: 200, data: true });
    // Full-width letters fold to half-width: the same keyword as `ABC 标记`.
    await markKeyword(alice, 'ＡＢＣ　标记');
    await markKeyword(alice, 'ABC 标记');
    await markKeyword(alice, '标记科技');
    expect(await marksOf(alice)).toEqual([
      {
        kind: 'keyword',
        keyword: 'ABC 标记',
        enterprise_id: null,
        count: 2,
        tenant_id: alice.tenantId,
      },
      {
        kind: 'keyword',
        keyword: '标记科技',
        enterprise_id: null,
        count: 2,
        tenant_id: alice.tenantId,
      },
    ]);
    expect((await markKeyword(carol, '标记科技')).code).toBe(200);
    expect(await marksOf(carol)).toEqual([
      { kind: 'keyword', keyword: '标记科技', enterprise_id: null, count: 1, tenant_id: null },
    ]);
  });

  it('needs a signed-in user', async () => {
    const r = await markKeyword(null, '标记科技');
    expect(r.code).toBe(401);
  });

  it.each([
    ['an empty keyword', '', '请输入关键词'],
    ['only symbols', ' 🚀 ', '请输入关键词'],
    ['no keyword', undefined, '请输入关键词'],
    ['a long keyword', '长'.repeat(201), '关键词过长'],
  ])('refuses %s', async (_, keyword, msg) => {
    const r = await markKeyword(bob, keyword);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(msg);
  });
});

describe('POST /szjk/search/mark-enterprise', () => {
  it('counts openings per company and the keyword that found it', async () => {
    expect(await markEnt(bob, { entId: radar.id, keyword: '雷达' })).toMatchObject({
      code: 200,
      data: true,
    });
    await markEnt(bob, { entId: radar.id, keyword: '雷达' });
    await markEnt(bob, { entId: radar.id });
    await markEnt(bob, { entId: String(beacon.id), keyword: '' });
    const mark = (keyword: string, enterprise_id: number, count: number) => ({
      kind: 'enterprise',
      keyword,
      enterprise_id,
      count,
      tenant_id: bob.tenantId,
    });
    // In keyword, then company order (radar was planted first).
    expect(await marksOf(bob)).toEqual([
      mark('', radar.id, 1),
      mark('', beacon.id, 1),
      mark('雷达', radar.id, 2),
    ]);
  });

  it('answers an unknown company with 企业不存在 and records nothing', async () => {
    const before = await marksOf(carol);
    const r = await markEnt(carol, { entId: 2_000_000_000 });
    expect(r.code).toBe(1004010000);
    expect(r.msg).toBe('企业不存在');
    expect(await marksOf(carol)).toEqual(before);
  });

  it('refuses a missing or malformed company id and anonymous callers', async () => {
    for (const body of [{}, { entId: 'abc' }]) {
      const r = await markEnt(carol, body);
      expect(r.code).toBe(400);
      expect(r.msg).toBe('请提供企业 id');
    }
    expect((await markEnt(carol, { entId: -3 })).code).toBe(400);
    expect((await markEnt(null, { entId: radar.id })).code).toBe(401);
  });
});

describe('reading the marks', () => {
  it("lists a user's most-opened companies, whatever keyword found them", async () => {
    const dave = await createTestUser();
    const owner = { userId: dave.userId, tenantId: dave.tenantId };
    await markEnterprise(owner, beacon.id, '灯塔');
    await markEnterprise(owner, radar.id, '雷达');
    await markEnterprise(owner, radar.id, '科技');
    await markEnterprise(owner, sonar.id, '');
    // beacon and sonar tie on one opening each: the latest first.
    await new Promise((r) => setTimeout(r, 5));
    await markEnterprise(owner, beacon.id, '灯塔');
    await markEnterprise(owner, sonar.id, '声呐');
    // Someone else's openings do not count.
    await markEnterprise({ userId: alice.userId, tenantId: alice.tenantId }, beacon.id, '');
    const list = await mostMarkedEnterprises(dave.userId);
    expect(list.map((e) => [e.entname, e.marks])).toEqual([
      ['标记测试声呐科技有限公司', 2],
      ['标记测试灯塔科技有限公司', 2],
      ['标记测试雷达科技有限公司', 2],
    ]);
    expect(list[0]).toMatchObject({ ent_id: sonar.id, uncid: sonar.uncid });
    expect(list[0].lastMarkTime).toBeGreaterThan(Date.now() - 60_000);
    expect(await mostMarkedEnterprises(dave.userId, 1)).toHaveLength(1);
    expect(await mostMarkedEnterprises(carol.userId)).toEqual([]);
  });

  it('ranks keywords by how many users searched them, then by searches in all', async () => {
    const [u1, u2, u3] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    // 热门甲: three users once each; 热门乙: one user five times.
    for (const u of [u1, u2, u3]) await markKeyword(u, '热门甲');
    for (let i = 0; i < 5; i++) await markKeyword(u1, '热门乙');
    const popular = await popularKeywords({ limit: 50 });
    const rank = (k: string) => popular.findIndex((p) => p.keyword === k);
    expect(popular[rank('热门甲')]).toEqual({ keyword: '热门甲', users: 3, marks: 3 });
    expect(popular[rank('热门乙')]).toEqual({ keyword: '热门乙', users: 1, marks: 5 });
    expect(rank('热门甲')).toBeLessThan(rank('热门乙'));
    // Only recent searches when asked.
    expect(await popularKeywords({ since: new Date(Date.now() + 60_000) })).toEqual([]);
  });
});
