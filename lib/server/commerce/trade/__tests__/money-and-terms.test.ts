import { EDITIONS, editionPriceFen } from '@/lib/shared/vip/editions';
import { nextEditionTerm } from '../edition-term';
import { fenToYuanString, yuanStringToFen } from '../money';

const DAY = 86_400_000;
const now = new Date('2026-11-25T08:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY);

describe('money in fen', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [1980, '19.80'],
    [5980000, '59800.00'],
  ])('%i fen is %s yuan and back', (fen, yuan) => {
    expect(fenToYuanString(fen)).toBe(yuan);
    expect(yuanStringToFen(yuan)).toBe(fen);
  });

  it('reads what Alipay writes without floating point', () => {
    expect(yuanStringToFen('0.1')).toBe(10);
    expect(yuanStringToFen('19')).toBe(1900);
    // 0.07 * 100 is 7.000000000000001 in floating point
    expect(yuanStringToFen('0.07')).toBe(7);
  });

  it.each(['-1.00', '1.001', '1e3', '', ' ', 'abc', '1,00', '.5'])('refuses %p', (bad) => {
    expect(yuanStringToFen(bad)).toBeNull();
  });

  it('refuses fractional or negative fen', () => {
    expect(() => fenToYuanString(1.5)).toThrow();
    expect(() => fenToYuanString(-1)).toThrow();
  });

  it('prices every paid edition in whole fen', () => {
    for (const e of EDITIONS) expect(Number.isSafeInteger(editionPriceFen(e))).toBe(true);
  });
});

describe('edition terms', () => {
  it('a free tenant buying an edition gets it for the term from now', () => {
    expect(
      nextEditionTerm({ edition: 0, expiresAt: null }, { edition: 2, durationDays: 365 }, now),
    ).toEqual({
      edition: 2,
      expiresAt: days(365),
    });
  });

  it('renewing adds the term to what is left', () => {
    expect(
      nextEditionTerm({ edition: 2, expiresAt: days(10) }, { edition: 2, durationDays: 365 }, now),
    ).toEqual({ edition: 2, expiresAt: days(375) });
  });

  it('an expired edition starts again from now', () => {
    expect(
      nextEditionTerm({ edition: 3, expiresAt: days(-3) }, { edition: 2, durationDays: 365 }, now),
    ).toEqual({ edition: 2, expiresAt: days(365) });
  });

  it('upgrading converts the days left at the ratio of the prices', () => {
    // 标准版 6980 → 高级版 19800 per year: 99 days left are worth 99 * 6980 / 19800 = 34.9 days
    const next = nextEditionTerm(
      { edition: 2, expiresAt: days(99) },
      { edition: 3, durationDays: 365 },
      now,
    );
    expect(next.edition).toBe(3);
    const carried = next.expiresAt!.getTime() - days(365).getTime();
    expect(carried / DAY).toBeCloseTo((99 * 6980) / 19800, 5);
  });

  it('a late payment of a lower edition extends the higher one instead of downgrading', () => {
    const next = nextEditionTerm(
      { edition: 4, expiresAt: days(100) },
      { edition: 1, durationDays: 365 },
      now,
    );
    expect(next.edition).toBe(4);
    const added = next.expiresAt!.getTime() - days(100).getTime();
    expect(added / DAY).toBeCloseTo((365 * 1980) / 59800, 5);
  });
});
