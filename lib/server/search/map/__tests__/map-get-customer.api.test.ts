import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { pagePolicyFor } from '@/lib/server/identity/auth/page-view-limit';
import { parseMapGetCustomerParams } from '@/lib/shared/map/map-get-customer';
import { mapGetCustomerView, type MapGetCustomerView } from '../map-get-customer.service';

/**
 * /mapGetCustomer's data (issue 30 item 2): counts per region and the first companies from the
 * same conditions, against planted companies with a word nobody else has; never a contact.
 */
const WORD = '鲸歌测绘';

beforeAll(async () => {
  await plantEnterprise({
    name: `厦门${WORD}有限公司`,
    cityCode: '350200',
    districtCode: '350203',
  });
  await plantEnterprise({
    name: `福州${WORD}有限公司`,
    cityCode: '350100',
    districtCode: '350102',
    address: '福建省福州市鼓楼区',
  });
  await plantEnterprise({
    name: `杭州${WORD}制造有限公司`,
    provinceCode: '330000',
    cityCode: '330100',
    districtCode: '330106',
    address: '浙江省杭州市西湖区',
    industrySection: 'C',
    industryDivision: '35',
    industryGroup: '351',
    industryClass: '3511',
  });
});

function ok(view: MapGetCustomerView) {
  if (!view.ok) throw new Error(view.message);
  return view;
}

const countOf = (view: ReturnType<typeof ok>, name: string) =>
  view.regions.find((r) => r.name === name)?.count;

it('counts the provinces and lists the companies, names and places only', async () => {
  const view = ok(await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD }).query));
  expect(countOf(view, '福建省')).toBe(2);
  expect(countOf(view, '浙江省')).toBe(1);
  expect(countOf(view, '广东省')).toBe(0);
  expect(view.regions).toHaveLength(34);
  expect(view.total).toBe(3);
  expect(view.companies.map((c) => c.name).sort()).toEqual(
    [`厦门${WORD}有限公司`, `杭州${WORD}制造有限公司`, `福州${WORD}有限公司`].sort(),
  );
  // Where and what, never how to reach it.
  for (const c of view.companies)
    expect(Object.keys(c).sort()).toEqual(
      ['establishDate', 'id', 'industry', 'name', 'region', 'uncid'].sort(),
    );
  expect(view.companies.find((c) => c.name.startsWith('杭州'))?.region).toBe('浙江省 杭州市');
});

it('drills into a province: its cities counted, the list limited to it', async () => {
  const view = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, region: '350000' }).query),
  );
  expect(countOf(view, '厦门市')).toBe(1);
  expect(countOf(view, '福州市')).toBe(1);
  expect(view.companies).toHaveLength(2);
  expect(view.companies.every((c) => c.region.startsWith('福建省'))).toBe(true);
});

it('a city counts its districts; filters narrow counts and list alike', async () => {
  // Planted companies: capital 1000 万, founded 2015.
  const city = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, region: '350200' }).query),
  );
  expect(countOf(city, '思明区')).toBe(1);
  expect(city.companies).toHaveLength(1);

  const made = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, industry: 'c' }).query),
  );
  expect(made.total).toBe(1);
  expect(countOf(made, '浙江省')).toBe(1);
  expect(countOf(made, '福建省')).toBe(0);

  const bigger = ok(
    await mapGetCustomerView(
      parseMapGetCustomerParams({ keyword: WORD, capital: '1000-5000', establish: 'gte10' }).query,
    ),
  );
  expect(bigger.total).toBe(3);
  const smaller = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, capital: 'lt100' }).query),
  );
  expect(smaller.total).toBe(0);
  expect(smaller.companies).toEqual([]);
});

it('a district (a row of its city list) is its own page: its count and its companies', async () => {
  const district = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, region: '350203' }).query),
  );
  expect(district.regions.map((r) => r.name)).toEqual(['思明区']);
  expect(district.total).toBe(1);
  expect(district.companies).toHaveLength(1);
  expect(district.companies[0].region).toBe('福建省 厦门市');
  const empty = ok(
    await mapGetCustomerView(parseMapGetCustomerParams({ keyword: WORD, region: '350205' }).query),
  );
  expect(empty.total).toBe(0);
  expect(empty.companies).toEqual([]);
});

it('reads the address forgivingly: unknown values dropped, a long keyword cut and said', () => {
  const odd = parseMapGetCustomerParams({
    keyword: '  科技  ',
    region: '3502', // not a region code
    industry: 'Z',
    capital: 'huge',
    establish: ['1-3', '5-10'],
  });
  expect(odd.query).toEqual({
    keyword: '科技',
    region: '',
    industry: '',
    capitalBand: '',
    establishBand: '1-3', // the first of repeated values
  });
  expect(odd.notice).toBeNull();
  const long = parseMapGetCustomerParams({ keyword: '长'.repeat(40) });
  expect(Array.from(long.query.keyword)).toHaveLength(30);
  expect(long.notice).toMatch(/最多 30 个字/);
  expect(parseMapGetCustomerParams({ region: '999999' }).query.region).toBe('');
});

it('draws on the search budget, by address for visitors', () => {
  expect(pagePolicyFor('/mapGetCustomer')).toBe('search');
});
