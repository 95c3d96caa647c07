import { getPool } from '@/lib/server/platform/db';
import {
  enterpriseRecommendationFeedback,
  enterpriseRecommendationPage,
} from '@/lib/shared/ai/recommend.contract';
import { addEnterprisesToCrm } from '@/lib/shared/enterprise/enterprise.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { evaluateTenant, precisionAt, recallAt, splitHeldOut } from '../recommend/recommend-eval';
import {
  PROVINCE_FACTOR,
  SECTION_FACTOR,
  rankByPortrait,
  type Portrait,
} from '../recommend/recommend.service';
import { RECOMMEND_PART_POINTS } from '@/lib/shared/ai/recommend.contract';

/**
 * 客户推荐 (issue 34 item 4, ADR 0203): the portrait from customers (won deals weigh more), the
 * ranking's scope (not the tenant's leads or customers), reasons, feedback, the cold start, tenant
 * isolation, and the held-out evaluation's machinery on a small planted set.
 */
let member: TestUser;
let other: TestUser;
let empty: TestUser;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });
const page = (body: Record<string, unknown>, u = member) =>
  callContract(enterpriseRecommendationPage, { body }, as(u));

let seq = 0;
async function company(p: {
  province: string;
  city: string;
  division: string;
  section: string;
  capital?: number;
  tags?: string[];
}): Promise<number> {
  seq += 1;
  const { rows } = await getPool().query<{ id: number }>(
    `insert into enterprises (name, uncid, org_type, status, legal_person, province_code, city_code,
       industry_section, industry_division, establish_date, reg_capital, staff_size, tags, weight)
     values ($1, $2, '有限责任公司', '存续', '张三', $3, $4, $5, $6, '2015-03-01', $7, '50-99人', $8, 0)
     returning id::int as id`,
    [
      `推荐测试企业${seq}有限公司`,
      `91RECO${String(seq).padStart(12, '0')}`,
      p.province,
      p.city,
      p.section,
      p.division,
      p.capital ?? 800,
      p.tags ?? [],
    ],
  );
  return rows[0].id;
}

async function customer(u: TestUser, enterpriseId: number, won = false): Promise<void> {
  const db = getPool();
  const { rows } = await db.query<{ id: number }>(
    `insert into customers (tenant_id, enterprise_id, name, source, owner_user_id, creator_user_id)
     values ($1, $2, '客户', '其他', $3, $3) returning id::int`,
    [u.tenantId, enterpriseId, u.userId],
  );
  if (!won) return;
  const stage = await db.query<{ id: number }>(
    `insert into opportunity_stages (tenant_id, name, type, probability, sort)
     values ($1, '赢单', 'won', 100, 99)
     on conflict (tenant_id, name) do update set name = excluded.name returning id::int`,
    [u.tenantId],
  );
  await db.query(
    `insert into opportunities (tenant_id, customer_id, name, stage_id, status, probability, owner_user_id, creator_user_id)
     values ($1, $2, '商机', $3, 'won', 100, $4, $4)`,
    [u.tenantId, rows[0].id, stage.rows[0].id, u.userId],
  );
}

// The tenant sells to Urumqi software companies (division 65) and, once, to a Urumqi wholesaler.
const SOFT = { province: '650000', city: '650100', division: '65', section: 'I' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  member = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
  other = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
  empty = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
  for (let i = 0; i < 6; i += 1) await customer(member, await company(SOFT), i < 2);
  await customer(
    member,
    await company({ province: '650000', city: '650100', division: '51', section: 'F' }),
  );
  ids.twin = await company({ ...SOFT, tags: ['高新技术企业'] });
  ids.twin2 = await company(SOFT);
  ids.twin3 = await company(SOFT);
  ids.lead = await company(SOFT);
  ids.elsewhere = await company({ ...SOFT, province: '640000', city: '640100' });
  await callContract(
    addEnterprisesToCrm,
    { body: { entIds: [ids.lead], source: '其他' } },
    as(member),
  );
}, 120_000);

