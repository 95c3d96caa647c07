import { EnterpriseGenerator, INVESTOR_POOL_SIZE, investorFor } from '../enterprise-generator';

describe('demo investors (ADR 0193)', () => {
  it('map every drawn name onto the fixed pool, the same way every time', () => {
    expect(investorFor('锐通资本')).toBe(investorFor('锐通资本'));
    const names = new Set(Array.from({ length: 5000 }, (_, i) => investorFor(`候选${i}投资`)));
    expect(names.size).toBeLessThanOrEqual(INVESTOR_POOL_SIZE);
  });

  it('recur across companies, so institutions have portfolios and co-investors', () => {
    const g = new EnterpriseGenerator({ seed: 7 });
    const counts = new Map<string, number>();
    let events = 0;
    for (let i = 0; i < 6000; i++)
      for (const f of g.next().financing) {
        events += 1;
        expect(new Set(f.investors).size).toBe(f.investors.length);
        for (const n of f.investors) counts.set(n, (counts.get(n) ?? 0) + 1);
      }
    expect(events).toBeGreaterThan(50);
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(5);
  });
});
