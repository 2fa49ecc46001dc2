import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLines } from './field-changes';

describe('fieldChanges', () => {
  it('lists only the changed fields, nested ones by dotted name', () => {
    const before = { name: 'PesoFlex', active: true, pricing: { minAmountMinor: 100_000, maxAmountMinor: 900_000 }, tags: ['a'] };
    const after = { name: 'PesoFlex', active: false, pricing: { minAmountMinor: 150_000, maxAmountMinor: 900_000 }, tags: ['a', 'b'] };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'active', before: 'true', after: 'false' },
      { field: 'pricing.minAmountMinor', before: '100000', after: '150000' },
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it('shows a field only one side has as none on the other, and a creation as every field new', () => {
    expect(fieldChanges({ note: 'x' }, { reason: 'late' })).toEqual([
      { field: 'note', before: 'x', after: null },
      { field: 'reason', before: null, after: 'late' },
    ]);
    expect(fieldChanges(null, { status: 'open' })).toEqual([{ field: 'status', before: null, after: 'open' }]);
    expect(fieldChanges({ approvedAt: null, dueDate: null }, { approvedAt: '2026-11-29T10:00:00.000Z', dueDate: null })).toEqual([
      { field: 'approvedAt', before: null, after: '2026-11-29T10:00:00.000Z' },
    ]);
  });

  it('reads a bare value as one field of no name', () => {
    expect(fieldChanges(1, 2)).toEqual([{ field: '', before: '1', after: '2' }]);
    expect(fieldChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('fieldLines', () => {
  it('flattens nested records with dotted names, sorted', () => {
    expect(fieldLines({ b: 'x', a: { d: null, c: 2 } })).toEqual([
      { name: 'a.c', value: '2' },
      { name: 'a.d', value: 'null' },
      { name: 'b', value: 'x' },
    ]);
  });
});
