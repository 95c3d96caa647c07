import { industryName } from '@/lib/shared/industry';
import { industryNames } from '../content-sql';

describe('industryNames', () => {
  it('names every code once, in order, though a section and its division share a name', () => {
    // P 教育 (section) and 83 教育 (its division) carry the same name in GB/T 4754.
    expect(industryName('P')).toBe(industryName('83'));
    expect(industryNames(['P', '83'])).toEqual([industryName('P')]);
    expect(industryNames(['C', 'P', '39', '83', 'C'])).toEqual([
      industryName('C'),
      industryName('P'),
      industryName('39'),
    ]);
  });

  it('leaves out unknown codes', () => {
    expect(industryNames(['ZZ9', 'P'])).toEqual([industryName('P')]);
  });
});
