import { describe, expect, it } from 'vitest';
import { trustsPeer } from './trust-proxy';

describe('trustsPeer', () => {
  it('trusts no peer without a proxy, and any peer for a hop count', () => {
    expect(trustsPeer(false)('10.0.0.1')).toBe(false);
    expect(trustsPeer(2)('203.0.113.9')).toBe(true);
    expect(trustsPeer(2)(undefined)).toBe(false);
  });

  it('trusts only the listed addresses and blocks, IPv4 peers on a dual-stack socket included', () => {
    const trusted = trustsPeer(['10.20.0.0/16', '192.0.2.10', 'fd00::/8']);
    expect(trusted('10.20.255.1')).toBe(true);
    expect(trusted('::ffff:10.20.0.7')).toBe(true);
    expect(trusted('192.0.2.10')).toBe(true);
    expect(trusted('fd12::1')).toBe(true);
    expect(trusted('10.21.0.1')).toBe(false);
    expect(trusted('192.0.2.11')).toBe(false);
    expect(trusted('::ffff:203.0.113.9')).toBe(false);
    expect(trusted('not an address')).toBe(false);
    expect(trusted(undefined)).toBe(false);
  });
});
