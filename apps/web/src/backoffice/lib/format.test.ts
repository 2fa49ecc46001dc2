import { describe, expect, it } from 'vitest';
import { dayHasPassed, formatDay, formatInstant, formatMinor, formatMonth, formatShare, minorFromTyped, waited } from './format';

describe('formatInstant', () => {
  const at = '2026-03-10T18:30:00Z';
  it('says the market’s time zone in the reader’s language', () => {
    expect(formatInstant(at, 'en', 'MX')).toMatch(/12:30.*\(Mexico City time\)$/);
    expect(formatInstant(at, 'es', 'MX')).toMatch(/12:30.*\(hora de la Ciudad de México\)$/);
    expect(formatInstant(at, 'en', 'IN')).toMatch(/12:00.*\(IST\)$/);
    expect(formatInstant(at, 'es', 'IN')).toMatch(/12:00.*\(hora de la India, IST\)$/);
  });
  it('shows a time of no market in UTC, and says so', () => {
    expect(formatInstant(at, 'en')).toMatch(/6:30.*\(UTC\)$/);
  });
});

describe('waited', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says minutes, then hours, then days, in whole units', () => {
    expect(waited('2026-03-10T11:58:30Z', now)).toEqual({ unit: 'minutes', count: 1 });
    expect(waited('2026-03-10T09:30:00Z', now)).toEqual({ unit: 'hours', count: 2 });
    expect(waited('2026-03-07T11:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  });
  it('never says a negative wait for a clock a little behind the server', () => {
    expect(waited('2026-03-10T12:05:00Z', now)).toEqual({ unit: 'minutes', count: 0 });
  });
});

describe('dayHasPassed', () => {
  it('reads the day in Mexico City, not in UTC', () => {
    // 03:00 UTC on the 11th is still the 10th in Mexico City (UTC−6).
    expect(dayHasPassed('2026-03-10', new Date('2026-03-11T03:00:00Z'))).toBe(false);
    expect(dayHasPassed('2026-03-10', new Date('2026-03-11T07:00:00Z'))).toBe(true);
    expect(dayHasPassed('2026-03-11', new Date('2026-03-11T07:00:00Z'))).toBe(false);
  });
});

describe('formatDay', () => {
  it('shows the same calendar day in either language', () => {
    expect(formatDay('2026-03-10', 'en')).toContain('10');
    expect(formatDay('2026-03-10', 'es')).toMatch(/10.*mar/i);
  });
});

describe('amounts', () => {
  it('writes amounts in minor units with two decimals in the reader’s language', () => {
    expect(formatMinor(475_000, 'en', 'MXN')).toBe('$4,750.00 MXN');
    expect(formatMinor(12_345_678, 'es', 'INR')).toBe('₹1,23,456.78 INR');
    expect(formatMinor(12_345_678, 'en')).toBe('1,23,456.78');
    expect(formatMinor(475_050, 'es')).toBe('4,750.50');
  });

  it('reads a typed amount in major units as minor units, and refuses anything else', () => {
    expect(minorFromTyped('12000')).toBe(1_200_000);
    expect(minorFromTyped(' 12000.5 ')).toBe(1_200_050);
    expect(minorFromTyped('12000,05')).toBe(1_200_005);
    for (const bad of ['', '0', '-5', '12.345', '1e5', '12 000']) expect(minorFromTyped(bad)).toBeNull();
  });
});

describe('formatShare and formatMonth', () => {
  it('writes basis points as a percentage and a month by its name, in the reader’s language', () => {
    expect(formatShare(3333, 'en')).toBe('33.33%');
    expect(formatShare(1250, 'es')).toMatch(/^12\.5\s?%$/);
    expect(formatShare(0, 'en')).toBe('0.0%');
    expect(formatMonth('2026-03', 'en')).toBe('Mar 2026');
    expect(formatMonth('2026-03', 'es')).toMatch(/^mar\.? 2026$/);
  });
});
