import { formatTotal } from '../total-text';
import { totalText as aiTotalText } from '@/lib/client/ai/format';
import { totalText as contentTotalText } from '@/components/content/content-format';

describe('one wording of a total (issue 28 item 7)', () => {
  it('reads exact totals with separators and estimates in 万', () => {
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(20_000, true)).toBe('约2万');
    expect(formatTotal(15_400, true)).toBe('约1.5万');
    expect(formatTotal(322_222, true)).toBe('约32万');
    expect(formatTotal(3_456, true)).toBe('约3,500');
  });

  it('the AI replies and the content lists say it the same way (no 约 10,000+ / 2 万)', () => {
    for (const [n, approx] of [
      [10_000, true],
      [20_000, true],
      [52_340, true],
      [1234, false],
    ] as const) {
      expect(aiTotalText(n, approx)).toBe(formatTotal(n, approx));
      expect(contentTotalText(n, approx)).toBe(formatTotal(n, approx));
    }
  });
});
