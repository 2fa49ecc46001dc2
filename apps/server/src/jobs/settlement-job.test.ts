import { describe, expect, it } from 'vitest';
import { settledDay } from './settlement-job';

describe('the settlement job', () => {
  it('matches the UTC day before the one it runs on, the last a provider has closed', () => {
    expect(settledDay(new Date('2026-03-01T00:30:00Z'))).toBe('2026-02-28');
    expect(settledDay(new Date('2026-03-01T23:59:00Z'))).toBe('2026-02-28');
  });

  it('waits the days a provider takes to settle before matching its day', () => {
    expect(settledDay(new Date('2026-03-01T00:30:00Z'), 4)).toBe('2026-02-24');
  });
});
