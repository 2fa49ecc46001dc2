import { BlockList, isIP } from 'node:net';

/** What Fastify's `trustProxy` gets: nothing, a hop count, or the proxies' addresses and CIDR blocks. */
export type TrustProxy = false | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY (docs/decisions/060). Unset or 0 trusts no proxy; a whole number trusts that
 * many hops; otherwise every comma-separated entry must be an IPv4/IPv6 address or CIDR block.
 * Returns undefined for anything else, so the caller can name the variable.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value.trim() === '') return false;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

/**
 * Fastify's own hop count trusts nothing since 5.12 (it cannot check the immediate peer), so a
 * count becomes a function with the classic meaning: the socket and the next `hops - 1` entries
 * from the right of X-Forwarded-For are proxies, the entry after them is the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** An IPv4 peer as Node names it on a dual-stack socket (`::ffff:10.0.0.1`), in its plain form. */
const plainAddress = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/**
 * Whether the connection's own peer is a proxy we trust, so what it adds to a request (a forwarded
 * address, a request id: docs/decisions/171) may be believed. A hop count trusts any peer.
 */
export function trustsPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (address) => address !== undefined;
  const trusted = new BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (address === undefined) return false;
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && trusted.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}
