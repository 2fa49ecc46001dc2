import { describe, expect, it } from 'vitest';
import { codeMatches, newVerifyCode, verifyCodeHash } from './verify-code';

describe('the card SMS code', () => {
  it('is six digits', () => {
    for (let i = 0; i < 50; i += 1) expect(newVerifyCode()).toMatch(/^\d{6}$/);
  });

  it('matches only its own repayment', () => {
    const stored = verifyCodeHash(7, '123456');
    expect(codeMatches(stored, 7, '123456')).toBe(true);
    expect(codeMatches(stored, 7, '123457')).toBe(false);
    expect(codeMatches(stored, 8, '123456')).toBe(false);
    expect(stored).not.toContain('123456');
  });
});
