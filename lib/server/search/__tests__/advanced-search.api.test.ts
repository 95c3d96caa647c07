import { enterpriseContacts, enterpriseShareholders } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import type { AdvancedSearchCondition, ConditionGroup } from '@/lib/shared/search/advanced';
import { describeCondition } from '@/lib/shared/search/advanced';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import type { AdvancedCount, AdvancedSearchResult } from '../advanced-search.service';

/**
 * Advanced search against the real database: planted companies carry words found nowhere else,
 * so AND / OR / NOT over fields can be checked exactly.
 */
const COUNT = '/shuzhituoke/advanced-search/count';
const PAGE = '/shuzhituoke/advanced-search/page';
const EXPORT = '/shuzhituoke/advanced-search/export';
const TPL = '/shuzhituoke/intelligent-search';

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

const plant = async (v: Parameters<typeof plantEnterprise>[0]) => (await plantEnterprise(v)).id;

const WORD = '翾翎';
const PERSON = '欧阳翙翯';
const HOLDER = '翦翮投资';
let a: number; // name word, Xiamen, 存续, capital 50
let b: number; // name word, Shanghai, 注销, capital 6000, legal person PERSON
let c: number; // legal person PERSON only
let d: number; // shareholder HOLDER only, with a phone
let member: TestUser;
let free: TestUser;

beforeAll(async () => {
  a = await plant({ name: `厦门${WORD}科技有限公司`, regCapital: 50 });
  b = await plant({
    name: `上海${WORD}网络有限公司`,
    legalPerson: PERSON,
    status: '注销',
    regCapital: 6000,
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310104',
  });
  c = await plant({ name: '厦门乙一有限公司', legalPerson: PERSON });
  d = await plant({ name: '厦门乙二有限公司', phoneCount: 1 });
  await getDb()
    .insert(enterpriseShareholders)
    .values({ enterpriseId: d, holderType: 'company', holderName: `厦门${HOLDER}有限公司` });
  await getDb()
    .insert(enterpriseContacts)
    .values({ enterpriseId: d, type: 'phone', value: '0592-7654322', source: '官网' });
  member = await createTestUser({ edition: 4, roleCodes: ['admin'] });
  free = await createTestUser({ edition: 0 });
});

const group = (logic: 'and' | 'or', conditions: ConditionGroup['conditions']): ConditionGroup => ({
  logic,
  conditions,
});

async function ids(condition: AdvancedSearchCondition, user?: TestUser): Promise<number[]> {
  const r = await callApi<AdvancedSearchResult>('POST', PAGE, {
    body: { ...condition, pageSize: 50 },
    token: user?.accessToken,
    tenantId: user?.tenantId,
    ip: nextIp(),
  });
  expect(r.code).toBe(200);
  return r.data.list.map((h) => h.id).sort((x, y) => x - y);
}

