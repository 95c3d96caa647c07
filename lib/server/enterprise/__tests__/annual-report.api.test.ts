import { getDb } from '@/lib/server/platform/db';
import { enterpriseChanges } from '@/db/schema';
import { getAnnualReportDetail as contract } from '@/lib/shared/enterprise/annual-report.contract';
import { callContract } from '@/test/helpers/api';
import {
  plantEnterprise,
  seedFamily,
  SECRET_EMAIL,
  SECRET_MOBILE,
  SECRET_PHONE,
  type Family,
} from './fixtures';

/** GET /shuzhituoke/enterprise-info/annual-report-detail (issue 32 item 1). */
let family: Family;

beforeAll(async () => {
  family = await seedFamily();
  await getDb().insert(enterpriseChanges).values({
    enterpriseId: family.mainId,
    changeDate: '2023-03-15',
    item: '经营范围变更',
    before: '软件开发',
    after: '软件开发；人工智能应用软件开发',
  });
});

describe('annual report detail', () => {
  it('answers the newest year by default, with the other years and every section', async () => {
    const r = await callContract(contract, { query: { uncid: family.mainUncid } });
    expect(r.code).toBe(200);
    expect(r.data.company.name).toBe(family.mainName);
    expect(r.data.years).toEqual([2024, 2023]);
    const report = r.data.report!;
    expect(report.year).toBe(2024);
    expect(report.publishedAt).toBe('2025-05-01');
    expect(report.basics.find((i) => i.key === 'staff')?.value).toBe('90 人');
    expect(report.assets.find((i) => i.key === 'revenue')).toEqual({
      key: 'revenue',
      label: '营业总收入',
      value: '1000万-5000万',
    });
    // Shareholders and contributions as of the year; investments; the page is one page.
    expect(report.shareholders.map((s) => s.holderName)).toEqual(
      expect.arrayContaining(['王建国']),
    );
    expect(report.investments.length).toBeGreaterThan(0);
  });

  it('answers one year with that year’s changes only', async () => {
    const r = await callContract(contract, { query: { uncid: family.mainUncid, year: 2023 } });
    expect(r.code).toBe(200);
    expect(r.data.report!.year).toBe(2023);
    expect(r.data.report!.changes.map((c) => [c.date, c.item])).toEqual([
      ['2023-03-15', '经营范围变更'],
    ]);
  });

  it('never shows the real contacts (the page is the same for everyone)', async () => {
    for (const year of [2023, 2024]) {
      const r = await callContract(contract, { query: { uncid: family.mainUncid, year } });
      const text = JSON.stringify(r.data);
      for (const secret of [SECRET_PHONE, SECRET_MOBILE, SECRET_EMAIL])
        expect(text).not.toContain(secret);
    }
  });

  it('gives a company without annual reports an empty state, not a 404', async () => {
    const plain = await plantEnterprise({ name: '无年报测试企业有限公司' });
    const r = await callContract(contract, { query: { uncid: plain.uncid } });
    expect(r.code).toBe(200);
    expect(r.data.years).toEqual([]);
    expect(r.data.report).toBeNull();
  });

  it('answers 404 for an unknown company or a year not published', async () => {
    const unknown = await callContract(contract, {
      query: { uncid: '91350200MA00000000' },
    });
    expect(unknown.code).toBe(404);
    const year = await callContract(contract, { query: { uncid: family.mainUncid, year: 2019 } });
    expect(year.code).toBe(404);
  });

  it('answers 400 with a Chinese message for bad input', async () => {
    const missing = await callContract(contract, { query: {} });
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('统一社会信用代码');
    const bad = await callContract(contract, { query: { uncid: 'abc' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('统一社会信用代码无效');
    const year = await callContract(contract, { query: { uncid: family.mainUncid, year: 'x' } });
    expect(year.code).toBe(400);
    expect(year.msg).toContain('年度无效');
  });
});
