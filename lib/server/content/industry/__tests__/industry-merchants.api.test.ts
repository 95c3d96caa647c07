import { getPool } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { addEnterprisesToCrm } from '@/lib/shared/enterprise/enterprise.contract';
import { industryMerchantsPage } from '@/lib/shared/industry/industry.contract';
import { merchantsTarget } from '@/lib/shared/industry/merchants';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { evaluatePair, heldOutYear } from '../merchants-eval';
import { ensureMerchantSignals, rankMerchants } from '../merchants.service';

/**
 * 产业招商 (issue 31 item 4, ADR 0200): the ranking's scope (industry, outside the region, active,
 * not there yet), its reasons, filters, paging depth, masking and bad input; and the held-out
 * evaluation checked against a plain recomputation of the same definition.
 */
let member: TestUser;
let free: TestUser;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

const DAY = 86_400_000;
const ago = (days: number, from = Date.now()) =>
  new Date(from - days * DAY).toISOString().slice(0, 10);
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

let seq = 0;
/** A company of division 35 (or another industry) with only the columns the ranking reads. */
async function company(p: {
  name: string;
  province: string;
  city: string;
  status?: string;
  division?: string;
  established?: string;
}): Promise<number> {
  seq += 1;
  const division = p.division ?? '35';
  const section = division === '35' ? 'C' : 'I';
  const { rows } = await getPool().query<{ id: number }>(
    `insert into enterprises (name, uncid, org_type, status, legal_person, province_code, city_code,
       industry_section, industry_division, industry_group, industry_class, establish_date, reg_capital, weight)
     values ($1, $2, '有限责任公司', $3, '张三', $4, $5, $6, $7, $8, $9, $10, 1000, 0)
     returning id::int as id`,
    [
      p.name,
      `91TEST${String(seq).padStart(12, '0')}`,
      p.status ?? '存续',
      p.province,
      p.city,
      section,
      division,
      `${division}1`,
      `${division}11`,
      p.established ?? '2010-01-01',
    ],
  );
  return rows[0].id;
}
const branch = (id: number, region: string, date: string, status = '存续') =>
  getPool().query(
    `insert into enterprise_branches (enterprise_id, name, region_code, establish_date, status)
     values ($1, '分公司', $2, $3, $4)`,
    [id, region, date, status],
  );
const financing = (id: number, date: string) =>
  getPool().query(
    `insert into enterprise_financing (enterprise_id, round, financing_date, amount, investors)
     values ($1, 'B轮', $2, '数千万人民币', '{}')`,
    [id, date],
  );
const capital = (id: number, date: string) =>
  getPool().query(
    `insert into enterprise_changes (enterprise_id, change_date, item, before, after)
     values ($1, $2, '注册资本变更', '100万人民币', '5000万人民币')`,
    [id, date],
  );

/** Signals that make a company rank high: three recent branches elsewhere, a round, a raise. */
async function expanding(id: number, from = Date.now()) {
  await branch(id, '320100', ago(100, from));
  await branch(id, '310100', ago(200, from));
  await branch(id, '420100', ago(300, from));
  await financing(id, ago(50, from));
  await capital(id, ago(60, from));
}

let ids: Record<string, number>;

beforeAll(async () => {
  member = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
  free = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 0 });
  ids = {
    expander: await company({
      name: '浙江远航精密机械有限公司',
      province: '330000',
      city: '330100',
    }),
    alreadyThere: await company({
      name: '江苏已在粤机械有限公司',
      province: '320000',
      city: '320100',
    }),
    inside: await company({ name: '广州本地机械有限公司', province: '440000', city: '440100' }),
    quiet: await company({ name: '安静机械有限公司', province: '330000', city: '330100' }),
    closed: await company({
      name: '已注销机械有限公司',
      province: '330000',
      city: '330100',
      status: '注销',
    }),
    otherIndustry: await company({
      name: '杭州某软件有限公司',
      province: '330000',
      city: '330100',
      division: '65',
    }),
    neighbour: await company({ name: '广州整车制造有限公司', province: '440000', city: '440100' }),
  };
  for (const k of ['expander', 'alreadyThere', 'inside', 'closed', 'otherIndustry'])
    await expanding(ids[k]);
  await branch(ids.alreadyThere, '440300', ago(900));
  // A new branch in its own city is not expansion elsewhere: the quiet company stays unranked.
  await branch(ids.quiet, '330106', ago(30));
  // Chain neighbours: the expander makes car parts (上游), Guangdong already has a car maker (中游).
  await getPool().query(
    `insert into enterprise_chain_codes (enterprise_id, chain_code, chain_name, node_name)
     values ($1, 'CY002', '新能源汽车', '汽车零部件'), ($2, 'CY002', '新能源汽车', '整车制造')`,
    [ids.expander, ids.neighbour],
  );
  await getPool().query(
    `insert into enterprise_contacts (enterprise_id, type, value, source) values ($1, 'mobile', '13912345678', '官网')`,
    [ids.expander],
  );
}, 120_000);

