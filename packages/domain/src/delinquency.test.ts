import { describe, expect, it } from 'vitest';
import { bandsProblem, bucketOf, DEFAULT_DELINQUENCY_BANDS, daysPastDue } from './delinquency';

describe('days past due', () => {
  it('counts from the oldest installment still owed whose date has passed, the day after it being the first', () => {
    const plan = [
      { dueDate: '2026-01-10', unpaidMinor: 0 },
      { dueDate: '2026-01-25', unpaidMinor: 5_000 },
      { dueDate: '2026-02-09', unpaidMinor: 5_000 },
    ];
    expect(daysPastDue(plan, '2026-01-25')).toBe(0);
    expect(daysPastDue(plan, '2026-01-26')).toBe(1);
    expect(daysPastDue(plan, '2026-02-24')).toBe(30);
    expect(daysPastDue(plan.map((i) => ({ ...i, unpaidMinor: 0 })), '2026-03-01')).toBe(0);
  });
});

describe('delinquency buckets', () => {
  it('puts each day past due in one bucket of each market, none when not late', () => {
    const india = DEFAULT_DELINQUENCY_BANDS.IN;
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map((days) => bucketOf(days, india))).toEqual([null, 'SMA-0', 'SMA-0', 'SMA-1', 'SMA-1', 'SMA-2', 'SMA-2', 'NPA', 'NPA']);
    expect(bucketOf(45, DEFAULT_DELINQUENCY_BANDS.MX)).toBe('31-60');
    expect(bandsProblem(india)).toBeNull();
    expect(bandsProblem(DEFAULT_DELINQUENCY_BANDS.MX)).toBeNull();
  });

  it('refuses bands that leave a day out, count one twice, or end', () => {
    expect(bandsProblem([])).toBe('empty');
    expect(bandsProblem([{ code: 'a', fromDays: 2, toDays: null }])).toBe('first-not-day-1');
    expect(bandsProblem([{ code: 'a', fromDays: 1, toDays: 30 }, { code: 'b', fromDays: 32, toDays: null }])).toBe('gap-or-overlap');
    expect(bandsProblem([{ code: 'a', fromDays: 1, toDays: 30 }, { code: 'b', fromDays: 25, toDays: null }])).toBe('gap-or-overlap');
    expect(bandsProblem([{ code: 'a', fromDays: 1, toDays: 30 }])).toBe('last-not-open');
    expect(bandsProblem([{ code: 'a', fromDays: 1, toDays: null }, { code: 'b', fromDays: 2, toDays: null }])).toBe('open-before-last');
    expect(bandsProblem([{ code: 'a', fromDays: 1, toDays: 30 }, { code: 'a', fromDays: 31, toDays: null }])).toBe('duplicate-code');
  });
});
