import { describe, expect, it } from 'vitest';
import { formatCeiling, inputLines } from './application-texts';

describe('the application page’s texts', () => {
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
