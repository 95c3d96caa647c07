import { chinaDayStart, chinaTomorrowStart, isDueInChina } from '../china-day';

/** 今日待跟进 counts days in China time (UTC+8): China midnight is 16:00 UTC the day before. */
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('China days', () => {
  it('starts the day at China midnight, i.e. 16:00 UTC of the day before', () => {
    // 2026-06-10 23:59:59.999 in China.
    expect(chinaDayStart(utc('2026-06-10T15:59:59.999'))).toBe(utc('2026-06-09T16:00:00'));
    // 2026-06-11 00:00 in China: a new day, though it is still 10 June in UTC.
    expect(chinaDayStart(utc('2026-06-10T16:00:00'))).toBe(utc('2026-06-10T16:00:00'));
    expect(chinaTomorrowStart(utc('2026-06-10T16:00:00'))).toBe(utc('2026-06-11T16:00:00'));
    expect(chinaTomorrowStart(utc('2026-06-10T15:59:59.999'))).toBe(utc('2026-06-10T16:00:00'));
  });

  it('handles the year change and dates before 1970 the same way', () => {
    expect(chinaDayStart(utc('2026-12-31T16:30:00'))).toBe(utc('2026-12-31T16:00:00'));
    expect(chinaDayStart(utc('1969-12-31T15:00:00'))).toBe(utc('1969-12-30T16:00:00'));
  });
});

describe('isDueInChina', () => {
  // 10 June, 23:30 in China (15:30 UTC): a follow-up at 23:45 China time is due today, one at
  // 00:15 on 11 June is not, although a browser in UTC would call both "10 June".
  const lateEvening = utc('2026-06-10T15:30:00');
  const tonight = utc('2026-06-10T15:45:00');
  const afterMidnight = utc('2026-06-10T16:15:00');

  it('is due before China midnight and not after it', () => {
    expect(isDueInChina(tonight, 1, lateEvening)).toBe(true);
    expect(isDueInChina(afterMidnight, 1, lateEvening)).toBe(false);
    expect(isDueInChina(utc('2026-06-10T16:00:00'), 0, lateEvening)).toBe(false);
    expect(isDueInChina(utc('2026-06-10T15:59:59.999'), 0, lateEvening)).toBe(true);
  });

  it('moves with the China day: after China midnight the next morning is due', () => {
    const justAfter = utc('2026-06-10T16:00:01');
    expect(isDueInChina(afterMidnight, 1, justAfter)).toBe(true);
    expect(isDueInChina(utc('2026-06-11T15:59:00'), 1, justAfter)).toBe(true);
    expect(isDueInChina(utc('2026-06-11T16:00:00'), 1, justAfter)).toBe(false);
  });

  it('keeps overdue open leads due and never marks converted, invalid or unplanned ones', () => {
    const past = utc('2026-06-01T02:00:00');
    expect(isDueInChina(past, 0, lateEvening)).toBe(true);
    expect(isDueInChina(past, 2, lateEvening)).toBe(false);
    expect(isDueInChina(past, 3, lateEvening)).toBe(false);
    expect(isDueInChina(null, 1, lateEvening)).toBe(false);
  });
});