describe('the ranking', () => {
  it('ranks companies like the customers first, with their reasons; leads and customers are left out', async () => {
    const r = await page({ pageSize: 50 });
    expect(r.code).toBe(200);
    const p = r.data.portrait;
    expect(p.source).toBe('customers');
    expect(p.basis).toBe(7);
    expect(p.won).toBe(2);
    expect(p.industries[0].label).toBe('软件和信息技术服务业');
    expect(p.regions[0].label).toContain('乌鲁木齐');
    const listed = r.data.list.map((x) => x.id);
    expect(listed.slice(0, 3).sort()).toEqual([ids.twin, ids.twin2, ids.twin3].sort());
    expect(listed).not.toContain(ids.lead);
    const top = r.data.list[0];
    expect(top.reasons.map((x) => x.part)).toEqual(
      expect.arrayContaining(['industry', 'region', 'staff', 'capital', 'age']),
    );
    expect(top.reasons[0].text).toContain('占您的客户的');
    expect(top.score).toBeCloseTo(
      top.reasons.reduce((s, x) => s + x.points, 0),
      0,
    );
    r.data.list.forEach((row, i) => {
      expect(row.rank).toBe(i + 1);
      if (i > 0) expect(r.data.list[i - 1].score).toBeGreaterThanOrEqual(row.score);
    });
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int n from customers where tenant_id = $1 and enterprise_id = any($2::bigint[])`,
      [member.tenantId, listed],
    );
    expect(rows[0].n).toBe(0);
    // Candidates are in the portrait's provinces (ADR 0203): another province is not ranked.
    expect(listed).not.toContain(ids.elsewhere);
    const paged = await page({ pageNo: 2, pageSize: 1 });
    expect(paged.data.list[0].id).toBe(listed[1]);
    expect(paged.data.list[0].rank).toBe(2);
  });

  it('不感兴趣: the company is gone, its traits weigh less, undo brings it back; per tenant', async () => {
    const before = await page({ pageSize: 50 });
    const industryBefore = before.data.portrait.industries[0].share;
    const fb = await callContract(
      enterpriseRecommendationFeedback,
      { body: { entId: ids.twin } },
      as(member),
    );
    expect(fb.code).toBe(200);
    const after = await page({ pageSize: 50 });
    expect(after.data.list.map((x) => x.id)).not.toContain(ids.twin);
    expect(after.data.portrait.disliked).toBe(1);
    expect(after.data.portrait.industries[0].share).toBeLessThan(industryBefore);
    // The other tenant is not affected.
    const theirs = await page({ pageSize: 50 }, other);
    expect(theirs.data.portrait.disliked).toBe(0);
    await callContract(
      enterpriseRecommendationFeedback,
      { body: { entId: ids.twin, kind: 'undo' } },
      as(member),
    );
    const back = await page({ pageSize: 50 });
    expect(back.data.list.map((x) => x.id)).toContain(ids.twin);
  });

  it('加入线索 takes a company out of the list', async () => {
    await callContract(
      addEnterprisesToCrm,
      { body: { entIds: [ids.twin3], source: '其他' } },
      as(member),
    );
    const r = await page({ pageSize: 50 });
    expect(r.data.list.map((x) => x.id)).not.toContain(ids.twin3);
  });

  it('cold start: no customers and no leads says so; three answers rank from them', async () => {
    const r = await page({}, empty);
    expect(r.code).toBe(200);
    expect(r.data.portrait.source).toBe('none');
    expect(r.data.list).toEqual([]);
    const a = await page({ industries: ['65'], region: '650100' }, empty);
    expect(a.data.portrait.source).toBe('answers');
    expect(a.data.list.length).toBeGreaterThan(0);
    for (const row of a.data.list.slice(0, 3)) {
      expect(row.industryName).toBe('软件和信息技术服务业');
      expect(row.regionName).toContain('乌鲁木齐');
    }
  });

  it('bad input and access', async () => {
    const bad = await page({ industries: ['ZZZ'] });
    expect(bad.code).not.toBe(200);
    const badFb = await callContract(
      enterpriseRecommendationFeedback,
      { body: { entId: 2 ** 40 } },
      as(member),
    );
    expect(badFb.code).toBe(404);
    const anon = await callContract(enterpriseRecommendationPage, { body: {} });
    expect(anon.code).not.toBe(200);
  });
});

describe('the held-out evaluation', () => {
  it('the top of a short ranking is the top of the whole one, tags deciding (the index-only cut)', async () => {
    // Tags are read only for rows they could still lift into the page: a strong positive and a
    // negative tag must give the same order as ranking every candidate.
    const pool = getPool();
    const top = async (column: string) =>
      (
        await pool.query<{ k: string }>(
          `select ${column} k from enterprises where status in ('存续', '在业') and ${column} is not null
            group by 1 order by count(*) desc limit 2`,
        )
      ).rows.map((r) => r.k);
    const [d1, d2] = await top('industry_division');
    const [p1, p2] = await top('province_code');
    const { rows: tags } = await pool.query<{ t: string }>(
      `select x t from enterprises, unnest(tags) x where industry_division in ($1, $2)
        group by 1 order by count(*) desc limit 2`,
      [d1, d2],
    );
    const m = (o: Record<string, number>) => new Map(Object.entries(o));
    // Bases differ by up to 6 points; a tag of 9 lifts a low base over a high one.
    const portrait = {
      source: 'customers',
      basis: 10,
      won: 0,
      disliked: 0,
      divisions: m({ [d1]: 5, [d2]: 1 }),
      sections: m({}),
      cities: m({}),
      provinces: m({ [p1]: 3, [p2]: 1 }),
      staff: m({}),
      capital: m({}),
      age: m({}),
      tags: m({ [tags[0].t]: 9, [tags[1].t]: -4 }),
    } as unknown as Portrait;
    const asOf = '2026-11-29';
    const all = await rankByPortrait(portrait, {}, { asOf, limit: 100_000 });
    for (const limit of [5, 20, 50]) {
      const short = await rankByPortrait(portrait, {}, { asOf, limit });
      expect(short.total).toBe(all.total);
      expect(short.rows).toEqual(all.rows.slice(0, limit));
    }
    // Tags did decide: a row of the lower base is above a row of the higher one.
    expect(all.rows[0].parts.tag).toBeGreaterThan(0);
    const base = (r: (typeof all.rows)[number]) => r.score - r.parts.tag;
    expect(all.rows.slice(0, 50).some((r, n, a) => n > 0 && base(r) > base(a[n - 1]))).toBe(true);
    expect(all.rows.some((r) => r.parts.tag < 0)).toBe(true);
    for (let i = 1; i < all.rows.length; i++)
      expect(all.rows[i - 1].score).toBeGreaterThanOrEqual(all.rows[i].score - 0.11);
  });

  it('industry and region points are those of the whole portrait, whatever the scan leaves out', async () => {
    // The query looks values up only among those the scan can meet (the gate's divisions and
    // provinces, cities beating their province): every row's parts must still be the formula's
    // over the whole portrait — a division before its section, a city or its province (greater).
    const pool = getPool();
    const { rows: common } = await pool.query<{ d: string; s: string; p: string; c: string }>(
      `select industry_division d, industry_section s, province_code p, city_code c
         from enterprises where status in ('存续', '在业') and city_code is not null
        group by 1, 2, 3, 4 order by count(*) desc limit 3`,
    );
    const [a, b] = common;
    const { rows: far } = await pool.query<{ c: string }>(
      `select city_code c from enterprises where city_code is not null
          and left(city_code, 2) not in ($1, $2) limit 1`,
      [a.p.slice(0, 2), b.p.slice(0, 2)],
    );
    const m = (o: Record<string, number>) => new Map(Object.entries(o));
    const portraitOf = (cities: Record<string, number>, provinces: Record<string, number>) =>
      ({
        source: 'customers',
        basis: 10,
        won: 0,
        disliked: 0,
        divisions: m({ [a.d]: 4, [b.d]: 2 }),
        sections: m({ [a.s]: 3, [b.s]: 3, Z: 1 }),
        cities: m(cities),
        provinces: m(provinces),
        staff: m({}),
        capital: m({}),
        age: m({}),
        tags: m({}),
      }) as unknown as Portrait;
    const points = (t: Map<string, number>, max: number, factor = 1) => {
      const top = Math.max(0, ...t.values());
      return (k: string | null) => (k !== null && t.has(k) ? (max * factor * t.get(k)!) / top : 0);
    };
    const P = RECOMMEND_PART_POINTS;
    const round1 = (x: number) => Math.round(x * 10) / 10;
    async function expectWholePortrait(portrait: Portrait, cityBelowProvince: string) {
      const division = points(portrait.divisions, P.industry);
      const section = points(portrait.sections, P.industry, SECTION_FACTOR);
      const city = points(portrait.cities, P.region);
      const province = points(portrait.provinces, P.region, PROVINCE_FACTOR);
      const ranked = await rankByPortrait(portrait, {}, { asOf: '2026-11-29', limit: 100_000 });
      expect(ranked.rows.length).toBeGreaterThan(10);
      const { rows: facts } = await pool.query<{
        id: number;
        d: string | null;
        s: string | null;
        p: string | null;
        c: string | null;
      }>(
        `select id::int, industry_division d, industry_section s, province_code p, city_code c
           from enterprises where id = any($1::bigint[])`,
        [ranked.rows.map((r) => r.id)],
      );
      const byId = new Map(facts.map((f) => [f.id, f]));
      let checked = 0;
      for (const r of ranked.rows) {
        const f = byId.get(r.id)!;
        const cityPoints = f.c !== null && portrait.cities.has(f.c) ? city(f.c) : 0;
        expect(r.parts.industry).toBe(round1(division(f.d) || section(f.s)));
        expect(r.parts.region).toBe(round1(Math.max(cityPoints, province(f.p))));
        if (f.c === cityBelowProvince) checked += 1;
      }
      expect(checked).toBeGreaterThan(0);
    }
    // One city beats its province, one does not, one lies outside the scanned provinces.
    await expectWholePortrait(
      portraitOf({ [a.c]: 5, [b.c]: 0.5, [far[0].c]: 6 }, { [a.p]: 4, [b.p]: 2 }),
      b.c,
    );
    // 不感兴趣 took a province below zero, and its city further still: the province's points.
    await expectWholePortrait(portraitOf({ [a.c]: 5, [b.c]: -2 }, { [a.p]: 4, [b.p]: -1 }), b.c);
  });

  it('splits 20 % deterministically', () => {
    const all = Array.from({ length: 23 }, (_, i) => i);
    const a = splitHeldOut(all, 7);
    expect(a.hidden).toHaveLength(5);
    expect([...a.hidden, ...a.visible].sort((x, y) => x - y)).toEqual(all);
    expect(splitHeldOut(all, 7)).toEqual(a);
    expect(splitHeldOut([1], 7).hidden).toEqual([1]);
  });

  it('recall and precision on a ranking', () => {
    const hidden = new Set([3, 9, 40]);
    const ranked = [1, 3, 5, 9, 11];
    expect(recallAt(ranked, hidden, 100)).toBeCloseTo(2 / 3);
    expect(precisionAt(ranked, hidden, 20)).toBeCloseTo(2 / 20);
    expect(precisionAt(ranked, hidden, 2)).toBeCloseTo(1 / 2);
  });

  it('a planted tenant: its hidden customers are the only companies like it, so both rankings find them', async () => {
    // A planted (division, province) that nothing else in the data has: 10 customers.
    const planted: number[] = [];
    for (let i = 0; i < 10; i += 1)
      planted.push(
        await company({ province: '540000', city: '540100', division: '07', section: 'B' }),
      );
    const asOf = new Date().toISOString().slice(0, 10);
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int n from enterprises where industry_division = '07' and province_code = '540000'`,
    );
    const r = await evaluateTenant(
      { name: 'planted', customers: planted.map((id) => ({ id, weight: 1 })) },
      asOf,
      11,
    );
    expect(r.hidden).toBe(2);
    // Every company of the planted pair (besides the 8 visible) is a candidate of both rankings.
    const candidates = rows[0].n - 8;
    expect(candidates).toBeGreaterThanOrEqual(2);
    if (candidates <= 100) expect(r.baseRecall).toBe(1);
    if (candidates <= 20) {
      expect(r.basePrecision).toBeCloseTo(2 / 20);
      expect(r.recall).toBe(1);
      expect(r.precision).toBeCloseTo(2 / 20);
    }
  });
});
