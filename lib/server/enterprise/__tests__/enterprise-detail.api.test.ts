import { callApi, createTestUser, useUpRateLimit } from '@/test/helpers/api';
import { getDb } from '@/lib/server/platform/db';
import { enterpriseUnlocks } from '@/db/schema';
import type {
  AnnualReportsResult,
  ChainRow,
  ChangeRow,
  ContactSummary,
  EnterpriseDetail,
  EnterpriseRegistration,
  FinancingRow,
  HonorRow,
  InvestmentRow,
  ManageInfo,
  PersonRow,
  RecentEvent,
  ShareholderRow,
  BranchRow,
} from '@/lib/shared/enterprise/types';
import type { PageResult } from '@/lib/shared/api/envelope';
import type { EnterpriseData } from '@/lib/shared/enterprise/enterprise.contract';
import {
  getEnterpriseByName,
  getEnterpriseByUncid,
  getEnterpriseDetail,
} from '../enterprise.service';
import { RATE_POLICIES } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { seedFamily, SECRET_EMAIL, SECRET_MOBILE, SECRET_PHONE, type Family } from './fixtures';

let f: Family;

beforeAll(async () => {
  f = await seedFamily();
});

describe('company detail', () => {
  it('finds the company by pid, uncid and company_name with region and industry names', async () => {
    for (const q of [
      `pid=${f.mainId}`,
      `uncid=${f.mainUncid}`,
      `company_name=${encodeURIComponent(f.mainName)}`,
    ]) {
      const r = await callApi<EnterpriseDetail>('GET', `/shuzhituoke/enterprise-info/get?${q}`);
      expect(r.code).toBe(200);
      const h = r.data.header;
      expect(h.id).toBe(f.mainId);
      expect(h.name).toBe(f.mainName);
      expect(h.legalPerson).toBe('王建国');
      expect(h.regCapitalText).toBe('2000万人民币');
      expect(h.regionName).toBe('福建省厦门市思明区');
      expect(h.province).toEqual({ code: '350000', name: '福建省' });
      expect(h.industry.section?.code).toBe('I');
      expect(h.industry.class?.code).toBe('6513');
      expect(h.industryName).toBe(h.industry.class?.name);
      expect(h.tags).toEqual(['高新技术企业', '专精特新']);
      expect(h.formerNames).toHaveLength(1);
      expect(r.data.counts).toEqual({
        shareholders: 2,
        people: 2,
        changes: 3,
        investments: 2,
        branches: 1,
        financing: 2,
        honors: 2,
        chains: 1,
        annualReports: 2,
      });
    }
  });

  it('answers ENTERPRISE_NOT_EXISTS for an unknown company and 400 without a reference', async () => {
    for (const q of ['pid=99999999', 'uncid=91350200MA0000000X', 'company_name=不存在的公司']) {
      const r = await callApi('GET', `/shuzhituoke/enterprise-info/get?${q}`);
      expect(r.code).toBe(1004010000);
      expect(r.msg).toBe('企业不存在');
    }
    const tab = await callApi('GET', '/shuzhituoke/enterprise-info/shareholders?entId=99999999');
    expect(tab.code).toBe(1004010000);
    const graph = await callApi(
      'GET',
      '/shuzhituoke/enterprise-relationship-map/ent-map?keyword=不存在的公司',
    );
    expect(graph.code).toBe(1004010000);
    const none = await callApi('GET', '/shuzhituoke/enterprise-info/get');
    expect(none.code).toBe(400);
  });

  it('server-component services return headers and null for unknown companies', async () => {
    expect((await getEnterpriseByName(f.mainName))?.id).toBe(f.mainId);
    expect((await getEnterpriseByUncid(f.mainUncid.toLowerCase()))?.id).toBe(f.mainId);
    expect(await getEnterpriseByName('没有这家公司')).toBeNull();
    const detail = await getEnterpriseDetail({ uncid: f.mainUncid });
    expect(detail?.contacts.unlocked).toBe(false);
    expect(await getEnterpriseDetail({ id: 99999999 })).toBeNull();
  });
});

