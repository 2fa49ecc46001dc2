import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides session ids and codes but keeps the rest of the address', () => {
    expect(redactUrl('/machine/x?userId=7&sessionId=abc123&language=2')).toBe(
      '/machine/x?userId=7&sessionId=[REDACTED]&language=2',
    );
    expect(redactUrl('/p?SESSIONID=a&verifyCode=123456')).toBe('/p?SESSIONID=[REDACTED]&verifyCode=[REDACTED]');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/p?%73essionId=abc')).toBe('/p?%73essionId=[REDACTED]');
  });
});
