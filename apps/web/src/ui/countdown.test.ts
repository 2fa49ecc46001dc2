import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('counts whole seconds down to zero and no further', () => {
    expect(secondsLeft(60, 0)).toBe(60);
    expect(secondsLeft(60, 999)).toBe(60);
    expect(secondsLeft(60, 1000)).toBe(59);
    expect(secondsLeft(60, 59_999)).toBe(1);
    expect(secondsLeft(60, 60_000)).toBe(0);
    expect(secondsLeft(60, 120_000)).toBe(0);
  });
});