describe('contact masking', () => {
  it('shows counts and masked values to visitors and to tenants that did not unlock', async () => {
    const other = await createTestUser({ edition: 2 });
    for (const token of [undefined, other.accessToken]) {
      const r = await callApi<ContactSummary>(
        'POST',
        '/shuzhituoke/enterprise-info/get-contact-general-info',
        {
          body: { entId: f.mainId },
          token,
        },
      );
      expect(r.code).toBe(200);
      expect(r.data.unlocked).toBe(false);
      expect(r.data).toMatchObject({ total: 3, phoneCount: 1, mobileCount: 1, emailCount: 1 });
      const values = r.data.list.map((c) => c.value);
      expect(values).toEqual(['138****5678', '0592-5****12', 'i***@leida-secret.com']);
      expect(r.data.list.every((c) => c.masked && c.personName === null)).toBe(true);
      expect(r.data.list[0].source).toBe('年报');
    }
  });

  it('shows real values with source once the tenant unlocked the company', async () => {
    const user = await createTestUser({ edition: 2 });
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: user.tenantId!, enterpriseId: f.mainId, userId: user.userId });
    const r = await callApi<ContactSummary>(
      'POST',
      '/shuzhituoke/enterprise-info/get-contact-general-info',
      {
        body: { entId: f.mainId },
        token: user.accessToken,
      },
    );
    expect(r.data.unlocked).toBe(true);
    expect(r.data.list.map((c) => c.value)).toEqual([SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL]);
    expect(r.data.list[0]).toMatchObject({
      masked: false,
      personName: '王建国',
      position: '法定代表人',
      source: '年报',
    });
    const reports = await callApi<AnnualReportsResult>(
      'GET',
      `/shuzhituoke/enterprise-info/annual-reports?entId=${f.mainId}`,
      {
        token: user.accessToken,
      },
    );
    expect(reports.data.report?.data.phone).toBe(SECRET_MOBILE);
  });
});

describe('get-data', () => {
  it('answers header, contacts, counts and the caller state in one call', async () => {
    const anonymous = await callApi<EnterpriseData>('POST', '/szjk/enterprise/get-data', {
      body: { uncid: f.mainUncid },
    });
    expect(anonymous.code).toBe(200);
    expect(anonymous.data.header.id).toBe(f.mainId);
    expect(anonymous.data.contacts.unlocked).toBe(false);
    expect(anonymous.data.counts.shareholders).toBe(2);
    expect(anonymous.data.state).toEqual({
      entId: f.mainId,
      unlocked: false,
      favorite: false,
      inCrm: false,
      clueId: null,
    });

    const user = await createTestUser({ edition: 2 });
    await getDb()
      .insert(enterpriseUnlocks)
      .values({ tenantId: user.tenantId!, enterpriseId: f.mainId, userId: user.userId });
    const mine = await callApi<EnterpriseData>('POST', '/szjk/enterprise/get-data', {
      body: { entId: f.mainId },
      token: user.accessToken,
    });
    expect(mine.data.contacts.unlocked).toBe(true);
    expect(mine.data.state.unlocked).toBe(true);

    const missing = await callApi('POST', '/szjk/enterprise/get-data', { body: {} });
    expect(missing.code).toBe(400);
  });
});

