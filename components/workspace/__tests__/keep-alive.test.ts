import { KEEP_ALIVE_MAX, keepPage } from '../keep-alive';

describe('keepPage', () => {
  it('keeps only pages flagged keepAlive, refreshing their element', () => {
    let kept = keepPage(new Map(), '/a', 'A1', true);
    kept = keepPage(kept, '/b', 'B', false);
    kept = keepPage(kept, '/a', 'A2', true);
    expect([...kept]).toEqual([['/a', 'A2']]);
  });

  it('orders by last visit and drops the least recent beyond the limit', () => {
    let kept = new Map<string, string>();
    for (let i = 0; i <= KEEP_ALIVE_MAX; i++)
      kept = keepPage(kept, `/p${i}`, i, true) as Map<string, string>;
    expect(kept.size).toBe(KEEP_ALIVE_MAX);
    expect(kept.has('/p0')).toBe(false);
    kept = keepPage(kept, '/p1', 'again', true) as Map<string, string>;
    expect([...kept.keys()].at(-1)).toBe('/p1');
  });

  it('does not change the map it was given', () => {
    const before = new Map([['/a', 'A']]);
    keepPage(before, '/b', 'B', true);
    expect([...before.keys()]).toEqual(['/a']);
  });
});
