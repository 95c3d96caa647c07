import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import {
  enterpriseAnnualReports,
  enterpriseBranches,
  enterpriseChainCodes,
  enterpriseChanges,
  enterpriseContacts,
  enterpriseFinancing,
  enterpriseHonors,
  enterpriseInvestments,
  enterprisePeople,
  enterpriseShareholders,
  enterprises,
} from '@/db/schema';
import { generateUncid } from '@/lib/shared/enterprise/uncid';

/**
 * A small, precise corporate family for the enterprise API tests:
 *   陈大明 80% ─┐
 *   李小红 20% ─┴► 控股集团 (holding) ─60%─► 雷达科技 (main) ◄─40%─ 王建国 (legal person)
 *                                             ├─70%─► 雷达软件 (child) ◄─30%─ 孙七
 *                                             └─ 投资 某某合伙企业 (unregistered)
 * 王建国 also works at 雷达物流 (same city, counted) and 上海雷达 (other city, not counted).
 * Real contacts of the main company are exported as SECRET_* so tests can scan for leaks.
 */
export const SECRET_MOBILE = '13812345678';
export const SECRET_PHONE = '0592-5123412';
export const SECRET_EMAIL = 'info@leida-secret.com';

let seq = 0;
function uncid(region: string): string {
  seq += 1;
  const org = `${String(process.pid % 100).padStart(2, '0')}${String(seq).padStart(5, '0')}A`;
  return generateUncid({ authority: '9', kind: '1', regionCode: region, orgCode: org });
}

type NewEnterprise = typeof enterprises.$inferInsert;

/**
 * Inserts one company with plausible defaults (Xiamen, software, 存续) and a valid credit code;
 * `v` overrides any column. Tests plant companies with words found nowhere in the corpus.
 */
export async function plantEnterprise(
  v: Partial<NewEnterprise> & { name: string },
): Promise<{ id: number; uncid: string }> {
  const [row] = await getDb()
    .insert(enterprises)
    .values({
      uncid: uncid(v.cityCode === '310100' ? '310104' : '350203'),
      orgType: '有限责任公司',
      status: '存续',
      legalPerson: '张三',
      regCapital: 1000,
      establishDate: '2015-06-01',
      provinceCode: '350000',
      cityCode: '350200',
      districtCode: '350203',
      address: '福建省厦门市思明区软件园二期望海路 1 号',
      industrySection: 'I',
      industryDivision: '65',
      industryGroup: '651',
      industryClass: '6513',
      staffSize: '50-99人',
      insuredCount: 60,
      ...v,
    })
    .returning({ id: enterprises.id, uncid: enterprises.uncid });
  return row;
}

async function insertEnterprise(v: Partial<NewEnterprise> & { name: string }): Promise<number> {
  return (await plantEnterprise(v)).id;
}

export type Family = {
  holdingId: number;
  mainId: number;
  childId: number;
  logisticsId: number;
  shanghaiId: number;
  mainName: string;
  mainUncid: string;
};

