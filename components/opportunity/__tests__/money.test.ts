import { fenToYuan, formatYuan, formatYuanShort, yuanToFen } from '../money';

describe('opportunity amounts (fen on the wire, 元 on screen)', () => {
  it('shows fen as 元 with two decimals and grouping', () => {
    expect(formatYuan(123456)).toBe('1,234.56 元');
    expect(formatYuan(5)).toBe('0.05 元');
    expect(formatYuan(0)).toBe('0.00 元');
    expect(formatYuan(null)).toBe('—');
  });

  it('shortens column totals to 万元 and 亿元', () => {
    expect(formatYuanShort(999_900)).toBe('9,999 元');
    expect(formatYuanShort(1_234_500_00)).toBe('123.45 万元');
    expect(formatYuanShort(25_000_000_000)).toBe('2.5 亿元');
    expect(formatYuanShort(undefined)).toBe('—');
  });

  it('turns typed 元 into whole fen without float noise', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen('1200.5')).toBe(120050);
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(fenToYuan(120050)).toBe(1200.5);
    expect(fenToYuan(null)).toBeNull();
  });
});
