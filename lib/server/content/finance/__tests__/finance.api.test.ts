import { getPool } from '@/lib/server/platform/db';
import { getDb } from '@/lib/server/platform/db';
import { enterpriseFinancing } from '@/db/schema';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import {
  financeEventPage,
  financeInstitutionGet,
  financeProjectGet,
} from '@/lib/shared/finance/finance.contract';
import { callContract } from '@/test/helpers/api';
import { ensureFinanceFresh, findInstitutionId, refreshFinanceIndex } from '../finance.service';
import { contentSitemapFiles, contentSitemapXml } from '../../content-sitemap';

/*
 * 投融资 endpoints (issue 32 item 2) on the test corpus plus three planted companies whose rounds
 * and investors are known: 甲 (Beijing, I) raised 天使轮 and A轮, 乙 (Shanghai, C) B轮 with 甲's
 * lead investor; 丙 raised nothing.
 */
const tag = Math.random().toString(36).slice(2, 6);
const LEAD = `测试领投资本${tag}`;
const CO = `测试跟投创投${tag}`;
const LONE = `测试独投产业基金${tag}`;
let a: { id: number; uncid: string };
let b: { id: number; uncid: string };
let c: { id: number; uncid: string };

beforeAll(async () => {
  a = await plantEnterprise({
    name: `投融资测试甲科技有限公司${tag}`,
    provinceCode: '110000',
    cityCode: '110100',
    districtCode: '110108',
    industrySection: 'I',
  });
  b = await plantEnterprise({
    name: `投融资测试乙制造有限公司${tag}`,
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310104',
    industrySection: 'C',
  });
  c = await plantEnterprise({ name: `投融资测试丙有限公司${tag}` });
  await getDb()
    .insert(enterpriseFinancing)
    .values([
      {
        enterpriseId: a.id,
        round: '天使轮',
        financingDate: '2019-03-01',
        amount: '数百万人民币',
        investors: [LEAD],
      },
      {
        enterpriseId: a.id,
        round: 'A轮',
        financingDate: '2031-05-20',
        amount: '2.5亿人民币',
        investors: [LEAD, CO],
      },
      {
        enterpriseId: b.id,
        round: 'B轮',
        financingDate: '2031-08-08',
        amount: '未披露',
        investors: [LEAD, LONE],
      },
    ]);
  await refreshFinanceIndex();
});

describe('financing events (/finance)', () => {
  it('computes the index on the first read and keeps it for the next', async () => {
    await getPool().query('update finance_index_state set refreshed_at = null');
    const at = await ensureFinanceFresh();
    expect(at).not.toBeNull();
    expect(await ensureFinanceFresh()).toEqual(at);
  });

  it('lists events newest first with company, region, industry and linked investors', async () => {
    const r = await callContract(financeEventPage, { query: { year: 2031 } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(2);
    expect(r.data.rows.map((e) => e.round)).toEqual(['B轮', 'A轮']);
    const ev = r.data.rows[1];
    expect(ev.company).toEqual({
      id: a.id,
      name: expect.stringContaining('甲科技'),
      uncid: a.uncid,
    });
    expect(ev.regionName).toBe('北京市');
    expect(ev.industryName).toBe('信息传输、软件和信息技术服务业');
    expect(ev.investors.map((i) => i.name)).toEqual([LEAD, CO]);
    expect(ev.investors.every((i) => typeof i.id === 'number')).toBe(true);
    expect(r.data.years[0]).toBe(2031);
  });

  it('filters by round, industry section and province, and counts each filter', async () => {
    const round = await callContract(financeEventPage, { query: { round: 'B轮', year: 2031 } });
    expect(round.data.rows.map((e) => e.company.id)).toEqual([b.id]);
    const section = await callContract(financeEventPage, {
      query: { section: 'C', year: 2031 },
    });
    expect(section.data.rows.map((e) => e.company.id)).toEqual([b.id]);
    const province = await callContract(financeEventPage, {
      query: { province: '110000', round: '天使轮', year: 2019 },
    });
    expect(province.data.rows.some((e) => e.company.id === a.id)).toBe(true);
    expect(province.data.rows.every((e) => e.round === '天使轮')).toBe(true);
    // The unfiltered total is every event of the corpus.
    const all = await callContract(financeEventPage);
    const { rows } = await getPool().query<{ n: number }>(
      'select count(*)::int n from enterprise_financing',
    );
    expect(all.data.total).toBe(rows[0].n);
  });

  it('sorts by date either way and by amount, and pages without overlap', async () => {
    const asc = await callContract(financeEventPage, { query: { sort: 'date_asc', pageSize: 10 } });
    const dates = asc.data.rows.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    const amount = await callContract(financeEventPage, {
      query: { sort: 'amount_desc', year: 2031 },
    });
    // 2.5亿 first; 未披露 last.
    expect(amount.data.rows.map((e) => e.amount)).toEqual(['2.5亿人民币', '未披露']);
    const p1 = await callContract(financeEventPage, { query: { pageSize: 10, pageNo: 1 } });
    const p2 = await callContract(financeEventPage, { query: { pageSize: 10, pageNo: 2 } });
    expect(p1.data.rows).toHaveLength(10);
    const ids = new Set(p1.data.rows.map((e) => e.id));
    expect(p2.data.rows.some((e) => ids.has(e.id))).toBe(false);
  });

  it('answers an empty page when nothing matches', async () => {
    const r = await callContract(financeEventPage, { query: { year: 2099 } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(0);
    expect(r.data.rows).toEqual([]);
  });

  it('answers 400 with a Chinese message for each bad filter', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ round: 'Z轮' }, '融资轮次无效'],
      [{ section: 'Z' }, '行业门类无效'],
      [{ province: '11' }, '省份代码无效'],
      [{ year: 1800 }, '年份无效'],
      [{ sort: 'random' }, '排序方式无效'],
      [{ pageNo: 0 }, '页码'],
      [{ pageNo: 501 }, '页码'],
      [{ pageSize: 7 }, '每页条数'],
    ];
    for (const [query, message] of cases) {
      const r = await callContract(financeEventPage, { query });
      expect(r.code).toBe(400);
      expect(r.msg).toContain(message);
    }
  });
});

