import { enterpriseContacts, enterpriseShareholders } from '@/db/schema';
import { getDb, getPool } from '@/lib/server/platform/db';
import type {
  EnterpriseSearchQuery,
  EnterpriseSearchResult,
  EnterpriseSuggestion,
} from '@/lib/shared/search/types';
import { enterpriseSearchQuerySchema } from '@/lib/shared/search/query';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callApi, createTestUser, useUpRateLimit, type TestUser } from '@/test/helpers/api';
import { RATE_POLICIES } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { limitPageRequest } from '@/lib/server/identity/auth/page-rate-limit';
import { pageRequest } from '@/test/helpers/page-request';
import { formatTotal, searchEnterprises, suggestEnterprises } from '../search.service';
import { bigramsOf, getTermStats, gramFrequency, resetTermStats } from '../term-stats';
import { keywordSources } from '../search-sources';
import { measureProbes, SAMPLE_PROBE_ROWS } from '../search-plan-keyword';

/**
 * Enterprise search against the real database: the test template's 2,000 generated companies
 * plus a few planted ones whose every searchable field holds a unique word.
 */
const SEARCH = '/sztk/data/openapi?urlPath=/enterprise/search';
const SUGGEST = '/sztk/data/openapi?urlPath=/enterprise/suggest';

let ip = 0;
/** Each call from its own address so the anonymous limit only bites where it is tested. */
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;

async function search(body: Record<string, unknown>, user?: TestUser) {
  return callApi<EnterpriseSearchResult>('POST', SEARCH, {
    body,
    token: user?.accessToken,
    tenantId: user?.tenantId,
    ip: nextIp(),
  });
}

const plant = plantEnterprise;

// Words that occur nowhere in the generated corpus.
const W = {
  name: '翾翎',
  former: '翥翚',
  brand: '翀翃',
  person: '欧阳翙翯',
  holder: '翦翮投资',
  address: '翽翾路',
  scope: '翿翷服务',
};

let named: { id: number; uncid: string };
let prefixed: { id: number; uncid: string };
let inside: { id: number; uncid: string };
let others: Record<string, { id: number; uncid: string }>;
let member: TestUser;

beforeAll(async () => {
  named = await plant({ name: `${W.name}科技`, weight: 1, regCapital: 50 });
  prefixed = await plant({ name: `${W.name}科技有限公司`, weight: 2, regCapital: 800 });
  inside = await plant({
    name: `厦门${W.name}网络有限公司`,
    weight: 500,
    regCapital: 6000,
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310104',
    status: '注销',
  });
  others = {
    former: await plant({ name: '厦门甲一有限公司', formerNames: [`厦门${W.former}有限公司`] }),
    brand: await plant({ name: '厦门甲二有限公司', brandWords: [W.brand] }),
    person: await plant({ name: '厦门甲三有限公司', legalPerson: W.person }),
    holder: await plant({ name: '厦门甲四有限公司' }),
    phone: await plant({ name: '厦门甲五有限公司' }),
    address: await plant({ name: '厦门甲六有限公司', address: `厦门市思明区${W.address}8号` }),
    scope: await plant({ name: '厦门甲七有限公司', businessScope: `软件开发；${W.scope}。` }),
  };
  await getDb()
    .insert(enterpriseShareholders)
    .values({
      enterpriseId: others.holder.id,
      holderType: 'company',
      holderName: `厦门${W.holder}有限公司`,
      ratio: 100,
    });
  await getDb().insert(enterpriseContacts).values({
    enterpriseId: others.phone.id,
    type: 'phone',
    value: '0592-7654321',
    source: '官网',
  });
  member = await createTestUser({ edition: 4, roleCodes: ['admin'] });
});

