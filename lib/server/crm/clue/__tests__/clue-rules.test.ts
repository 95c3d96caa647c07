import { normaliseClueSource } from '@/lib/shared/clue/clue.constants';
import { transitionAllowed } from '@/lib/server/crm/clue/clue.service';

describe('lead rules', () => {
  it('maps free-text sources onto the fixed list', () => {
    expect(normaliseClueSource('企业查询')).toBe('企业搜索');
    expect(normaliseClueSource(' 高级搜索 ')).toBe('高级搜索');
    expect(normaliseClueSource('朋友介绍')).toBe('其他');
    expect(normaliseClueSource(undefined)).toBe('其他');
  });

  it('lets a lead move forward, reopen from 无效, never back to 新线索, never out of 已转化', () => {
    const allowed = [0, 1, 2, 3].flatMap((from) =>
      [0, 1, 2, 3]
        .filter((to) => from !== to && transitionAllowed(from as 0, to as 0))
        .map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['0→1', '0→2', '0→3', '1→2', '1→3', '3→1', '3→2']);
  });
});
