import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates';

describe('calendar dates', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 91)).toBe('2027-04-01');
    expect(daysBetween('2026-03-10', '2026-03-12')).toBe(2);
    expect(daysBetween('2026-03-12', '2026-03-10')).toBe(-2);
  });

  it('refuses what is not a date', () => {
    expect(() => addDays('10/03/2026', 1)).toThrow(RangeError);
  });
});
