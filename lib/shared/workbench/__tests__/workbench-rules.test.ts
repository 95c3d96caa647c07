import {
  chinaNextMonthStart,
  chinaWeekStart,
  followUpUrgency,
  onboardingDone,
  overdueDays,
  quotaPercent,
} from '../workbench-rules';

/** 我的工作台's day, week and month rules in China time (UTC+8), whatever the machine's zone. */

const china = (iso: string) => Date.parse(`${iso}+08:00`);

describe('chinaWeekStart', () => {
  it('is Monday 00:00 China time', () => {
    // 2026-11-29 is a Sunday; its week began Monday 2026-11-23.
    expect(chinaWeekStart(china('2026-11-29T23:59:00'))).toBe(china('2026-11-23T00:00:00'));
    expect(chinaWeekStart(china('2026-11-23T00:00:00'))).toBe(china('2026-11-23T00:00:00'));
    expect(chinaWeekStart(china('2026-11-22T23:59:59'))).toBe(china('2026-11-16T00:00:00'));
  });

  it('follows China, not UTC: Monday 07:00 in China is still Sunday in UTC', () => {
    expect(chinaWeekStart(china('2026-11-30T07:00:00'))).toBe(china('2026-11-30T00:00:00'));
  });
});

describe('chinaNextMonthStart', () => {
  it('is the first of next month, China time, across the year end', () => {
    expect(chinaNextMonthStart(china('2026-11-29T10:00:00'))).toBe(china('2026-12-01T00:00:00'));
    expect(chinaNextMonthStart(china('2026-12-31T23:30:00'))).toBe(china('2027-01-01T00:00:00'));
    // 08:00 on the 1st in China is midnight UTC: already the new month.
    expect(chinaNextMonthStart(china('2026-12-01T00:10:00'))).toBe(china('2027-01-01T00:00:00'));
  });
});

describe('followUpUrgency', () => {
  const now = china('2026-11-29T15:00:00');
  it('is overdue before today, today until midnight, later after', () => {
    expect(followUpUrgency(china('2026-11-28T23:59:00'), 0, now)).toBe('overdue');
    expect(followUpUrgency(china('2026-11-29T00:00:00'), 1, now)).toBe('today');
    expect(followUpUrgency(china('2026-11-29T23:59:00'), 1, now)).toBe('today');
    expect(followUpUrgency(china('2026-11-30T00:00:00'), 0, now)).toBe('later');
  });

  it('never for converted or invalid leads, or without a time', () => {
    expect(followUpUrgency(china('2026-11-20T10:00:00'), 2, now)).toBeNull();
    expect(followUpUrgency(china('2026-11-20T10:00:00'), 3, now)).toBeNull();
    expect(followUpUrgency(null, 0, now)).toBeNull();
  });

  it('counts overdue days by China calendar days', () => {
    expect(overdueDays(china('2026-11-28T23:59:00'), now)).toBe(1);
    expect(overdueDays(china('2026-11-26T08:00:00'), now)).toBe(3);
    expect(overdueDays(china('2026-11-29T08:00:00'), now)).toBe(0);
  });
});

describe('onboarding and quota', () => {
  it('the guide stays until all three steps are done', () => {
    expect(onboardingDone({ search: true, lead: true, followUp: false })).toBe(false);
    expect(onboardingDone({ search: true, lead: true, followUp: true })).toBe(true);
  });

  it('quota percent is bounded and safe without an allowance', () => {
    expect(quotaPercent(5, 20)).toBe(25);
    expect(quotaPercent(30, 20)).toBe(100);
    expect(quotaPercent(0, 0)).toBe(0);
    expect(quotaPercent(2, 0)).toBe(100);
  });
});
