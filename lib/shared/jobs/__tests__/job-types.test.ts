import { isFinished, jobPercent } from '../job.types';

describe('jobPercent', () => {
  it('is processed of total, rounded down, and never 100 before the job has succeeded', () => {
    expect(jobPercent('running', 0, 1000)).toBe(0);
    expect(jobPercent('running', 333, 1000)).toBe(33);
    expect(jobPercent('running', 1000, 1000)).toBe(99);
    expect(jobPercent('cancelled', 1000, 1000)).toBe(99);
    expect(jobPercent('succeeded', 10, 1000)).toBe(100);
  });

  it('is 0 while the total is unknown', () => {
    expect(jobPercent('running', 50, null)).toBe(0);
    expect(jobPercent('queued', 0, 0)).toBe(0);
  });
});

describe('isFinished', () => {
  it('holds for the three end states only', () => {
    expect(
      ['queued', 'running', 'succeeded', 'failed', 'cancelled'].map((s) => isFinished(s as never)),
    ).toEqual([false, false, true, true, true]);
  });
});
