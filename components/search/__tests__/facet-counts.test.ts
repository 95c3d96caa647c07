import { facetsKnown, optionCount } from '../results/facet-counts';
import { establishBandOf, facetBuckets, countsOf } from '@/lib/server/search/search-facets';

const empty = { region: [], industry: [], status: [], capitalBand: [], establishBand: [] };

describe('facet counts on /companySearch (issue 28 item 7)', () => {
  it('an option the counted facet has no bucket for shows 0, not a bare label', () => {
    const facets = { ...empty, region: [{ key: '44', label: '广东省', count: 12 }] };
    expect(facetsKnown(facets)).toBe(true);
    expect(optionCount(facets.region, '44', true)).toBe(12);
    expect(optionCount(facets.region, '11', true)).toBe(0);
    expect(optionCount(facets.establishBand, 'lt1', true)).toBe(0);
  });

  it('no counts at all when the answer carried none', () => {
    expect(facetsKnown(empty)).toBe(false);
    expect(optionCount(empty.region, '44', false)).toBeUndefined();
  });

  it('成立年限 is counted like its filter: whole years, the anniversary included', () => {
    const today = new Date(2026, 10, 29);
    expect(establishBandOf('2026-03-01', today)).toBe('lt1');
    expect(establishBandOf('2025-11-29', today)).toBe('1-3');
    expect(establishBandOf('2025-11-30', today)).toBe('lt1');
    expect(establishBandOf('2022-01-01', today)).toBe('3-5');
    expect(establishBandOf('2019-06-01', today)).toBe('5-10');
    expect(establishBandOf('2001-06-01', today)).toBe('gte10');
    expect(establishBandOf(null, today)).toBeNull();
  });

  it('gathered rows give 成立年限 buckets in the bands’ order', () => {
    const year = new Date().getFullYear();
    const row = (establish: string) => ({
      id: 1,
      tier: 0,
      weight: 1,
      reg_capital: null,
      establish_date: establish,
      province_code: null,
      industry_section: null,
      status: '存续',
    });
    const f = facetBuckets(countsOf([row(`${year - 20}-01-01`), row(`${year - 20}-02-01`)]));
    expect(f.establishBand).toEqual([{ key: 'gte10', label: '10年以上', count: 2 }]);
  });
});
