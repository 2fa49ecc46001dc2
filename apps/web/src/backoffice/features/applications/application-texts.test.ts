import { describe, expect, it } from 'vitest';
import { formatCeiling, inputLines, minorFromTyped } from './application-texts';

describe('the application page’s texts', () => {
  it('reads a typed ceiling in major units as minor units, and refuses anything else', () => {
    expect(minorFromTyped('12000')).toBe(1_200_000);
    expect(minorFromTyped(' 12000.5 ')).toBe(1_200_050);
    expect(minorFromTyped('12000,05')).toBe(1_200_005);
    for (const bad of ['', '0', '-5', '12.345', '1e5', '12 000']) expect(minorFromTyped(bad)).toBeNull();
  });

  it('lists the scorecard’s inputs by name, a nested record field by field', () => {
    expect(inputLines({ monthlyIncomeMinor: 4_000_000, duplicateIdentity: true, policy: { minAge: 21, bands: [1, 2] }, market: 'IN' })).toEqual([
      { name: 'duplicateIdentity', value: 'true' },
      { name: 'market', value: 'IN' },
      { name: 'monthlyIncomeMinor', value: '4000000' },
      { name: 'policy.bands', value: '[1,2]' },
      { name: 'policy.minAge', value: '21' },
    ]);
    expect(formatCeiling(null, 'en')).toBe('—');
    expect(formatCeiling(4_000_000, 'en')).toBe('40,000.00');
  });
});
