import { describe, expect, it } from 'vitest';
import { DEFAULT_DAYS, funnelRange } from './funnel-range';

describe('the Campaigns section’s range of days', () => {
  const noon = new Date(2026, 10, 26, 12, 0, 0);

  it('is the last two weeks up to today until the address names one', () => {
    expect(DEFAULT_DAYS).toBe(14);
    expect(funnelRange(new URLSearchParams(), noon)).toEqual({ from: '2026-11-13', to: '2026-11-26' });
    expect(funnelRange(new URLSearchParams('to=2026-03-10'), noon)).toEqual({ from: '2026-02-25', to: '2026-03-10' });
  });

  it('keeps the address’s days as written, even a range the server refuses, and drops what is not a day', () => {
    expect(funnelRange(new URLSearchParams('from=2026-01-01&to=2026-05-01'), noon)).toEqual({ from: '2026-01-01', to: '2026-05-01' });
    expect(funnelRange(new URLSearchParams('from=yesterday&to=2026-1-5'), noon)).toEqual({ from: '2026-11-13', to: '2026-11-26' });
  });
});
