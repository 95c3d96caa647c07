import { keywordSources, looksLikeCode, parkAddressSource, TIER } from '../search-sources';
import { sampledShare } from '../search-plan-keyword';
import { MILLION_STATS } from './stats-fixture';

const stats = MILLION_STATS;

describe('credit-code prefixes', () => {
  it.each([
    ['9144', true], // authority 9, kind 1, Guangdong: the shortest meaningful prefix
    ['91440300', true], // …, Shenzhen
    ['91440300ma5', true],
    ['91350203ma2xxxxxx', true],
    ['91350203ma2xxxxxx0', true], // a whole code
    ['914', false], // shorter than authority + kind + province
    ['91', false],
    ['9a44', false], // letters among the region digits
    ['91440300ma5xxxxxx01', false], // longer than a code
    ['ab12', false], // kind must be a digit
    ['2048', false], // kind 0 does not exist
    ['ltd', false],
    ['91440300mi5', false], // I is not in the code alphabet
  ])('%s looks like a code prefix: %s', (form, expected) => {
    expect(looksLikeCode(form)).toBe(expected);
  });

  it('searches a code prefix by its code and the name, not the address text', () => {
    const fields = keywordSources('9144', '9144', stats).map((s) => s.field);
    expect(fields).toContain('code');
    expect(fields).not.toContain('text');
    expect(fields).not.toContain('scope');
    const code = keywordSources('9144', '9144', stats).find((s) => s.field === 'code')!;
    expect(code.tier).toBe(TIER.code);
    // Its share is counted before the plan is chosen.
    expect(code.probe).toBeDefined();
  });

  it('searches short digit strings and words as text, without a code source', () => {
    expect(keywordSources('914', '914', stats).map((s) => s.field)).not.toContain('code');
    expect(keywordSources('锐通', '锐通', stats).map((s) => s.field)).toEqual([
      'exact',
      'prefix',
      'name',
      'text',
      'scope',
      'holder',
    ]);
  });

  it('matches name prefixes on the search form, so punctuation and case do not matter', () => {
    const prefix = keywordSources('（ABC）科技', 'abc科技', stats).find(
      (s) => s.field === 'prefix',
    )!;
    const values: unknown[] = [];
    const sql = prefix.indexed({ add: (v: unknown) => `$${values.push(v)}` } as never);
    expect(sql).toBe('e.name_doc like $1');
    expect(values).toEqual(['abc科技%']);
  });
});

describe('query shapes: legal person and address apart from the business scope', () => {
  const render = (f: (p: never) => string) => {
    const values: unknown[] = [];
    const text = f({ add: (v: unknown) => `$${values.push(v)}` } as never);
    return { text, values };
  };

  it('walks legal person and address on the index that holds them, and counts their share first', () => {
    const text = keywordSources('省许昌', '省许昌', stats).find((s) => s.field === 'text')!;
    expect(text.tier).toBe(TIER.other);
    expect(text.columns).toEqual(['legal_person', 'address']);
    expect(text.sample).toBeDefined();
    // The walk and the sample read no other column (index-only on enterprises_text_walk_idx).
    const walk = render(text.walk).text;
    expect(walk).toContain('e.legal_person');
    expect(walk).toContain('e.address');
    expect(walk).not.toContain('business_scope');
    // Its index holds legal person and address alone.
    expect(render(text.indexed).text).toContain('lr_text_doc(e.legal_person, e.address, null)');
  });

  it('matches the business scope as its own source of the same tier, on its own index', () => {
    const scope = keywordSources('信息技术', '信息技术', stats).find((s) => s.field === 'scope')!;
    expect(scope.tier).toBe(TIER.other);
    // Walking it visits the table: no columns listed, no sample.
    expect(scope.columns).toBeUndefined();
    expect(scope.sample).toBeUndefined();
    const indexed = render(scope.indexed);
    expect(indexed.text).toContain('public.lr_bigrams(e.business_scope) @>');
    expect(indexed.text).not.toContain('legal_person');
    expect(indexed.values).toContain('信息技术');
  });

  it('lower-cases the address only for a keyword with letters', () => {
    const walk = (form: string) =>
      render(keywordSources(form, form, stats).find((s) => s.field === 'text')!.walk).text;
    expect(walk('滨海大道')).toContain(`strpos(coalesce(e.address, ''), $1)`);
    expect(walk('a座12')).toContain(`strpos(lower(coalesce(e.address, '')), $1)`);
  });

  it('walks the park (address) option index-only as well', () => {
    const park = parkAddressSource('软件园', stats);
    expect(park.columns).toEqual(['address']);
    expect(render(park.indexed).text).toContain('lr_text_doc(e.legal_person, e.address, null)');
  });

  it('has no text sources for a single character, a code or a phone number', () => {
    for (const [kw, form] of [
      ['广', '广'],
      ['91440300', '91440300'],
      ['13800138000', '13800138000'],
    ])
      expect(
        keywordSources(kw, form, stats)
          .map((s) => s.field)
          .filter((f) => f === 'text' || f === 'scope'),
      ).toEqual([]);
  });
});

describe('sampled share of a source', () => {
  it('is measured from 3 hits on: a city fragment in 23 of 10,000 rows is 0.23 %', () => {
    expect(sampledShare(23, 10_000, 0.0001)).toEqual({ freq: 0.0023, measured: true });
    expect(sampledShare(3, 10_000, null)).toEqual({ freq: 0.0003, measured: true });
  });

  it('keeps the statistics guess below that, capped by what the sample allows', () => {
    expect(sampledShare(0, 10_000, 0.0001)).toEqual({ freq: 0.0001, measured: false });
    // A frequent bigram (an upper bound) that the sample does not see is at most 3 in 10,000.
    expect(sampledShare(2, 10_000, 0.05)).toEqual({ freq: 0.0003, measured: false });
    expect(sampledShare(0, 10_000, null)).toEqual({ freq: 0.0003, measured: false });
  });

  it('counts a small table whole', () => {
    expect(sampledShare(40, 200, 0.5)).toEqual({ freq: 0.2, measured: true });
  });
});
