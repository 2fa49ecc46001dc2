import { describe, expect, it } from 'vitest';
import { networkOf } from './sms-admission';

describe('networkOf', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by their /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(networkOf('2001:0db8:0000:0012:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
