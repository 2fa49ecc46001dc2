import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatAmountNumber, formatAnnualRate, formatDate, formatDateTime, formatRatePercent } from './format';
import { parseMajorAmount } from './money';

describe('formatAmount', () => {
  it('divides minor units by 100 to two decimals with the market sign', () => {
    expect(formatAmount(0, 'MX')).toBe('$0.00');
    expect(formatAmount(5, 'MX')).toBe('$0.05');
    expect(formatAmount(123456, 'MX')).toBe('$1,234.56');
    expect(formatAmount(123456789, 'MX')).toBe('$1,234,567.89');
    expect(formatAmount(-2050, 'MX')).toBe('-$20.50');
  });

  it('groups rupees the Indian way', () => {
    expect(formatAmount(99900, 'IN')).toBe('₹999.00');
    expect(formatAmount(12345000, 'IN')).toBe('₹1,23,450.00');
    expect(formatAmount(1234567800, 'IN')).toBe('₹1,23,45,678.00');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatAmount(1.5, 'MX')).toThrow(/whole number/);
  });

  it('round-trips through parseMajorAmount for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (minor) => {
        expect(parseMajorAmount(formatAmountNumber(minor, 'MX'))).toBe(minor);
      }),
    );
  });
});

describe('parseMajorAmount', () => {
  it('reads plain and grouped amounts without floating point', () => {
    expect(parseMajorAmount('1500')).toBe(150000);
    expect(parseMajorAmount('0.1')).toBe(10);
    expect(parseMajorAmount('1,234.05')).toBe(123405);
    expect(parseMajorAmount('12.345')).toBeNull();
    expect(parseMajorAmount('abc')).toBeNull();
    expect(parseMajorAmount('1,23')).toBeNull();
  });
});

describe('formatDate', () => {
  const instant = new Date('2026-01-05T03:04:05Z');

  it('writes zero-padded dates in the market time zone', () => {
    expect(formatDate(instant, 'MX')).toBe('2026-01-04');
    expect(formatDateTime(instant, 'MX')).toBe('2026-01-04 21:04:05');
    expect(formatDate(instant, 'IN')).toBe('2026-01-05');
    expect(formatDateTime(instant, 'IN')).toBe('2026-01-05 08:34:05');
  });
});

describe('rates', () => {
  it('writes ppm rates exactly and annual rates to one decimal', () => {
    expect(formatRatePercent(65)).toBe('0.0065%');
    expect(formatRatePercent(500)).toBe('0.05%');
    expect(formatRatePercent(30_000)).toBe('3%');
    expect(formatRatePercent(160_000)).toBe('16%');
    expect(formatRatePercent(1_234_567)).toBe('123.4567%');
    expect(formatAnnualRate(0.46846)).toBe('46.8%');
    expect(formatAnnualRate(1.5)).toBe('150.0%');
  });
});