export async function seedFamily(): Promise<Family> {
  const db = getDb();
  const tag = Math.random().toString(36).slice(2, 6);
  const holdingId = await insertEnterprise({
    name: `厦门测试控股集团有限公司${tag}`,
    legalPerson: '陈大明',
    regCapital: 10000,
  });
  const mainName = `厦门雷达科技有限公司${tag}`;
  const mainId = await insertEnterprise({
    name: mainName,
    legalPerson: '王建国',
    regCapital: 2000,
    paidCapital: 1500,
    tags: ['高新技术企业', '专精特新'],
    formerNames: [`厦门雷达网络有限公司${tag}`],
    website: 'www.leida-secret.com',
    phoneCount: 2,
    emailCount: 1,
    businessScope: '软件开发；信息技术咨询服务。',
    weight: 10,
  });
  const childId = await insertEnterprise({
    name: `厦门雷达软件有限公司${tag}`,
    legalPerson: '孙七',
    regCapital: 500,
  });
  // High weight: ranks first among same-name companies even when a seeded corpus is present.
  const logisticsId = await insertEnterprise({
    name: `厦门雷达物流有限公司${tag}`,
    legalPerson: '王建国',
    weight: 1000,
  });
  const shanghaiId = await insertEnterprise({
    name: `上海雷达贸易有限公司${tag}`,
    legalPerson: '王建国',
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310104',
  });
  const [main] = await db
    .select({ uncid: enterprises.uncid })
    .from(enterprises)
    .where(eq(enterprises.id, mainId));

  await db.insert(enterpriseContacts).values([
    { enterpriseId: mainId, type: 'phone', value: SECRET_PHONE, source: '官网' },
    {
      enterpriseId: mainId,
      type: 'mobile',
      value: SECRET_MOBILE,
      personName: '王建国',
      position: '法定代表人',
      source: '年报',
    },
    { enterpriseId: mainId, type: 'email', value: SECRET_EMAIL, source: '官网' },
    {
      enterpriseId: childId,
      type: 'mobile',
      value: '13900001111',
      personName: '孙七',
      position: '法定代表人',
      source: '年报',
    },
  ]);
  await db.insert(enterpriseShareholders).values([
    {
      enterpriseId: holdingId,
      holderType: 'person',
      holderName: '陈大明',
      ratio: 80,
      subscribedAmount: 8000,
    },
    {
      enterpriseId: holdingId,
      holderType: 'person',
      holderName: '李小红',
      ratio: 20,
      subscribedAmount: 2000,
    },
    {
      enterpriseId: mainId,
      holderType: 'company',
      holderName: `厦门测试控股集团有限公司${tag}`,
      holderEnterpriseId: holdingId,
      ratio: 60,
      subscribedAmount: 1200,
    },
    {
      enterpriseId: mainId,
      holderType: 'person',
      holderName: '王建国',
      ratio: 40,
      subscribedAmount: 800,
    },
    {
      enterpriseId: childId,
      holderType: 'company',
      holderName: mainName,
      holderEnterpriseId: mainId,
      ratio: 70,
      subscribedAmount: 350,
    },
    {
      enterpriseId: childId,
      holderType: 'person',
      holderName: '孙七',
      ratio: 30,
      subscribedAmount: 150,
    },
    { enterpriseId: logisticsId, holderType: 'person', holderName: '王建国', ratio: 100 },
  ]);
  await db.insert(enterpriseInvestments).values([
    {
      enterpriseId: holdingId,
      investeeEnterpriseId: mainId,
      investeeName: mainName,
      ratio: 60,
      amount: 1200,
      investDate: '2016-01-01',
    },
    {
      enterpriseId: mainId,
      investeeEnterpriseId: childId,
      investeeName: `厦门雷达软件有限公司${tag}`,
      ratio: 70,
      amount: 350,
      investDate: '2018-03-01',
    },
    {
      enterpriseId: mainId,
      investeeName: '某某合伙企业（有限合伙）',
      ratio: 10,
      amount: 100,
      investDate: '2020-05-01',
    },
  ]);
  await db.insert(enterprisePeople).values([
    { enterpriseId: mainId, name: '王建国', roles: ['执行董事', '总经理'] },
    { enterpriseId: mainId, name: '赵敏', roles: ['监事'] },
    { enterpriseId: holdingId, name: '陈大明', roles: ['董事长'] },
    { enterpriseId: childId, name: '孙七', roles: ['执行董事'] },
    { enterpriseId: logisticsId, name: '王建国', roles: ['执行董事'] },
    { enterpriseId: shanghaiId, name: '王建国', roles: ['执行董事'] },
  ]);
  await db.insert(enterpriseChanges).values([
    {
      enterpriseId: mainId,
      changeDate: '2019-04-01',
      item: '名称变更',
      before: `厦门雷达网络有限公司${tag}`,
      after: mainName,
    },
    // A change that quotes the company's phone: must come out masked.
    {
      enterpriseId: mainId,
      changeDate: '2021-07-15',
      item: '联系电话变更',
      before: '0592-5000000',
      after: `${SECRET_PHONE}，${SECRET_MOBILE}`,
    },
    {
      enterpriseId: mainId,
      changeDate: '2022-09-01',
      item: '注册资本变更',
      before: '1000万人民币',
      after: '2000万人民币',
    },
  ]);
  await db.insert(enterpriseBranches).values([
    {
      enterpriseId: mainId,
      name: `${mainName}福州分公司`,
      principal: '钱八',
      regionCode: '350102',
      establishDate: '2020-01-01',
      status: '存续',
    },
  ]);
  await db.insert(enterpriseFinancing).values([
    {
      enterpriseId: mainId,
      round: '天使轮',
      financingDate: '2017-02-01',
      amount: '数百万人民币',
      investors: ['某某天使基金'],
    },
    {
      enterpriseId: mainId,
      round: 'A轮',
      financingDate: '2023-06-01',
      amount: '数千万人民币',
      investors: ['某某资本', '某某创投'],
    },
  ]);
  await db.insert(enterpriseHonors).values([
    {
      enterpriseId: mainId,
      name: '高新技术企业',
      level: '国家级',
      year: 2021,
      issuer: '福建省科学技术厅',
    },
    {
      enterpriseId: mainId,
      name: '专精特新中小企业',
      level: '省级',
      year: 2023,
      issuer: '福建省工业和信息化厅',
    },
  ]);
  await db
    .insert(enterpriseChainCodes)
    .values([
      { enterpriseId: mainId, chainCode: 'CY001', chainName: '集成电路', nodeName: '芯片设计' },
    ]);
  await db.insert(enterpriseAnnualReports).values([
    {
      enterpriseId: mainId,
      year: 2023,
      publishedAt: '2024-05-01',
      data: {
        staff: 80,
        insured: 60,
        phone: SECRET_PHONE,
        email: SECRET_EMAIL,
        revenue: '企业选择不公示',
      },
    },
    {
      enterpriseId: mainId,
      year: 2024,
      publishedAt: '2025-05-01',
      data: {
        staff: 90,
        insured: 70,
        phone: SECRET_MOBILE,
        email: SECRET_EMAIL,
        revenue: '1000万-5000万',
        note: `联系人电话 ${SECRET_MOBILE}`,
      },
    },
  ]);
  return { holdingId, mainId, childId, logisticsId, shanghaiId, mainName, mainUncid: main.uncid };
}

/** `n` plain companies with one mobile each (for unlock concurrency and export sizes). */
export async function seedPlainCompanies(n: number, prefix = '批量测试企业'): Promise<number[]> {
  const ids: number[] = [];
  const tag = Math.random().toString(36).slice(2, 6);
  for (let i = 0; i < n; i++) {
    const id = await insertEnterprise({ name: `${prefix}${tag}${i}有限公司` });
    ids.push(id);
  }
  await getDb()
    .insert(enterpriseContacts)
    .values(
      ids.map((id, i) => ({
        enterpriseId: id,
        type: 'mobile',
        value: `137${String(10000000 + i).slice(-8)}`,
        source: '年报',
      })),
    );
  return ids;
}