describe('detail tabs', () => {
  it('registration', async () => {
    const r = await callApi<EnterpriseRegistration>(
      'GET',
      `/shuzhituoke/enterprise-info/registration?entId=${f.mainId}`,
    );
    expect(r.data).toMatchObject({
      paidCapitalText: '1500万人民币',
      businessScope: '软件开发；信息技术咨询服务。',
    });
  });

  it('shareholders by ratio with holder ids', async () => {
    const r = await callApi<PageResult<ShareholderRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/shareholders?entId=${f.mainId}`,
    );
    expect(r.data.total).toBe(2);
    expect(r.data.list[0]).toMatchObject({
      holderType: 'company',
      holderEnterpriseId: f.holdingId,
      ratio: 60,
    });
    expect(r.data.list[0].holderUncid).toMatch(/^91/);
    expect(r.data.list[1]).toMatchObject({ holderType: 'person', holderName: '王建国', ratio: 40 });
  });

  it('people with the same-name same-city related count', async () => {
    const r = await callApi<PageResult<PersonRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/people?entId=${f.mainId}`,
    );
    const wang = r.data.list.find((p) => p.name === '王建国')!;
    expect(wang.roles).toEqual(['执行董事', '总经理']);
    // 雷达物流 (Xiamen) counts; 上海雷达 (another city) does not.
    expect(wang.relatedCount).toBeGreaterThanOrEqual(1);
  });

  it('changes newest first with quoted contacts masked', async () => {
    const r = await callApi<PageResult<ChangeRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/changes?entId=${f.mainId}&pageSize=2`,
    );
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((c) => c.changeDate)).toEqual(['2022-09-01', '2021-07-15']);
    expect(r.data.list[1].after).toBe('0592-5****12，138****5678');
    const p2 = await callApi<PageResult<ChangeRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/changes?entId=${f.mainId}&pageSize=2&pageNo=2`,
    );
    expect(p2.data.list.map((c) => c.item)).toEqual(['名称变更']);
  });

  it('investments, branches, financing, honours, chains', async () => {
    const inv = await callApi<PageResult<InvestmentRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/investments?entId=${f.mainId}`,
    );
    expect(inv.data.list[0]).toMatchObject({
      investeeEnterpriseId: f.childId,
      ratio: 70,
      investeeStatus: '存续',
      investeeLegalPerson: '孙七',
    });
    expect(inv.data.list[1]).toMatchObject({ investeeEnterpriseId: null, investeeUncid: null });
    const br = await callApi<PageResult<BranchRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/branches?entId=${f.mainId}`,
    );
    expect(br.data.list[0].regionName).toBe('福建省福州市鼓楼区');
    const fin = await callApi<PageResult<FinancingRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/financing?entId=${f.mainId}`,
    );
    expect(fin.data.list.map((x) => x.round)).toEqual(['A轮', '天使轮']);
    const fin2 = await callApi<PageResult<FinancingRow>>(
      'POST',
      `/shuzhituoke/enterprise-obtaining-financing/list?id=${f.mainId}`,
    );
    expect(fin2.data.total).toBe(2);
    const hon = await callApi<PageResult<HonorRow>>(
      'POST',
      '/shuzhituoke/enterprise-government-honors/get-list',
      {
        body: { entId: f.mainId, pageNo: 1, pageSize: 10 },
      },
    );
    expect(hon.data.list.map((h) => h.year)).toEqual([2023, 2021]);
    const honLevel = await callApi<PageResult<HonorRow>>(
      'GET',
      `/shuzhituoke/enterprise-info/honors?entId=${f.mainId}&level=国家级`,
    );
    expect(honLevel.data.list.map((h) => h.name)).toEqual(['高新技术企业']);
    const chains = await callApi<ChainRow[]>(
      'POST',
      '/shuzhituoke/enterprise-industry-chain-code/get-list',
      { body: { entId: f.mainId } },
    );
    expect(chains.data).toEqual([
      { chainCode: 'CY001', chainName: '集成电路', nodeName: '芯片设计', stage: '中游' },
    ]);
  });

  it('annual reports by year, masked for visitors', async () => {
    const latest = await callApi<AnnualReportsResult>(
      'GET',
      `/shuzhituoke/enterprise-info/annual-reports?entId=${f.mainId}`,
    );
    expect(latest.data.years).toEqual([2024, 2023]);
    expect(latest.data.report?.year).toBe(2024);
    expect(latest.data.report?.data).toMatchObject({
      staff: 90,
      phone: '138****5678',
      email: 'i***@leida-secret.com',
      note: '联系人电话 138****5678',
    });
    const y2023 = await callApi<AnnualReportsResult>(
      'GET',
      `/shuzhituoke/enterprise-info/annual-reports?entId=${f.mainId}&year=2023`,
    );
    expect(y2023.data.report?.data.phone).toBe('0592-5****12');
    const none = await callApi<AnnualReportsResult>(
      'GET',
      `/shuzhituoke/enterprise-info/annual-reports?entId=${f.mainId}&year=2001`,
    );
    expect(none.data.report).toBeNull();
  });

  it('recent events and manage info', async () => {
    const recent = await callApi<RecentEvent[]>(
      'POST',
      '/shuzhituoke/enterprise-info/get-info-recently',
      { body: { entId: f.mainId, limit: 3 } },
    );
    expect(recent.data.map((e) => e.kind)).toEqual(['financing', 'honor', 'change']);
    expect(recent.data[0].title).toBe('获得A轮融资');
    const manage = await callApi<ManageInfo>(
      'GET',
      `/shuzhituoke/enterprise-manage-info/get?entName=${encodeURIComponent(f.mainName)}`,
    );
    expect(manage.data).toMatchObject({
      entId: f.mainId,
      financingCount: 2,
      honorCount: 2,
      staffSize: '50-99人',
    });
    expect(manage.data.latestAnnualReport?.year).toBe(2024);
    expect(manage.data.latestFinancing?.round).toBe('A轮');
  });

  it('validates paging', async () => {
    const r = await callApi(
      'GET',
      `/shuzhituoke/enterprise-info/changes?entId=${f.mainId}&pageSize=1000`,
    );
    expect(r.code).toBe(400);
    expect(r.msg).toContain('pageSize');
  });
});

describe('anonymous rate limit', () => {
  it('limits anonymous callers per IP; a signed-in one draws on their own allowance', async () => {
    const ip = '10.9.9.9';
    await useUpRateLimit(`enterprise:ip:${ip}`, RATE_POLICIES.companyDetail.perIp - 2);
    let last = 0;
    for (let i = 0; i < 3; i++) {
      const r = await callApi('GET', `/shuzhituoke/enterprise-info/chains?entId=${f.mainId}`, {
        ip,
      });
      last = r.code!;
    }
    expect(last).toBe(429);
    const other = await callApi('GET', `/shuzhituoke/enterprise-info/chains?entId=${f.mainId}`, {
      ip: '10.9.9.10',
    });
    expect(other.code).toBe(200);
    const user = await createTestUser();
    const signed = await callApi('GET', `/shuzhituoke/enterprise-info/chains?entId=${f.mainId}`, {
      ip,
      token: user.accessToken,
    });
    expect(signed.code).toBe(200);
  });
});
