import { describe, expect, it } from 'vitest';
import { configViewOf, fieldText, minorFromText, POLICY_FIELDS, ppmFromPercent, PRICING_FIELDS, textsOf, valuesOf } from './config-views';

describe('the configuration forms', () => {
  it('reads percentages as parts per million and shows them back the same', () => {
    expect(ppmFromPercent('5')).toBe(50_000);
    expect(ppmFromPercent('0.05')).toBe(500);
    expect(ppmFromPercent('0,0065')).toBe(65);
    expect(ppmFromPercent('100')).toBe(1_000_000);
    expect(ppmFromPercent('100.0001')).toBeNull();
    expect(ppmFromPercent('0.00001')).toBeNull();
    expect(ppmFromPercent('-1')).toBeNull();
    for (const ppm of [0, 65, 500, 50_000, 160_000, 1_000_000]) expect(ppmFromPercent(fieldText('percent', ppm))).toBe(ppm);
  });

  it('reads money in major units, zero allowed, and refuses more than two decimals', () => {
    expect(minorFromText('1500.5')).toBe(150_050);
    expect(minorFromText('0')).toBe(0);
    expect(minorFromText('1.234')).toBeNull();
    expect(fieldText('money', 150_050)).toBe('1500.50');
  });

  it('turns a whole pricing into texts and back, and names the first field that does not read', () => {
    const pricing = {
      minAmountMinor: 100_000,
      maxAmountMinor: 2_000_000,
      defaultAmountMinor: 500_000,
      minTermDays: 91,
      maxTermDays: 182,
      termDays: 91,
      periods: 1,
      interestPerDayPpm: 500,
      commissionPpm: 50_000,
      taxPpm: 160_000,
      maxExtensions: 0,
    };
    const texts = textsOf(PRICING_FIELDS, pricing);
    expect(texts.commissionPpm).toBe('5');
    expect(valuesOf(PRICING_FIELDS, texts)).toEqual({ ok: true, values: pricing });
    expect(valuesOf(PRICING_FIELDS, { ...texts, periods: '1.5' })).toEqual({ ok: false, field: 'periods' });
    expect(POLICY_FIELDS.map((field) => field.name)).toContain('approveFromPoints');
  });

  it('opens the products page when the address names no page or an unknown one', () => {
    expect(configViewOf(null)).toBe('products');
    expect(configViewOf('channels')).toBe('channels');
    expect(configViewOf('elsewhere')).toBe('products');
  });
});
