import { describe, expect, it } from 'vitest';
import { visibleRows } from './detail-rows';

describe('visibleRows', () => {
  it('leaves out rows whose value is empty or "0"', () => {
    const rows = [
      { text: 'Amount', value: '$1,000.00' },
      { text: 'Discount', value: '0' },
      { text: 'Paid out on', value: '' },
      { text: 'Penalty', value: ' ' },
      { text: 'Zero amount', value: '$0.00' },
    ];
    expect(visibleRows(rows).map((r) => r.text)).toEqual(['Amount', 'Zero amount']);
  });
});