describe('advanced search', () => {
  it('combines conditions with AND / OR inside a group and between groups', async () => {
    const nameHas = { field: 'name', op: 'contains', value: WORD } as const;
    const personIs = { field: 'legalPerson', op: 'contains', value: PERSON } as const;
    expect(await ids({ logic: 'and', groups: [group('and', [nameHas])] })).toEqual([a, b]);
    expect(await ids({ logic: 'and', groups: [group('and', [nameHas, personIs])] })).toEqual([b]);
    expect(await ids({ logic: 'and', groups: [group('or', [nameHas, personIs])] })).toEqual([
      a,
      b,
      c,
    ]);
    // (name OR person) AND NOT 注销
    expect(
      await ids({
        logic: 'and',
        groups: [
          group('or', [nameHas, personIs]),
          group('and', [{ field: 'status', op: 'notIn', values: ['注销'] }]),
        ],
      }),
    ).toEqual([a, c]);
    // name in Shanghai OR shareholder
    expect(
      await ids({
        logic: 'or',
        groups: [
          group('and', [nameHas, { field: 'region', op: 'in', values: ['310000'] }]),
          group('and', [{ field: 'shareholder', op: 'contains', value: HOLDER }]),
        ],
      }),
    ).toEqual([b, d]);
  });

  it('covers ranges, flags, phone and credit-code fields, and highlights the name', async () => {
    const nameHas = { field: 'name', op: 'contains', value: WORD } as const;
    expect(
      await ids({
        logic: 'and',
        groups: [group('and', [nameHas, { field: 'capitalRange', op: 'between', min: 1000 }])],
      }),
    ).toEqual([b]);
    expect(
      await ids({
        logic: 'and',
        groups: [
          group('and', [
            { field: 'phone', op: 'contains', value: '0592-7654322' },
            { field: 'hasPhone', op: 'is' },
          ]),
        ],
      }),
    ).toEqual([d]);
    const r = await callApi<AdvancedSearchResult>('POST', PAGE, {
      body: { groups: [group('and', [nameHas])] },
      ip: nextIp(),
    });
    const hit = r.data.list.find((h) => h.id === a)!;
    expect(hit.nameSegments.filter((s) => s.hit).map((s) => s.text)).toEqual([WORD]);
    expect(r.data.maxResults).toBe(100);
  });

  it('counts live, and explains invalid conditions in Chinese', async () => {
    const r = await callApi<AdvancedCount>('POST', COUNT, {
      body: { groups: [group('and', [{ field: 'name', op: 'contains', value: WORD }])] },
      ip: nextIp(),
    });
    expect(r.data.total).toBe(2);
    const bad = await callApi('POST', COUNT, {
      body: { groups: [group('and', [{ field: 'legalPerson', op: 'contains', value: '王' }])] },
      ip: nextIp(),
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('「法定代表人」至少输入 2 个字符');
    for (const value of ["%_\\'", '😀😀', 'ＡＢ']) {
      const odd = await callApi<AdvancedCount>('POST', COUNT, {
        body: { groups: [group('and', [{ field: 'name', op: 'contains', value }])] },
        ip: nextIp(),
      });
      expect([200, 400]).toContain(odd.code);
    }
    const unknown = await callApi('POST', COUNT, {
      body: { groups: [{ logic: 'and', conditions: [{ field: 'password', op: 'contains' }] }] },
      ip: nextIp(),
    });
    expect(unknown.code).toBe(400);
  });

  it('saves templates with their groups; export needs a tenant and an edition that exports', async () => {
    const condition: AdvancedSearchCondition = {
      logic: 'or',
      groups: [
        group('and', [{ field: 'name', op: 'contains', value: WORD }]),
        group('and', [{ field: 'shareholder', op: 'contains', value: HOLDER }]),
      ],
    };
    expect(
      (
        await callApi('POST', `${TPL}/save-search-condition-template`, {
          body: { name: '模板', condition: { advanced: condition } },
        })
      ).code,
    ).toBe(401);
    const saved = await callApi<number>('POST', `${TPL}/save-search-condition-template`, {
      body: { name: '模板', condition: { advanced: condition } },
      token: member.accessToken,
      tenantId: member.tenantId,
    });
    expect(saved.code).toBe(200);
    const list = await callApi<{ id: number; condition: { advanced: AdvancedSearchCondition } }[]>(
      'GET',
      `${TPL}/get-search-condition-template`,
      { token: member.accessToken, tenantId: member.tenantId },
    );
    expect(list.data[0].condition.advanced).toEqual(condition);
    expect(describeCondition(list.data[0].condition.advanced)).toBe(
      `企业名称包含“${WORD}” 或 股东包含“${HOLDER}”`,
    );

    expect((await callApi('POST', EXPORT, { body: condition, ip: nextIp() })).code).toBe(401);
    const denied = await callApi('POST', EXPORT, {
      body: condition,
      token: free.accessToken,
      tenantId: free.tenantId,
    });
    expect(denied.code).toBe(1004012002);
    const file = await callApi('POST', EXPORT, {
      body: condition,
      token: member.accessToken,
      tenantId: member.tenantId,
    });
    expect(file.res.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.res.headers.get('x-export-rows')).toBe('3');
  });
});
