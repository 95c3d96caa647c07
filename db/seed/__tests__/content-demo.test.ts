import { getRegion } from '@/lib/shared/geo';
import { getIndustry, getIndustryChain } from '@/lib/shared/industry';
import { advancedSearchConditionSchema } from '@/lib/shared/search/advanced';
import { generateNews, generatePolicy, generateReport } from '../content-demo';

describe('demo content generator', () => {
  it('is deterministic per seed and index', () => {
    expect(generatePolicy(7, 42)).toEqual(generatePolicy(7, 42));
    expect(generatePolicy(7, 42)).not.toEqual(generatePolicy(8, 42));
    expect(generateReport(7, 3)).toEqual(generateReport(7, 3));
    expect(generateNews(7, 3)).toEqual(generateNews(7, 3));
  });

  it('uses real regions and industries, consistent dates and amounts', () => {
    for (let i = 0; i < 300; i++) {
      const p = generatePolicy(1, i);
      if (p.level === 'national') expect(p.regionCode).toBeNull();
      else {
        expect(getRegion(p.regionCode!)).toBeDefined();
        expect(p.regionCode!.startsWith(p.provinceCode.slice(0, 2))).toBe(true);
      }
      for (const c of p.industries) expect(getIndustry(c)).toBeDefined();
      if (p.applyStart) expect(p.applyStart <= p.applyEnd!).toBe(true);
      expect(p.bodyText.length).toBeGreaterThan(100);
      expect(p.bodyHtml).not.toMatch(/<script|on\w+=/);
      for (const s of p.subsidies) {
        if (s.amountMinFen !== null) expect(s.amountMinFen).toBeLessThanOrEqual(s.amountMaxFen!);
        expect(advancedSearchConditionSchema.safeParse(s.targetProfile).success).toBe(true);
      }
    }
  });

  it('gives reports a known chain and chart data of matching length', () => {
    for (let i = 0; i < 100; i++) {
      const r = generateReport(1, i);
      expect(getIndustryChain(r.chainCode)).toBeDefined();
      for (const c of r.charts)
        for (const s of c.series) expect(s.data).toHaveLength(c.categories.length);
    }
  });
});