const page = (query: Record<string, string | number>, u = member) =>
  callContract(industryMerchantsPage, { query }, as(u));

describe('the ranking', () => {
  it('ranks the expander first with its reasons; scope excludes the region, closed, other industries, no signal, already there', async () => {
    const r = await page({ region: '440000', industry: '35', pageSize: 50 });
    expect(r.code).toBe(200);
    expect(r.data.region).toEqual({ code: '440000', name: '广东省' });
    expect(r.data.subject.name).toBeTruthy();
    const top = r.data.rows[0];
    expect(top.id).toBe(ids.expander);
    expect(top.reasons.map((x) => x.signal)).toEqual(['branch', 'financing', 'capital', 'chain']);
    expect(top.reasons[0].text).toContain('新设分支机构 3 家');
    expect(top.reasons[1].text).toContain('B轮');
    expect(top.reasons[3].text).toContain('新能源汽车产业链“汽车零部件”环节');
    expect(top.score).toBe(top.reasons.reduce((s, x) => s + x.points, 0));
    const listed = new Set(r.data.rows.map((x) => x.id));
    for (const k of ['alreadyThere', 'inside', 'quiet', 'closed', 'otherIndustry'])
      expect(listed.has(ids[k])).toBe(false);

    // Every row: a reason, score order, ranks in sequence, and the right scope in the database.
    r.data.rows.forEach((row, i) => {
      expect(row.rank).toBe(i + 1);
      expect(row.reasons.length).toBeGreaterThan(0);
      if (i > 0) expect(r.data.rows[i - 1].score).toBeGreaterThanOrEqual(row.score);
    });
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int n from enterprises where id = any($1::bigint[])
         and (province_code = '440000' or industry_division <> '35' or status not in ('存续', '在业'))`,
      [[...listed]],
    );
    expect(rows[0].n).toBe(0);
    expect(r.data.total).toBeGreaterThanOrEqual(r.data.rows.length);
  });

  it('a city target; a chain as the industry', async () => {
    const city = await page({ region: '440300', industry: '35' });
    expect(city.code).toBe(200);
    expect(city.data.region.name).toBe('深圳市');
    // Guangzhou companies are outside Shenzhen: the city is the boundary, not the province.
    expect(city.data.rows.map((x) => x.id)).toContain(ids.inside);
    const chain = await page({ region: '440000', industry: 'CY002' });
    expect(chain.code).toBe(200);
    expect(chain.data.subject).toEqual({ key: 'CY002', name: '新能源汽车产业链' });
  });

  it('filters: signals and the companies’ own province', async () => {
    const fin = await page({ region: '440000', industry: 'C', signals: 'financing,capital' });
    expect(fin.data.rows.length).toBeGreaterThan(0);
    for (const row of fin.data.rows) {
      const signals = row.reasons.map((x) => x.signal);
      expect(signals).toEqual(expect.arrayContaining(['financing', 'capital']));
    }
    const chain = await page({ region: '440000', industry: '35', signals: 'chain' });
    expect(chain.data.rows.map((x) => x.id)).toContain(ids.expander);
    for (const row of chain.data.rows) expect(row.reasons.map((x) => x.signal)).toContain('chain');
    const zj = await page({ region: '440000', industry: 'C', origin: '330000' });
    expect(zj.data.rows.length).toBeGreaterThan(0);
    for (const row of zj.data.rows) expect(row.regionName.startsWith('浙江省')).toBe(true);
    const all = await page({ region: '440000', industry: 'C' });
    expect(zj.data.total).toBeLessThanOrEqual(all.data.total);
  });

  it('masking and depth: no contact values; the free edition pages only as deep as in search', async () => {
    const r = await page({ region: '440000', industry: '35' });
    expect(JSON.stringify(r.json)).not.toContain('13912345678');
    expect(Object.keys(r.data.rows[0]).sort()).toEqual(
      [
        'establishDate',
        'id',
        'industryName',
        'name',
        'rank',
        'reasons',
        'regCapital',
        'regCapitalCurrency',
        'regionName',
        'score',
        'uncid',
      ].sort(),
    );
    const deep = await page({ region: '440000', industry: 'C', pageNo: 6, pageSize: 20 }, free);
    expect(deep.code).toBe(200);
    expect(deep.data.maxResults).toBe(100);
    expect(deep.data.rows).toEqual([]);
    expect(deep.data.notice).toBeTruthy();
    const shallow = await page({ region: '440000', industry: 'C' }, free);
    expect(deep.data.total).toBe(shallow.data.total);
    // Adding the ranked companies to leads is the shared service (one lead per company).
    const add = await callContract(
      addEnterprisesToCrm,
      { body: { entIds: r.data.rows.slice(0, 3).map((x) => x.id), source: '其他' } },
      as(member),
    );
    expect(add.code).toBe(200);
    expect(add.data.created + add.data.existed).toBe(Math.min(3, r.data.rows.length));
  });

  it('bad input answers a Chinese message that names it, never a 500; signed-out callers are refused', async () => {
    for (const [query, text] of [
      [{ region: '999999', industry: 'C' }, '目标地区不存在或不是省、市：999999'],
      [{ region: '440106', industry: 'C' }, '目标地区不存在或不是省、市：440106'],
      [{ region: '440000', industry: 'ZZ' }, '行业或产业链不存在：ZZ'],
      [{ region: '440000', industry: 'CY999' }, '行业或产业链不存在：CY999'],
    ] as const) {
      const r = await page(query);
      expect(r.status).not.toBe(500);
      expect(r.code).toBe(ERRORS.SEARCH_KEYWORD_INVALID.code);
      expect(r.msg).toBe(text);
    }
    const odd = await page({ region: '440000', industry: 'C', signals: 'nonsense', pageNo: -3 });
    expect(odd.code).toBe(200);
    expect(odd.data.pageNo).toBe(1);
    const anonymous = await callContract(industryMerchantsPage, { query: { region: '440000' } });
    expect(anonymous.code).toBe(ERRORS.UNAUTHORIZED.code);
  });
});

describe('the held-out evaluation', () => {
  it('precision@k and the base rate match a plain recomputation; a planted expander is a hit', async () => {
    const year = await heldOutYear();
    expect(year).not.toBeNull();
    const { cutoff, lastDay } = year!;
    expect(shift(cutoff, 364)).toBe(lastDay);
    // Planted: signals before the cutoff, and a Guangdong branch inside the held-out year.
    const from = Date.parse(`${cutoff}T00:00:00Z`);
    const hit = await company({ name: '福建海峡机械有限公司', province: '350000', city: '350100' });
    await expanding(hit, from);
    await branch(hit, '440100', shift(cutoff, 10));
    const silent = await company({
      name: '福建沉默机械有限公司',
      province: '350000',
      city: '350100',
    });
    await branch(silent, '440300', shift(cutoff, 20));
    // Not eligible: it opened in Guangdong before the cutoff already.
    const early = await company({
      name: '福建先行机械有限公司',
      province: '350000',
      city: '350100',
    });
    await branch(early, '440100', shift(cutoff, -30));
    await branch(early, '440300', shift(cutoff, 30));

    const k = 50;
    const result = await evaluatePair({ region: '440000', industry: '35' }, { cutoff, lastDay }, k);

    // The same definitions in plain code over the raw rows.
    const { rows: companies } = await getPool().query<{
      id: number;
      province_code: string | null;
      status: string;
      establish_date: string | null;
    }>(
      `select id::int id, province_code, status, establish_date::text from enterprises where industry_division = '35'`,
    );
    const { rows: branches } = await getPool().query<{
      enterprise_id: number;
      region_code: string | null;
      establish_date: string | null;
      status: string | null;
    }>(
      `select enterprise_id::int enterprise_id, region_code, establish_date::text, status from enterprise_branches`,
    );
    const byCompany = new Map<number, typeof branches>();
    for (const b of branches)
      byCompany.set(b.enterprise_id, [...(byCompany.get(b.enterprise_id) ?? []), b]);
    const inGd = (b: (typeof branches)[number]) => (b.region_code ?? '').startsWith('44');
    const eligible = companies.filter(
      (c) =>
        ['存续', '在业'].includes(c.status) &&
        c.establish_date !== null &&
        c.establish_date < cutoff &&
        c.province_code !== '440000' &&
        !(byCompany.get(c.id) ?? []).some(
          (b) =>
            inGd(b) &&
            (b.establish_date === null || b.establish_date < cutoff) &&
            b.status !== '注销',
        ),
    );
    const opened = new Set(
      eligible
        .filter((c) =>
          (byCompany.get(c.id) ?? []).some(
            (b) =>
              inGd(b) &&
              b.establish_date !== null &&
              b.establish_date >= cutoff &&
              b.establish_date <= lastDay,
          ),
        )
        .map((c) => c.id),
    );
    expect(opened.has(hit)).toBe(true);
    expect(opened.has(silent)).toBe(true);
    expect(opened.has(early)).toBe(false);

    const target = merchantsTarget({ region: '440000', industry: '35' });
    if ('error' in target) throw new Error(target.error);
    const top = await rankMerchants({ ...target, asOf: cutoff }, { limit: k, offset: 0 });
    // Nothing dated on or after the cutoff shows in a reason.
    for (const row of top.rows)
      for (const reason of row.reasons)
        for (const date of reason.text.match(/\d{4}-\d{2}-\d{2}/g) ?? [])
          expect(date < cutoff).toBe(true);
    const hits = top.rows.filter((r) => opened.has(r.id)).length;
    expect(top.rows.map((r) => r.id)).toContain(hit);
    expect(top.rows.map((r) => r.id)).not.toContain(silent);

    expect(result).toMatchObject({
      cutoff,
      lastDay,
      k,
      candidates: eligible.length,
      heldOut: opened.size,
      hits,
      ranked: top.total,
    });
    expect(hits).toBeGreaterThanOrEqual(1);
    // The planted expander was scored, the silent opener (no signal) was not.
    const scored =
      top.total > 0
        ? await rankMerchants({ ...target, asOf: cutoff }, { limit: top.total, offset: 0 })
        : top;
    expect(result.heldOutRanked).toBe(scored.rows.filter((r) => opened.has(r.id)).length);
    expect(result.precision).toBeCloseTo(hits / k, 10);
    expect(result.baseRate).toBeCloseTo(opened.size / eligible.length, 10);
  });
});

describe("the day's signals (migration 0045)", () => {
  it('are computed once per day, cover every signal-bearing company, and old days are dropped', async () => {
    const db = getPool();
    const day = ago(3);
    await ensureMerchantSignals(day);
    await ensureMerchantSignals(day);
    const days = await db.query<{ n: number; companies: number }>(
      'select count(*)::int n, max(companies)::int companies from merchant_signal_days where as_of = $1',
      [day],
    );
    expect(days.rows[0].n).toBe(1);
    const stored = await db.query<{ n: number }>(
      'select count(*)::int n from merchant_signals where as_of = $1',
      [day],
    );
    expect(stored.rows[0].n).toBe(days.rows[0].companies);
    // The expander's financing (50 days ago) is in; a company with no signal is not.
    const { rows } = await db.query<{ enterprise_id: number; fin_n: number | null }>(
      'select enterprise_id::int, fin_n from merchant_signals where as_of = $1 and enterprise_id = any($2::bigint[])',
      [day, [ids.expander, ids.quiet]],
    );
    expect(rows).toEqual([{ enterprise_id: ids.expander, fin_n: 1 }]);

    // A day computed more than a day ago goes when another day is computed.
    await db.query(
      `update merchant_signal_days set computed_at = now() - interval '2 days' where as_of = $1`,
      [day],
    );
    await ensureMerchantSignals(ago(4));
    const left = await db.query<{ n: number }>(
      'select (select count(*) from merchant_signals where as_of = $1)::int + (select count(*) from merchant_signal_days where as_of = $1)::int as n',
      [day],
    );
    expect(left.rows[0].n).toBe(0);
  });
});
