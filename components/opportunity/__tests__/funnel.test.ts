import { funnelBands } from '../funnel';

describe('funnel bands', () => {
  it('counts what reached each stage: itself, later open stages and won; not lost', () => {
    const bands = funnelBands([
      { name: '初步接洽', type: 'open', count: 5, amount: 500 },
      { name: '需求确认', type: 'open', count: 3, amount: 300 },
      { name: '方案报价', type: 'open', count: 0, amount: 0 },
      { name: '赢单', type: 'won', count: 2, amount: 900 },
      { name: '输单', type: 'lost', count: 4, amount: 100 },
    ]);
    expect(bands.map((b) => [b.name, b.count, b.reached])).toEqual([
      ['初步接洽', 5, 10],
      ['需求确认', 3, 5],
      ['方案报价', 0, 2],
      ['赢单', 2, 2],
    ]);
    expect(bands[3].amount).toBe(900);
  });

  it('is empty without stages', () => {
    expect(funnelBands([])).toEqual([]);
  });
});