describe('financing project (/details/projectionDetail)', () => {
  it('shows every round oldest first and the investors by rounds', async () => {
    const r = await callContract(financeProjectGet, { query: { uncid: a.uncid } });
    expect(r.code).toBe(200);
    expect(r.data.company.name).toContain('甲科技');
    expect(r.data.events.map((e) => e.round)).toEqual(['天使轮', 'A轮']);
    expect(r.data.investors.map((i) => [i.name, i.rounds])).toEqual([
      [LEAD, 2],
      [CO, 1],
    ]);
  });

  it('gives a company without rounds an empty project; an unknown code is 404; bad is 400', async () => {
    const empty = await callContract(financeProjectGet, { query: { uncid: c.uncid } });
    expect(empty.code).toBe(200);
    expect(empty.data.events).toEqual([]);
    const unknown = await callContract(financeProjectGet, {
      query: { uncid: '91110000MA00000000' },
    });
    expect(unknown.code).toBe(404);
    const bad = await callContract(financeProjectGet, { query: { uncid: '123' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('统一社会信用代码无效');
  });
});

describe('investment institution (/details/organizationDetail)', () => {
  async function idOf(name: string): Promise<number> {
    const { rows } = await getPool().query<{ id: number }>(
      'select id from finance_institutions where name = $1',
      [name],
    );
    return rows[0].id;
  }

  it('shows the portfolio by round, industry and year, co-investors and events', async () => {
    const r = await callContract(financeInstitutionGet, { query: { id: await idOf(LEAD) } });
    expect(r.code).toBe(200);
    expect(r.data.name).toBe(LEAD);
    expect(r.data.kind).toBe('风险投资');
    expect(r.data.eventCount).toBe(3);
    expect(r.data.projectCount).toBe(2);
    expect(r.data.byRound.map((x) => [x.key, x.count]).sort()).toEqual([
      ['A轮', 1],
      ['B轮', 1],
      ['天使轮', 1],
    ]);
    expect(r.data.bySection).toEqual(
      expect.arrayContaining([
        { key: 'I', label: '信息传输、软件和信息技术服务业', count: 2 },
        { key: 'C', label: '制造业', count: 1 },
      ]),
    );
    expect(r.data.byYear).toEqual([
      { key: '2031', label: '2031年', count: 2 },
      { key: '2019', label: '2019年', count: 1 },
    ]);
    expect(r.data.coInvestors.map((x) => [x.name, x.count]).sort()).toEqual(
      [
        [CO, 1],
        [LONE, 1],
      ].sort(),
    );
    expect(r.data.portfolio.rows.map((e) => e.round)).toEqual(['B轮', 'A轮', '天使轮']);
    const p2 = await callContract(financeInstitutionGet, {
      query: { id: await idOf(LEAD), pageSize: 10, pageNo: 2 },
    });
    expect(p2.data.portfolio.rows).toEqual([]);
  });

  it('keeps an institution’s id when the index is recomputed', async () => {
    const before = await idOf(CO);
    await refreshFinanceIndex();
    expect(await idOf(CO)).toBe(before);
  });

  it('finds an institution by its exact name (investors named on company pages)', async () => {
    expect(await findInstitutionId(CO)).toBe(await idOf(CO));
    expect(await findInstitutionId(`${CO}x`)).toBeNull();
    expect(await findInstitutionId('')).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const unknown = await callContract(financeInstitutionGet, { query: { id: 999999999 } });
    expect(unknown.code).toBe(404);
    const bad = await callContract(financeInstitutionGet, { query: { id: 'abc' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('投资机构 id');
    const missing = await callContract(financeInstitutionGet, { query: {} });
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('请提供投资机构 id');
  });
});

describe('content sitemap: annual reports and institutions', () => {
  it('lists an annual-report file and an institution file whose pages answer', async () => {
    const files = await contentSitemapFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        '/sitemaps/content-annual-1.xml',
        '/sitemaps/content-institution-1.xml',
      ]),
    );
    const annual = await contentSitemapXml('content-annual-1.xml', 'https://example.com');
    expect(annual).toMatch(
      /<loc>https:\/\/example\.com\/annualReportDetail\?uncid=[0-9A-Z]{18}&amp;year=\d{4}<\/loc>/,
    );
    const inst = await contentSitemapXml('content-institution-1.xml', 'https://example.com');
    expect(inst).toContain('/details/organizationDetail?id=');
  });
});
