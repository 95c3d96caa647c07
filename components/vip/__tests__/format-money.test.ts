import { countdown, formatTerm, formatYuan } from '../format-money';

describe('money and terms as people read them', () => {
  it('shows fen as yuan, with cents only when there are any', () => {
    expect(formatYuan(129900)).toBe('¥1,299');
    expect(formatYuan(9950)).toBe('¥99.50');
    expect(formatYuan(1)).toBe('¥0.01');
    expect(formatYuan(0)).toBe('¥0');
  });

  it('names terms in years, months or days', () => {
    expect(formatTerm(365)).toBe('1年');
    expect(formatTerm(730)).toBe('2年');
    expect(formatTerm(90)).toBe('3个月');
    expect(formatTerm(45)).toBe('45天');
  });

  it('counts down to a time in m:ss and stops at zero', () => {
    expect(countdown(15 * 60_000, 0)).toBe('15:00');
    expect(countdown(61_500, 0)).toBe('1:02');
    expect(countdown(1_000, 5_000)).toBe('0:00');
  });
});
