import { describe, expect, it } from 'vitest';
import { copiedCode, groupedCode } from './grouped-code';

describe('groupedCode', () => {
  it('groups a long number in fours from its start', () => {
    expect(groupedCode('92288987198899')).toBe('9228 8987 1988 99');
    expect(groupedCode('002180365433878412')).toBe('0021 8036 5433 8784 12');
    expect(groupedCode('2223330612370356')).toBe('2223 3306 1237 0356');
  });

  it('leaves a short number, or a code with anything but digits, as it is', () => {
    expect(groupedCode('1234567')).toBe('1234567');
    expect(groupedCode('LN1-1-100-0')).toBe('LN1-1-100-0');
    expect(groupedCode('qr_2e2c27bd7c0cba')).toBe('qr_2e2c27bd7c0cba');
  });

  it('copies the digits without the spaces', () => {
    expect(copiedCode('9228 8987 1988 99')).toBe('92288987198899');
    expect(copiedCode(groupedCode('002180365433878412'))).toBe('002180365433878412');
  });
});
