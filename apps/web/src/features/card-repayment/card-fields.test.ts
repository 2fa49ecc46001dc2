import { describe, expect, it } from 'vitest';
import { codeDigits, formatExpiry, isCompleteCode, isExpired, parseExpiry } from './card-fields';

describe('the SMS code field', () => {
  it('keeps the digits of a pasted or typed code, at most six', () => {
    expect(codeDigits('123 456')).toBe('123456');
    expect(codeDigits('12-34-56-78')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });

  it('counts only six digits as a code', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });
});

describe('the expiry field', () => {
  it('adds the slash once the month is typed and keeps digits only', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('reads MM/YY as a real month only', () => {
    expect(parseExpiry('07/31')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('00/31')).toBeNull();
    expect(parseExpiry('7/31')).toBeNull();
  });

  it('lets a card be used through its expiry month', () => {
    const now = new Date(2030, 5, 30);
    expect(isExpired({ month: 6, year: 2030 }, now)).toBe(false);
    expect(isExpired({ month: 5, year: 2030 }, now)).toBe(true);
    expect(isExpired({ month: 12, year: 2029 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2031 }, now)).toBe(false);
  });
});
