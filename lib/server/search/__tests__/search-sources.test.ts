import { keywordSources, looksLikeCode, TIER } from '../search-sources';
import type { TermStats } from '../term-stats';

const empty = { freq: new Map<string, number>(), floor: 0.0001 };
const stats: TermStats = {
  enterprises: 1_000_000,
  holders: 2_000_000,
  fields: { name: empty, text: empty, holder: empty },
  loadedAt: 0,
};

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