describe('keyword search (API root)', () => {
  it('ranks the exact name first, then name prefixes, then names containing it, highlighted', async () => {
    const r = await search({ keyword: `${W.name}科技` });
    expect(r.code).toBe(200);
    const ids = r.data.list.map((h) => h.id);
    expect(ids.slice(0, 2)).toEqual([named.id, prefixed.id]);
    expect(r.data.total).toBe(2);
    expect(r.data.totalCapped).toBe(false);
    expect(r.data.totalText).toBe('2');
    expect(r.data.list[0].nameSegments).toEqual([{ text: `${W.name}科技`, hit: true }]);

    const two = await search({ keyword: W.name });
    // Prefix tier (by weight) before the name that only contains it, despite its weight of 500.
    expect(two.data.list.map((h) => h.id)).toEqual([prefixed.id, named.id, inside.id]);
    expect(two.data.list[2].nameSegments).toEqual([
      { text: '厦门', hit: false },
      { text: W.name, hit: true },
      { text: '网络有限公司', hit: false },
    ]);
  });

  it.each([
    ['former', W.former, '曾用名'],
    ['brand', W.brand, '品牌'],
    ['person', W.person, '法定代表人'],
    ['holder', W.holder, '股东'],
    ['address', W.address, '地址'],
    ['scope', W.scope, '经营范围'],
    ['phone', '0592-7654321', '电话'],
  ])('finds a company by its %s and says where it matched', async (key, keyword, field) => {
    const r = await search({ keyword });
    expect(r.code).toBe(200);
    const hit = r.data.list.find((h) => h.id === others[key].id);
    expect(hit).toBeDefined();
    expect(hit!.matched?.field).toBe(field);
    expect(hit!.matched!.segments.some((s) => s.hit)).toBe(true);
  });

  it('finds a company by its full credit code and by a code prefix', async () => {
    const full = await search({ keyword: inside.uncid });
    expect(full.data.list[0].id).toBe(inside.id);
    expect(full.data.list[0].matched?.field).toBe('统一社会信用代码');
    const part = await search({ keyword: inside.uncid.slice(0, 12).toLowerCase() });
    expect(part.data.list.map((h) => h.id)).toContain(inside.id);
  });

  it('filters, sorts by capital and date, and counts facets that agree with the filters', async () => {
    const all = await search({ keyword: W.name });
    expect(all.data.facets.region).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: '350000', label: '福建省', count: 2 }),
        expect.objectContaining({ key: '310000', label: '上海市', count: 1 }),
      ]),
    );
    expect(all.data.facets.status.map((b) => b.key)).toEqual(['存续', '注销']);
    expect(all.data.facets.capitalBand.map((b) => [b.key, b.count])).toEqual([
      ['lt100', 1],
      ['500-1000', 1],
      ['gte5000', 1],
    ]);
    const sh = await search({ keyword: W.name, filters: { regions: ['310100'] } });
    expect(sh.data.list.map((h) => h.id)).toEqual([inside.id]);
    const alive = await search({ keyword: W.name, filters: { statuses: ['存续'] } });
    expect(alive.data.total).toBe(2);
    const band = await search({ keyword: W.name, filters: { capitalBands: ['gte5000'] } });
    expect(band.data.list.map((h) => h.id)).toEqual([inside.id]);

    const byCapital = await search({ keyword: W.name, sort: 'capitalDesc' });
    expect(byCapital.data.list.map((h) => h.id)).toEqual([inside.id, prefixed.id, named.id]);
    const byCapitalAsc = await search({ keyword: W.name, sort: 'capitalAsc' });
    expect(byCapitalAsc.data.list.map((h) => h.id)).toEqual([named.id, prefixed.id, inside.id]);
    const byDate = await search({ keyword: '科技', sort: 'dateDesc', pageSize: 50 });
    const dates = byDate.data.list.map((h) => h.establishDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages without overlap and stops at the edition limit with a notice', async () => {
    const p1 = await search({ keyword: '有限', pageSize: 20 }, member);
    const p2 = await search({ keyword: '有限', pageSize: 20, pageNo: 2 }, member);
    expect(p1.data.list).toHaveLength(20);
    expect(p2.data.list).toHaveLength(20);
    const ids = new Set([...p1.data.list, ...p2.data.list].map((h) => h.id));
    expect(ids.size).toBe(40);
    expect(p1.data.maxResults).toBe(10000);
    expect(p1.data.total).toBeGreaterThan(1000);

    // Visitors see the first 100 results.
    const deep = await search({ keyword: '有限', pageSize: 10, pageNo: 11 });
    expect(deep.code).toBe(200);
    expect(deep.data.maxResults).toBe(100);
    expect(deep.data.list).toEqual([]);
    expect(deep.data.notice).toContain('最多可查看前 100 条');
    const last = await search({ keyword: '有限', pageSize: 10, pageNo: 10 });
    expect(last.data.list).toHaveLength(10);
  });

  it('filter-only search pages by the sort and counts facets exactly on a small corpus', async () => {
    const r = await search({ filters: { regions: ['310000'] }, sort: 'capitalDesc', pageSize: 50 });
    expect(r.code).toBe(200);
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int as n from enterprises where province_code = '310000'`,
    );
    expect(r.data.total).toBe(rows[0].n);
    expect(r.data.facets.region).toEqual([
      expect.objectContaining({ key: '310000', count: rows[0].n }),
    ]);
    const caps = r.data.list.map((h) => h.regCapital ?? -1);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
  });
});

describe('成立年限 facet (issue 28 item 7)', () => {
  it('counts each band as its filter finds it, on the filter-only and the keyword plan', async () => {
    const r = await search({ filters: { regions: ['310000'] }, pageSize: 10 });
    expect(r.data.facets.establishBand.length).toBeGreaterThan(0);
    for (const b of r.data.facets.establishBand) {
      const f = await search({
        filters: { regions: ['310000'], establishBands: [b.key] },
        pageSize: 10,
      });
      expect([b.key, f.data.total]).toEqual([b.key, b.count]);
    }
    const k = await search({ keyword: '科技', pageSize: 10 });
    expect(k.data.facets.establishBand.length).toBeGreaterThan(0);
  });
});

describe('query plans', () => {
  const query = (q: Partial<EnterpriseSearchQuery>) => enterpriseSearchQuerySchema.parse(q);

  beforeAll(async () => {
    await getPool().query('analyze enterprises');
    await getPool().query('analyze enterprise_shareholders');
    resetTermStats(getPool());
  });

  it('keeps bigram frequencies from the statistics: 有限 is frequent, planted words are rare', async () => {
    const stats = await getTermStats(getPool());
    expect(stats.enterprises).toBeGreaterThan(1900);
    expect(gramFrequency(stats, 'name', ['有限'])).toBeGreaterThan(0.5);
    expect(gramFrequency(stats, 'name', bigramsOf(W.name))).toBeLessThan(0.01);
    // The business scope has statistics of its own: an address word is frequent in the whole
    // text and rare in scopes, so its scope source takes the scope's index, not a table walk.
    expect(stats.fields.scope.freq.size).toBeGreaterThan(0);
    expect(gramFrequency(stats, 'scope', ['大道'])).toBeLessThan(
      gramFrequency(stats, 'text', ['大道']) / 5,
    );
  });

  it.each([
    '科技',
    '有限公司',
    '厦门',
    W.name,
    '信息技术',
    '大道',
    '技术开发',
    W.address,
    W.person,
    W.scope,
  ])('ranks "%s" the same way with the gather-all plan and the tiered plan', async (keyword) => {
    for (const sort of ['relevance', 'capitalDesc', 'dateAsc'] as const) {
      for (const pageNo of [1, 3]) {
        const q = query({ keyword, sort, pageNo, pageSize: 20 });
        const small = await searchEnterprises(q, { maxResults: 10000, plan: 'small' });
        const big = await searchEnterprises(q, { maxResults: 10000, plan: 'big' });
        expect(big.list.map((h) => h.id)).toEqual(small.list.map((h) => h.id));
        // The corpus is small enough for the tiered plan to count exactly too.
        expect(big.total).toBe(small.total);
        expect(big.facets).toEqual(small.facets);
      }
    }
  });

  it('counts the share of legal person and address matches on the walk index before choosing a plan', async () => {
    const pool = getPool();
    const stats = await getTermStats(pool);
    const n = Math.max(stats.enterprises, 1);
    const { rows } = await pool.query<{ total: number; hits: number }>(
      `select count(*)::int as total,
              count(*) filter (where strpos(legal_person, '大道') > 0
                or strpos(lower(coalesce(address, '')), '大道') > 0)::int as hits
         from enterprises`,
    );
    expect(rows[0].hits).toBeGreaterThan(3);
    const sources = keywordSources('大道', '大道', stats);
    await measureProbes(pool, sources, n);
    const text = sources.find((s) => s.field === 'text')!;
    // The test table is smaller than the sample: the share is the exact one.
    expect(text.measured).toBe(true);
    expect(text.freq).toBeCloseTo(rows[0].hits / Math.min(rows[0].total, SAMPLE_PROBE_ROWS), 6);
    // A planted word that no address or person holds keeps a share below 3 rows.
    const rare = keywordSources(W.scope, W.scope, stats);
    await measureProbes(pool, rare, n);
    const none = rare.find((s) => s.field === 'text')!;
    expect(none.measured).toBe(false);
    expect(none.freq! * Math.min(n, SAMPLE_PROBE_ROWS)).toBeLessThanOrEqual(3);
  });

  it('finds each part of the other fields through its own index: person, address, scope', async () => {
    for (const [word, id] of [
      [W.person, others.person.id],
      [W.address, others.address.id],
      [W.scope, others.scope.id],
    ] as const) {
      for (const plan of ['small', 'big'] as const) {
        const r = await searchEnterprises(query({ keyword: word }), { maxResults: 100, plan });
        expect(r.list.map((h) => h.id)).toEqual([id]);
        expect(r.total).toBe(1);
      }
    }
  });

  it('writes estimated totals the way users read them', () => {
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(322_222, true)).toBe('约32万');
    expect(formatTotal(15_400, true)).toBe('约1.5万');
    expect(formatTotal(3_456, true)).toBe('约3,500');
  });
});

describe('bad input never fails the search', () => {
  it.each([
    ['empty', '', null],
    ['one character', '华', '只有 1 个字'],
    ['200 characters', '科'.repeat(200), null],
    ['emoji only', '😀🎉', '没有可搜索的文字'],
    ['emoji around a word', `😀${W.name}🎉`, null],
    ['LIKE wildcards', '%_\\', '没有可搜索的文字'],
    ['quote', "科技' or 1=1 --", null],
    ['full-width', '１２３ＡＢＣ', null],
    ['mixed width', `${W.name}ｋｅｊｉ`, null],
    ['invalid credit code', '91350203MA2XXXXXX0', '统一社会信用代码'],
  ])('%s', async (_label, keyword, notice) => {
    const r = await search({ keyword });
    expect(r.status).toBe(200);
    expect(r.code).toBe(200);
    expect(Array.isArray(r.data.list)).toBe(true);
    if (notice) expect(r.data.notice).toContain(notice);
  });

  it('answers 1 character with name prefixes only', async () => {
    const r = await search({ keyword: '翾' });
    expect(r.data.list.map((h) => h.id)).toEqual([prefixed.id, named.id]);
  });

  it('rejects malformed requests with a Chinese message, not a 500', async () => {
    const r = await search({ keyword: W.name, pageSize: 500 });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    const big = await search({ keyword: 'x'.repeat(600) });
    expect(big.code).toBe(400);
    const bad = await search({ keyword: 12 });
    expect(bad.code).toBe(400);
  });
});

describe('credit-code prefixes, single characters and punctuation', () => {
  const countWhere = async (sql: string, value: string) =>
    (
      await getPool().query<{ n: number }>(
        `select count(*)::int as n from enterprises where ${sql}`,
        [value],
      )
    ).rows[0].n;

  it('finds every company whose credit code starts with a prefix of 4 to 17 characters, and says so', async () => {
    let previous = Number.POSITIVE_INFINITY;
    for (const length of [4, 6, 8, 9, 12, 17]) {
      const prefix = inside.uncid.slice(0, length);
      const r = await search({ keyword: prefix.toLowerCase(), pageSize: 50 }, member);
      expect(r.code).toBe(200);
      const expected = await countWhere('uncid like $1', `${prefix}%`);
      // Exact on this corpus, and never more for a longer prefix.
      expect(r.data.total).toBe(expected);
      expect(r.data.total).toBeLessThanOrEqual(previous);
      previous = r.data.total;
      expect(r.data.list.length).toBe(Math.min(expected, 50));
      for (const hit of r.data.list) expect(hit.uncid.startsWith(prefix)).toBe(true);
      expect(r.data.notice).toContain(`统一社会信用代码前 ${length} 位`);
    }
    expect(previous).toBeGreaterThanOrEqual(1);
  });

  it('says that no code starts with a prefix that matches nothing', async () => {
    const r = await search({ keyword: '9199' });
    expect(r.code).toBe(200);
    expect(r.data.list).toEqual([]);
    expect(r.data.total).toBe(0);
    expect(r.data.notice).toContain('没有统一社会信用代码以 9199 开头的企业');
  });

  it('answers a single frequent character with every name starting with it, by weight', async () => {
    const r = await search({ keyword: '厦', pageSize: 50 }, member);
    expect(r.code).toBe(200);
    expect(r.data.notice).toContain('只有 1 个字');
    const expected = await countWhere('name_doc like $1', '厦%');
    expect(expected).toBeGreaterThan(7);
    expect(r.data.total).toBe(expected);
    for (const hit of r.data.list) expect(hit.name.startsWith('厦')).toBe(true);
  });

  it('ignores spaces, punctuation and case between the words of a name', async () => {
    const plain = await search({ keyword: `${W.name}科技` });
    const ids = plain.data.list.map((h) => h.id);
    expect(ids.slice(0, 2)).toEqual([named.id, prefixed.id]);
    for (const keyword of [
      `${W.name} 科技`,
      `（${W.name}）科技`,
      `${W.name}-科技`,
      `${W.name}·科技！`,
    ]) {
      const r = await search({ keyword });
      expect(r.code).toBe(200);
      expect(r.data.list.map((h) => h.id)).toEqual(ids);
      expect(r.data.total).toBe(plain.data.total);
    }
  });

  it('answers letters and digits that no company holds with an empty page', async () => {
    for (const keyword of ['q', 'zk9', 'Mbp', '2048']) {
      const r = await search({ keyword });
      expect(r.code).toBe(200);
      expect(r.data.list).toEqual([]);
      expect(r.data.total).toBe(0);
    }
  });
});

describe('suggestions', () => {
  it('returns at most 10 of {ent_id, entname, uncid}, name prefixes first', async () => {
    const r = await callApi<EnterpriseSuggestion[]>('POST', SUGGEST, {
      body: { keyword: W.name },
      ip: nextIp(),
    });
    expect(r.code).toBe(200);
    expect(r.data.map((s) => s.ent_id)).toEqual([prefixed.id, named.id, inside.id]);
    expect(Object.keys(r.data[0]).sort()).toEqual(['ent_id', 'entname', 'uncid']);
    const many = await suggestEnterprises('有限');
    expect(many).toHaveLength(10);
    const six = await callApi<EnterpriseSuggestion[]>('POST', SUGGEST, {
      body: { keyword: '科技', size: 6 },
      ip: nextIp(),
    });
    expect(six.data).toHaveLength(6);
    expect(await suggestEnterprises('')).toEqual([]);
    expect(await suggestEnterprises('😀')).toEqual([]);
  });

  it('matches the park (address) with type=park', async () => {
    const r = await callApi<EnterpriseSuggestion[]>('POST', SUGGEST, {
      body: { keyword: W.address, type: 'park' },
      ip: nextIp(),
    });
    expect(r.data.map((s) => s.ent_id)).toEqual([others.address.id]);
  });
});

describe('anonymous rate limit', () => {
  const ANONYMOUS_SEARCHES_PER_MINUTE = RATE_POLICIES.search.perIp;

  it(`allows ${ANONYMOUS_SEARCHES_PER_MINUTE} searches a minute per IP, then 429 in Chinese; members draw on their own allowance`, async () => {
    const from = '10.99.1.1';
    const call = (token?: TestUser) =>
      callApi('POST', SUGGEST, {
        body: { keyword: '科技' },
        ip: from,
        token: token?.accessToken,
        tenantId: token?.tenantId,
      });
    // All but two of the minute's allowance are used already (see useUpRateLimit).
    await useUpRateLimit(`search:ip:${from}`, ANONYMOUS_SEARCHES_PER_MINUTE - 2);
    expect((await call()).code).toBe(200);
    expect((await call()).code).toBe(200);
    const limited = await call();
    expect(limited.code).toBe(429);
    expect(limited.msg).toBe('请求过于频繁，请稍后重试');
    expect((await call(member)).code).toBe(200);
    // Another address is not affected.
    expect((await search({ keyword: '科技' })).code).toBe(200);
    // The server-rendered search page draws on the same allowance (proxy.ts).
    const page = (ip: string) =>
      limitPageRequest(pageRequest('/companySearch?searchValue=科技', ip));
    expect((await page(from))?.status).toBe(429);
    expect(await page('10.99.1.2')).toBeNull();
  });
});
