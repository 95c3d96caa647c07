import { TtlCache } from '../ttl-cache';

/** The region-count cache: one computation per key within the time to live, failures not kept. */
describe('TtlCache', () => {
  it('shares a value within its time, computes again after it, and drops failures', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 2, () => now);
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await Promise.resolve();
    expect(await cache.get('b', compute)).toBe(3);
  });

  it('keeps at most maxEntries, oldest out first', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    let runs = 0;
    const compute = (v: string) => () => (runs++, Promise.resolve(v));
    await cache.get('a', compute('a'));
    await cache.get('b', compute('b'));
    await cache.get('c', compute('c'));
    expect(runs).toBe(3);
    await cache.get('a', compute('a'));
    expect(runs).toBe(4);
  });
});
