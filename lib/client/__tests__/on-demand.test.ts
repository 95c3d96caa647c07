import { onDemand } from '@/lib/client/on-demand';

describe('onDemand', () => {
  it('loads once: a prefetch and the render that follows share one download', async () => {
    let calls = 0;
    const load = onDemand(async () => {
      calls += 1;
      return { part: 'drawer' };
    });
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(calls).toBe(1);
  });

  it('tries again after a failed download instead of keeping the failure', async () => {
    let calls = 0;
    const load = onDemand(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('loaded');
    expect(calls).toBe(2);
  });
});
