import { getPool } from '@/lib/server/platform/db';
import { getChildren } from '@/lib/shared/geo';
import { getIndustryChildren } from '@/lib/shared/industry';
import {
  INDUSTRY_MAP_YEARS,
  parseIndustryMapParams,
  type IndustryMapQuery,
} from '@/lib/shared/industry/industry-map';
import { CAPITAL_BANDS } from '@/lib/shared/search/filters';
import { getIndustryMapStats, pendingIndustryMapStats } from '../industry-map.service';

/**
 * 产业地图's statistics (issue 31 item 1) against a plain scan in JavaScript of the same
 * companies, and its refresh rule (ADR 0198).
 */
type Row = {
  id: number;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  industry_division: string | null;
  industry_group: string | null;
  industry_class: string | null;
  reg_capital: string | null;
  year: number | null;
  weight: number;
};
let rows: Row[] = [];

beforeAll(async () => {
  rows = (
    await getPool().query<Row>(
      `select id::int id, province_code, city_code, district_code, industry_division,
              industry_group, industry_class, reg_capital, weight,
              extract(year from establish_date)::int as year from enterprises`,
    )
  ).rows;
});

function q(params: Record<string, string>): IndustryMapQuery {
  const parsed = parseIndustryMapParams(params);
  if (!parsed) throw new Error(`no query for ${JSON.stringify(params)}`);
  return parsed;
}

function expectLikeScan(
  stats: Awaited<ReturnType<typeof getIndustryMapStats>>,
  mine: Row[],
  childOf: (r: Row) => string | null,
  children: readonly { code: string }[],
) {
  expect(stats.total).toBe(mine.length);
  for (const child of children)
    expect(stats.regions.find((r) => r.code === child.code)?.count).toBe(
      mine.filter((r) => childOf(r) === child.code).length,
    );
  const first = new Date().getFullYear() - INDUSTRY_MAP_YEARS + 1;
  for (const y of stats.years)
    expect(y.count).toBe(
      mine.filter((r) => (y.year === null ? r.year !== null && r.year < first : r.year === y.year))
        .length,
    );
  CAPITAL_BANDS.forEach((b, i) => {
    const n = mine.filter((r) => {
      if (r.reg_capital === null) return false;
      const c = Number(r.reg_capital);
      return (b.min === null || c >= b.min) && (b.max === null || c < b.max);
    }).length;
    expect(stats.capital[i]).toMatchObject({ key: b.key, count: n });
  });
  expect(stats.capital.at(-1)).toMatchObject({
    key: 'unknown',
    count: mine.filter((r) => r.reg_capital === null).length,
  });
  const leaders = [...mine].sort((a, b) => b.weight - a.weight || a.id - b.id).slice(0, 10);
  expect(stats.leaders.map((l) => l.id)).toEqual(leaders.map((l) => l.id));
}

it('a section across China: provinces, years, capital bands and leaders as a scan finds them', async () => {
  const divisions = new Set(getIndustryChildren('I').map((d) => d.code));
  const mine = rows.filter((r) => r.industry_division && divisions.has(r.industry_division));
  expect(mine.length).toBeGreaterThan(10);
  const stats = await getIndustryMapStats(q({ industry: 'I' }));
  expectLikeScan(stats, mine, (r) => r.province_code, getChildren(null));
});

it('a division inside a province: its cities', async () => {
  const mine = rows.filter((r) => r.industry_division === '65' && r.province_code === '350000');
  const stats = await getIndustryMapStats(q({ industry: '65', region: '350000' }));
  expectLikeScan(stats, mine, (r) => r.city_code, getChildren('350000'));
});

it('a chain by its classes, inside a city: its districts', async () => {
  const query = q({ chain: 'CY001', region: '310100' });
  const classes = new Set(
    query.subject.kind === 'chain' ? query.subject.chain.nodes.flatMap((n) => n.classes) : [],
  );
  const mine = rows.filter(
    (r) => r.industry_class && classes.has(r.industry_class) && r.city_code === '310100',
  );
  const stats = await getIndustryMapStats(query);
  expectLikeScan(stats, mine, (r) => r.district_code, getChildren('310100'));
});

it('reads the address strictly: an unknown industry, chain or region is no page', () => {
  expect(parseIndustryMapParams({})?.subject.key).toBe('C');
  expect(parseIndustryMapParams({ industry: 'c' })?.subject.key).toBe('C');
  expect(parseIndustryMapParams({ industry: '651' })?.subject.kind).toBe('industry');
  expect(parseIndustryMapParams({ industry: '6513' })).toBeNull(); // a class: see its group
  expect(parseIndustryMapParams({ industry: 'Z' })).toBeNull();
  expect(parseIndustryMapParams({ chain: 'CY999' })).toBeNull();
  expect(parseIndustryMapParams({ industry: 'C', region: '350203' })).toBeNull(); // a district
  expect(parseIndustryMapParams({ industry: 'C', region: '123456' })).toBeNull();
});

it('serves the stored row, recomputes it in the background after 6 hours, forgets on a reseed', async () => {
  const pool = getPool();
  const query = q({ industry: 'F' });
  await getIndustryMapStats(query);
  await pool.query(
    `update industry_map_stats set stats = jsonb_set(stats, '{total}', '-1'),
       refreshed_at = now() - interval '7 hours' where subject = 'F' and region = ''`,
  );
  const stale = await getIndustryMapStats(query);
  expect(stale.total).toBe(-1); // served as stored…
  const fresh = await pendingIndustryMapStats(query); // …and recomputed behind it
  expect(fresh?.total).toBeGreaterThan(0);
  expect((await getIndustryMapStats(query)).total).toBe(fresh?.total);

  await pool.query('truncate enterprises cascade');
  const { rows: left } = await pool.query('select 1 from industry_map_stats');
  expect(left).toHaveLength(0);
});
