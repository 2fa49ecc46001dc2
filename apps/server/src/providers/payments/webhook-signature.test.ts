import { WEBHOOK_TOLERANCE_SECONDS } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { sign, verify } from './webhook-signature';

const secret = 'a-test-secret-of-enough-length-0123456789';
const at = new Date('2030-04-01T10:00:00Z');
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe('webhook signatures', () => {
  it('accepts what was signed with the secret over the exact body, within the tolerance either way', () => {
    const body = '{"id":"evt_1","amountMinor":100}';
    const header = sign(secret, body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, body, header, at)).toBe('valid');
    expect(verify(secret, body, header, later(WEBHOOK_TOLERANCE_SECONDS))).toBe('valid');
    expect(verify(secret, body, header, later(-WEBHOOK_TOLERANCE_SECONDS))).toBe('valid');
  });

  it('calls a signed time beyond the tolerance stale, in the past or the future', () => {
    const header = sign(secret, '{}', at);
    expect(verify(secret, '{}', header, later(WEBHOOK_TOLERANCE_SECONDS + 1))).toBe('stale');
    expect(verify(secret, '{}', header, later(-WEBHOOK_TOLERANCE_SECONDS - 1))).toBe('stale');
  });

  it('refuses another secret, a changed body, a changed time and malformed headers', () => {
    const body = '{"amountMinor":100}';
    const header = sign(secret, body, at);
    expect(verify('another-secret', body, header, at)).toBe('bad-signature');
    expect(verify(secret, '{"amountMinor":1000}', header, at)).toBe('bad-signature');
    expect(verify(secret, body, header.replace(/^t=(\d+)/, (_m, t: string) => `t=${Number(t) + 1}`), at)).toBe('bad-signature');
    for (const bad of [undefined, '', 'v1=abc', `t=${Math.floor(at.getTime() / 1000)}`, 't=x,v1=00', `t=1,v1=${'0'.repeat(63)}`]) {
      expect(verify(secret, body, bad, at), String(bad)).toBe('bad-signature');
    }
  });

  it('accepts any one valid v1 among several, as during a secret rotation', () => {
    const body = '{}';
    const old = sign('old-secret', body, at);
    const current = sign(secret, body, at);
    expect(verify(secret, body, `${old},v1=${current.split('v1=')[1] ?? ''}`, at)).toBe('valid');
  });

  it('never accepts a body differing from the signed one by a space or a byte', () => {
    const signed = '{"id":"evt_1","amountMinor":100}';
    const header = sign(secret, signed, at);
    for (const delivered of [`${signed} `, ` ${signed}`, signed.replace('100', '101'), signed.replace('1', 'l'), '']) {
      expect(verify(secret, delivered, header, at), delivered).toBe('bad-signature');
    }
  });
});
